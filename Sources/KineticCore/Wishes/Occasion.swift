/// What a wish is for. The seed's five occasions, in the order its header shows them.
public enum Occasion: String, CaseIterable, Codable, Sendable {
    case birthday
    case anniversary
    case holiday
    case congratulations
    case thankYou = "thank-you"

    /// The occasion a new wish starts with (the seed: "presumably birthday").
    public static let `default` = Occasion.birthday

    /// The String Catalog key of its name ("Birthday").
    public var nameKey: String { "wishes.occasion.\(rawValue)" }

    /// The String Catalog key of the subject a new wish for it starts with.
    public var defaultSubjectKey: String { "wishes.occasion.\(rawValue).subject" }

    /// The stock messages offered for it, as String Catalog keys (each translated).
    public var stockTextKeys: [String] {
        (1...WishStock.textsPerOccasion).map { "wishes.stock.\(rawValue).\($0)" }
    }

    /// The stock photos offered for it: cards drawn for Kinetic, named `<occasion>-<n>`.
    public var stockPhotoIDs: [String] {
        (1...WishStock.photosPerOccasion).map { "\(rawValue)-\($0)" }
    }
}

/// The stock messages and photos that come with Kinetic.
public enum WishStock {
    /// Stock messages per occasion.
    public static let textsPerOccasion = 3
    /// Stock photos (cards) per occasion.
    public static let photosPerOccasion = 6

    /// The String Catalog key of stock text `key` greeting the recipient by name: the same words
    /// with one `%@` where their first name goes ("Happy birthday, %@! …").
    public static func namedTextKey(_ key: String) -> String { key + ".named" }

    /// The first name stock texts greet: known when the wish goes to exactly one person and the
    /// sender's address book has a name for that address. A wish to several people, or to an
    /// address the book does not know, gets the texts without a name.
    ///
    /// - Parameters:
    ///   - recipients: the wish's recipients as typed (case does not matter).
    ///   - contacts: the sender's contacts, by lowercased address.
    public static func greetedName(recipients: [String], contacts: [String: Contact]) -> String? {
        let addresses = Set(recipients.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
        guard addresses.count == 1, let address = addresses.first else { return nil }
        return contacts[address]?.firstName
    }

    /// The occasion a stock photo belongs to, when `id` names one (`birthday-2`).
    public static func occasion(ofPhoto id: String) -> Occasion? {
        Occasion.allCases.first { $0.stockPhotoIDs.contains(id) }
    }
}
