import Foundation

/// One person in a sender's address book, unchecked: the fields of the contact form, of
/// `POST /api/v1/wishes/contacts`, or of a line of an imported file.
public struct ContactInput: Equatable, Sendable {
    public var name: String?
    public var email: String?
    /// A form ``Birthday/init(parsing:omittedYear:)`` reads; empty for none.
    public var birthday: String?
    /// An IANA identifier; empty for none.
    public var timeZone: String?
    /// A ``RecipientReach`` name; empty to let Kinetic choose (``RecipientReach/automatic(hasConfirmedAccount:senderCanEmail:)``).
    public var reach: String?
    /// The year an `X-APPLE-OMIT-YEAR` parameter names: a birthday in that year has none.
    public var omittedBirthYear: Int?
    /// Their other addresses (an address book's second and third); nil leaves those kept as
    /// they are when a contact is changed.
    public var otherEmails: [String]?
    /// The photo an imported address book gave (``ContactPhoto``); kept beside the contact.
    public var photo: ContactPhoto?

    public init(
        name: String? = nil, email: String? = nil, birthday: String? = nil, timeZone: String? = nil, reach: String? = nil,
        omittedBirthYear: Int? = nil, otherEmails: [String]? = nil, photo: ContactPhoto? = nil
    ) {
        self.name = name
        self.email = email
        self.birthday = birthday
        self.timeZone = timeZone
        self.reach = reach
        self.omittedBirthYear = omittedBirthYear
        self.otherEmails = otherEmails
        self.photo = photo
    }
}

/// A checked contact: an address to send to, and what makes wishes to them fit.
public struct Contact: Equatable, Sendable {
    /// How the sender calls them; may be empty, then the address stands for them.
    public let name: String
    /// Normalized (``WishDraft/mailSafeAddress(_:)``).
    public let email: String
    public let birthday: Birthday?
    /// Their zone, for "8:00 their time".
    public let timeZone: String?
    /// How the sender wants them reached; nil lets Kinetic choose each time.
    public let reach: RecipientReach?
    /// Their other addresses, normalized, each once and none of them ``email``: kept, and found
    /// by a search, while wishes go to ``email``.
    public let otherEmails: [String]

    /// The most other addresses a contact keeps.
    public static let maximumOtherEmails = 10

    public static let maximumNameLength = 100

    public init(
        name: String, email: String, birthday: Birthday? = nil, timeZone: String? = nil, reach: RecipientReach? = nil,
        otherEmails: [String] = []
    ) {
        self.name = name
        self.email = email
        self.birthday = birthday
        self.timeZone = timeZone
        self.reach = reach
        self.otherEmails = otherEmails
    }

    /// The contact `input` describes, or the message key of each field that is wrong (`name`,
    /// `email`, `birthday`, `timeZone`, `reach`). Spaces around values are dropped, and inner
    /// runs of white space in the name become one space (a name from a file may be wrapped).
    public static func checked(_ input: ContactInput) -> Result<Contact, FieldErrors> {
        var errors = FieldErrors()
        let name = (input.name ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if name.count > maximumNameLength { errors.add("name", "wishes.contacts.error.name.long") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            errors.add("name", "wishes.contacts.error.name.invalid")
        }
        let emailText = (input.email ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let email = WishDraft.mailSafeAddress(emailText)
        if emailText.isEmpty {
            errors.add("email", "wishes.contacts.error.email.empty")
        } else if email == nil {
            errors.add("email", "wishes.contacts.error.email.invalid")
        }
        var birthday: Birthday?
        switch Birthday.read(input.birthday ?? "", omittedYear: input.omittedBirthYear) {
        case .birthday(let read): birthday = read
        case .none: birthday = nil
        case .noSuchDay: errors.add("birthday", "wishes.contacts.error.birthday.noSuchDay")
        case .unreadable: errors.add("birthday", "wishes.contacts.error.birthday")
        }
        var zone: String?
        if let text = input.timeZone?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            switch UserTimeZone.validated(text) {
            case .success(let identifier): zone = identifier
            case .failure: errors.add("timeZone", "wishes.contacts.error.timeZone")
            }
        }
        var reach: RecipientReach?
        if let text = input.reach?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            reach = RecipientReach(rawValue: text)
            if reach == nil { errors.add("reach", "wishes.contacts.error.reach") }
        }
        var others: [String] = []
        for text in input.otherEmails ?? [] where !text.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let other = WishDraft.mailSafeAddress(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                errors.add("otherEmails", "wishes.contacts.error.otherEmails")
                continue
            }
            if other != email && !others.contains(other) { others.append(other) }
        }
        if others.count > maximumOtherEmails { errors.add("otherEmails", "wishes.contacts.error.otherEmails.many") }
        guard errors.isEmpty, let email else { return .failure(errors) }
        return .success(Contact(name: name, email: email, birthday: birthday, timeZone: zone, reach: reach, otherEmails: others))
    }

    /// What the sender sees for them: the name, or the address without one.
    public var displayName: String { name.isEmpty ? email : name }

    /// The first word of their name, for a stock text's greeting ("Happy birthday, Carla!"),
    /// or nil when it would not greet them: no name, a title first ("Dr. Carla", "Frau Núñez"),
    /// or a name written last name first ("Núñez, Carla"). No greeting beats a wrong one.
    public var firstName: String? {
        guard let first = name.split(whereSeparator: \.isWhitespace).first.map(String.init) else { return nil }
        guard let last = first.last, last.isLetter, !Self.titles.contains(first.lowercased()) else { return nil }
        return first
    }

    /// Words that come before a name rather than being one, in English and German.
    private static let titles: Set<String> = ["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "herr", "frau"]
}

extension Contact {
    /// The words of a search of the address book, folded for case, accents and width.
    public static func searchWords(_ search: String) -> [String] {
        SpellingKey.folded(search).split(whereSeparator: \.isWhitespace).prefix(8).map(String.init)
    }

    /// Whether each of `words` (``searchWords(_:)``) begins a word of the name or is part of the
    /// address: "carla" and "car" find Carla Núñez, "nunez" too, "@example" her address, and
    /// "joerg" Jörg (names compare as ``WishSearchText`` spells them plainly).
    public func matches(_ words: [String]) -> Bool {
        let nameWords = WishSearchText.words(in: name)
        return words.allSatisfy { word in
            let plain = SpellingKey.spelledPlainly(word)
            return ([email] + otherEmails).contains { $0.contains(word) } || nameWords.contains { $0.hasPrefix(plain) }
        }
    }

    /// How contacts are ordered: by what the sender sees for them, ignoring case and accents.
    public var sortKey: String { SpellingKey.folded(displayName) }
}
