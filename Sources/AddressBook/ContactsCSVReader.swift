import Foundation
import KineticCore
import SwiftCSV

/// Reads the people of a CSV file, as address books and spreadsheets export them: a first row
/// naming the columns, then a person per row, the cells separated by commas, semicolons (how a
/// spreadsheet set to German writes them) or tabs, whichever the first row uses.
///
/// The columns are found by their names, in English or German, ignoring case, spaces and
/// punctuation: a name (or first and last names, or for a row without those the organisation),
/// an e-mail address (Google's `E-mail 1 - Value` too) and the others (`E-mail 2 - Value`,
/// Outlook's `E-mail 2 Address`), a birthday, a time zone, a photo's web address (Google's `Photo`). Other columns are passed over. A cell
/// holding several addresses as Google writes them (`a@x ::: b@y`) keeps every one, the first
/// as the contact's main address.
public enum ContactsCSVReader {
    /// The column names each field is known by, as ``normalizedHeader(_:)`` writes them.
    static let headers: [Field: Set<String>] = [
        .name: ["name", "fullname", "displayname", "fn", "vollständigername", "anzeigename"],
        .firstName: ["firstname", "givenname", "vorname"],
        .lastName: ["lastname", "familyname", "surname", "nachname", "familienname"],
        .email: [
            "email", "emailaddress", "email1", "email1value", "primaryemail", "emailadresse", "mail", "emailaddress1",
            "emailadresse1",
        ],
        .otherEmail: [
            "email2", "email3", "email2value", "email3value", "email4value", "email2address", "email3address", "secondaryemail",
            "emailadresse2", "emailadresse3", "email2adresse", "email3adresse",
        ],
        .organization: [
            "organization", "organisation", "organizationname", "organization1name", "company", "companyname", "firma", "unternehmen",
        ],
        .birthday: ["birthday", "birthdate", "dateofbirth", "bday", "geburtstag", "geburtsdatum"],
        .timeZone: ["timezone", "zone", "zeitzone"],
        .photo: ["photo", "foto", "bild", "picture"],
    ]

    enum Field: CaseIterable { case name, firstName, lastName, email, otherEmail, organization, birthday, timeZone, photo }

    /// How Google Contacts separates several values of one label in one cell.
    static let valueSeparator = " ::: "

    public static func read(_ text: String) -> ContactImport {
        var result = ContactImport()
        let delimiter = CSVDelimiter.guessed(string: text)
        let csv: EnumeratedCSV
        do {
            csv = try EnumeratedCSV(string: text, delimiter: delimiter, loadColumns: false, rowLimit: 0)
        } catch {
            result.note(1, "wishes.contacts.import.csv.broken")
            return result
        }
        var columns: [Field: Int] = [:]
        var otherEmailColumns: [Int] = []
        for (index, header) in csv.header.enumerated() {
            let key = normalizedHeader(header)
            guard let field = Field.allCases.first(where: { headers[$0]!.contains(key) }) else { continue }
            if field == .otherEmail { otherEmailColumns.append(index) } else if columns[field] == nil { columns[field] = index }
        }
        guard let emailColumn = columns[.email] else {
            result.note(1, "wishes.contacts.import.csv.noEmailColumn")
            return result
        }
        var row = 1
        do {
            try csv.enumerateAsArray(startAt: 1, rowLimit: nil) { cells in
                row += 1
                guard !cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return }
                let cell = { (field: Field) -> String? in columns[field].flatMap { $0 < cells.count ? cells[$0] : nil } }
                let nonEmpty = { (text: String?) in text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
                let name =
                    nonEmpty(cell(.name)) ?? nonEmpty([cell(.firstName), cell(.lastName)].compactMap { $0 }.joined(separator: " "))
                    ?? cell(.organization)
                let addresses =
                    ([emailColumn] + otherEmailColumns).filter { $0 < cells.count }
                    .flatMap { cells[$0].components(separatedBy: valueSeparator) }
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                result.add(
                    ContactInput(
                        name: name, email: addresses.first ?? (emailColumn < cells.count ? cells[emailColumn] : nil),
                        birthday: cell(.birthday), timeZone: cell(.timeZone), otherEmails: Array(addresses.dropFirst()),
                        photo: nonEmpty(cell(.photo)).flatMap(photoLink)),
                    line: row)
            }
        } catch {
            result.note(row + 1, "wishes.contacts.import.csv.quote")
        }
        return result
    }

    /// The photo of a `Photo` cell: Google writes a web address there.
    static func photoLink(_ cell: String) -> ContactPhoto? {
        guard case .photo(let photo) = ContactPhoto.reading(vCardValue: cell, base64: false), case .link = photo else { return nil }
        return photo
    }

    /// A column name lower-cased with only its letters and digits: `E-mail 1 - Value` is `email1value`.
    static func normalizedHeader(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }
}
