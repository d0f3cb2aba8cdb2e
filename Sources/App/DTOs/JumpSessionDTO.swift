import KineticCore
import Vapor

/// A stored jump session as the API returns it.
struct JumpSessionDTO: Content {
    let id: String
    let date: String
    let numberOfJumps: Int
    let numberOfCalories: Int?
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

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(date, forKey: .date)
        try container.encode(numberOfJumps, forKey: .numberOfJumps)
        try container.encode(numberOfCalories, forKey: .numberOfCalories)
        try container.encode(caloriesEstimated, forKey: .caloriesEstimated)
        try container.encode(parkName, forKey: .parkName)
        try container.encode(startTime, forKey: .startTime)
        try container.encode(endTime, forKey: .endTime)
    }
}
