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

    init(_ record: JumpSessionRecord) throws {
        id = try record.requireID().uuidString.lowercased()
        date = record.date
        numberOfJumps = record.numberOfJumps
        numberOfCalories = record.numberOfCalories
        caloriesEstimated = record.caloriesEstimated
        parkName = record.parkName
        startTime = record.startTime
        endTime = record.endTime
    }
}
