import Foundation
import KineticCore

/// How the import's preview carries the contacts it read to Import, in one hidden field: a line
/// per contact of its address, name, birthday, zone, other addresses (between spaces) and the
/// id of the photo the preview kept for it, separated by tabs (none of them holds a tab or a
/// line break once checked, nor an address a space). Import reads them back and checks each
/// again, and takes a photo only when it is one of the user's contact photos
/// (``WishContacts/importing(_:photos:)``), so the field's text is no more trusted than a form's.
enum WishContactImportLines {
    static func text(of entries: [ContactImport.Entry], photos: [String: UUID] = [:]) -> String {
        entries.map { entry in
            let contact = entry.contact
            return [
                String(entry.line), contact.email, contact.name, contact.birthday?.description ?? "", contact.timeZone ?? "",
                contact.otherEmails.joined(separator: " "), photos[contact.email]?.uuidString ?? "",
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// The entries of `text`, checked again (lines that fail are left out), and the photos
    /// named for them, by address.
    static func entries(in text: String) -> (entries: [ContactImport.Entry], photos: [String: UUID]) {
        var read = ContactImport()
        var photos: [String: UUID] = [:]
        for line in text.split(whereSeparator: \.isNewline).prefix(ContactImport.maximumContacts) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, let number = Int(asciiDigits: fields[0]) else { continue }
            read.add(
                ContactInput(
                    name: fields[2], email: fields[1], birthday: fields[3], timeZone: fields[4],
                    otherEmails: fields[5].split(separator: " ").map(String.init)),
                line: number)
            if let photo = UUID(uuidString: fields[6]), let entry = read.entries.last, entry.line == number {
                photos[entry.contact.email] = photo
            }
        }
        return (read.entries, photos)
    }
}
