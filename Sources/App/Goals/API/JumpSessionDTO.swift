import KineticCore
import Vapor

/// A stored jump session as the API returns it.
struct JumpSessionDTO: Content {
    let id: String
    let date: String
    let numberOfJumps: Int
    @NullEncoded var numberOfCalories: Int?
    /// True when Kinetic estimated the calories (see `CalorieEstimator`).
    let caloriesEstimated: Bool
    let parkName: String
    let startTime: String
    let endTime: String

    init(_ stored: StoredJumpSession) {
        let session = stored.session
        id = stored.id.uuidString.lowercased()
        date = session.date.description
        numberOfJumps = session.numberOfJumps
        numberOfCalories = session.numberOfCalories
        caloriesEstimated = stored.caloriesEstimated
        parkName = session.parkName
        startTime = session.startTime.description
        endTime = session.endTime.description
    }
}
