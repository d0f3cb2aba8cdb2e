/// One member of a partial update (`PATCH`): left as it is, cleared, or set.
///
/// The JSON API tells the three apart (a member left out, `null`, a value); a generated optional
/// can say only the first and the last, so the bodies whose `null` means something use this.
/// They are what a client sends, so they only encode.
public enum Change<Value: Encodable & Hashable & Sendable>: Hashable, Sendable {
    /// Leaves the member out: the server keeps what it has.
    case keep
    /// Sends `null`: the server clears the member (or goes back to its default).
    case clear
    /// Sends the value.
    case set(Value)
}

extension KeyedEncodingContainer {
    fileprivate mutating func encode<Value>(_ change: Change<Value>, forKey key: Key) throws {
        switch change {
        case .keep: break
        case .clear: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}

/// The body of `updateProfile` (`ProfileUpdate` in the document): every member is optional.
public struct ProfileChanges: Encodable, Hashable, Sendable {
    public var name: String?
    public var email: String?
    /// `.clear` follows the browser's (or the device's) language again.
    public var language: Change<Components.Schemas.Profile.LanguagePayload>
    public var fitness: FitnessChanges?
    /// Needed when `email` changes.
    public var currentPassword: String?
    /// An IANA time zone (`Europe/Berlin`) for the user's "today" and "this month".
    public var timeZone: String?

    public init(
        name: String? = nil, email: String? = nil, language: Change<Components.Schemas.Profile.LanguagePayload> = .keep,
        fitness: FitnessChanges? = nil, currentPassword: String? = nil, timeZone: String? = nil
    ) {
        self.name = name
        self.email = email
        self.language = language
        self.fitness = fitness
        self.currentPassword = currentPassword
        self.timeZone = timeZone
    }

    private enum CodingKeys: String, CodingKey {
        case name, email, language, fitness, currentPassword, timeZone
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encode(language, forKey: .language)
        try container.encodeIfPresent(fitness, forKey: .fitness)
        try container.encodeIfPresent(currentPassword, forKey: .currentPassword)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
    }
}

/// The fitness part of `ProfileChanges` (`FitnessUpdate` in the document).
public struct FitnessChanges: Encodable, Hashable, Sendable {
    /// The body-type figure, 0 the smallest and 2 the largest.
    public var bodyType: Change<Int>
    /// Height in inches, 36 to 96.
    public var height: Change<Int>
    public var jumpGoal: Int?
    /// 0 turns the calorie goal off.
    public var calorieGoal: Int?

    public init(bodyType: Change<Int> = .keep, height: Change<Int> = .keep, jumpGoal: Int? = nil, calorieGoal: Int? = nil) {
        self.bodyType = bodyType
        self.height = height
        self.jumpGoal = jumpGoal
        self.calorieGoal = calorieGoal
    }

    private enum CodingKeys: String, CodingKey {
        case bodyType, height, jumpGoal, calorieGoal
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bodyType, forKey: .bodyType)
        try container.encode(height, forKey: .height)
        try container.encodeIfPresent(jumpGoal, forKey: .jumpGoal)
        try container.encodeIfPresent(calorieGoal, forKey: .calorieGoal)
    }
}

/// The body of `updateSong` (`SongUpdate` in the document).
public struct SongChanges: Encodable, Hashable, Sendable {
    /// The tempo workouts use; `.clear` goes back to the detected tempo.
    public var bpm: Change<Double>
    public var title: Change<String>
    public var artist: Change<String>
    public var genre: Change<String>

    public init(bpm: Change<Double> = .keep, title: Change<String> = .keep, artist: Change<String> = .keep, genre: Change<String> = .keep) {
        self.bpm = bpm
        self.title = title
        self.artist = artist
        self.genre = genre
    }

    private enum CodingKeys: String, CodingKey {
        case bpm, title, artist, genre
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bpm, forKey: .bpm)
        try container.encode(title, forKey: .title)
        try container.encode(artist, forKey: .artist)
        try container.encode(genre, forKey: .genre)
    }
}
