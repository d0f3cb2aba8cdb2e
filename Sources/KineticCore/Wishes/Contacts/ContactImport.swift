/// What an address-book file holds, read but not stored: each person with the line their card
/// (or row) begins on, and each problem with its line, so the sender sees both before anything
/// is kept.
///
/// A line whose address is missing or wrong is left out; a birthday or zone that cannot be read
/// is left out of its contact, which is kept; an address the file names again is kept once, as
/// first given.
public struct ContactImport: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// 1-based: the line of a vCard's `BEGIN:VCARD`, the row of a CSV file (its header is row 1).
        public let line: Int
        public let contact: Contact
        /// The photo the file gave the person, not yet checked.
        public let photo: ContactPhoto?

        public init(line: Int, contact: Contact, photo: ContactPhoto? = nil) {
            self.line = line
            self.contact = contact
            self.photo = photo
        }
    }

    public struct Problem: Equatable, Sendable {
        /// Nil for a problem of the whole file.
        public let line: Int?
        /// A String Catalog key; its `%@` are filled with ``arguments``.
        public let messageKey: String
        public let arguments: [String]

        public init(line: Int?, messageKey: String, arguments: [String] = []) {
            self.line = line
            self.messageKey = messageKey
            self.arguments = arguments
        }
    }

    public private(set) var entries: [Entry] = []
    public private(set) var problems: [Problem] = []
    private var lineOfAddress: [String: Int] = [:]

    /// The most contacts one file gives: more is not an address book a person keeps by hand.
    public static let maximumContacts = 2_000

    public init() {}

    /// Whether the file gave as many contacts as one import takes.
    public var isFull: Bool { entries.count >= Self.maximumContacts }

    /// Checks the person `input` describes, found at `line`, and keeps them or says why not.
    public mutating func add(_ input: ContactInput, line: Int) {
        var input = input
        var result = Contact.checked(input)
        // A birthday or zone that cannot be read is dropped, and the rest tried again.
        if case .failure(let errors) = result, errors.messages["email"] == nil {
            if errors.messages["birthday"] != nil {
                let written = (input.birthday ?? "").trimmingCharacters(in: .whitespaces)
                if case .noSuchDay(let year) = Birthday.read(written, omittedYear: input.omittedBirthYear) {
                    note(line, "wishes.contacts.import.birthdayNoSuchDay", written, String(year))
                } else {
                    note(line, "wishes.contacts.import.birthdayLeftOut", written)
                }
                input.birthday = nil
            }
            if errors.messages["timeZone"] != nil {
                note(line, "wishes.contacts.import.zoneLeftOut", input.timeZone ?? "")
                input.timeZone = nil
            }
            if errors.messages["otherEmails"] != nil {
                let wrong = (input.otherEmails ?? []).filter { WishDraft.mailSafeAddress($0.trimmingCharacters(in: .whitespaces)) == nil }
                if !wrong.isEmpty { note(line, "wishes.contacts.import.otherEmailsLeftOut", wrong.joined(separator: ", ")) }
                input.otherEmails = (input.otherEmails ?? []).filter { !wrong.contains($0) }.prefix(Contact.maximumOtherEmails).map { $0 }
            }
            result = Contact.checked(input)
        }
        switch result {
        case .success(let contact):
            if let first = lineOfAddress[contact.email] {
                note(line, "wishes.contacts.import.again", contact.email, String(first))
            } else if isFull {
                if problems.last?.messageKey != "wishes.contacts.import.tooMany" {
                    note(nil, "wishes.contacts.import.tooMany", String(Self.maximumContacts))
                }
            } else {
                lineOfAddress[contact.email] = line
                entries.append(Entry(line: line, contact: contact, photo: input.photo))
            }
        case .failure(let errors):
            let email = (input.email ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if errors.messages["email"] == "wishes.contacts.error.email.empty" {
                let name = (input.name ?? "").trimmingCharacters(in: .whitespaces)
                if name.isEmpty {
                    note(line, "wishes.contacts.import.noEmailNoName")
                } else {
                    note(line, "wishes.contacts.import.noEmail", name)
                }
            } else if errors.messages["email"] != nil {
                note(line, "wishes.contacts.import.badEmail", email)
            } else {
                note(line, "wishes.contacts.import.badLine")
            }
        }
    }

    /// Records a problem at `line` (nil: the whole file).
    public mutating func note(_ line: Int?, _ key: String, _ arguments: String...) {
        problems.append(Problem(line: line, messageKey: key, arguments: arguments))
    }
}
