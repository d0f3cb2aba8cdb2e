import Fluent
import Foundation
import KineticCore

/// A music theme (the seed's "Adding a Theme"): a name, what it selects (an artist, a genre or
/// one song) and how many workouts the user means it for.
final class MusicThemeRecord: Model, @unchecked Sendable {
    static let schema = "music_themes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    /// ``MusicTheme/Kind`` raw value.
    @Field(key: "kind") var kind: String
    /// The artist's or genre's name, or the song's id.
    @Field(key: "value") var value: String
    @Field(key: "workout_count") var workoutCount: Int
    /// How many complete workouts were played with it.
    @Field(key: "played_count") var playedCount: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    var theme: MusicTheme { MusicTheme(kind: MusicTheme.Kind(rawValue: kind) ?? .artist, value: value) }
    /// How many of its workouts are left (``MusicTheme/workoutsLeft(of:played:)``).
    var workoutsLeft: Int { MusicTheme.workoutsLeft(of: workoutCount, played: playedCount) }
}
