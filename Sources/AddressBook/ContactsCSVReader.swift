import Foundation
import KineticCore
import SwiftCSV

/// Reads the people of a CSV file, as address books and spreadsheets export them: a first row
/// naming the columns, then a person per row, the cells separated by commas, semicolons (how a
/// spreadsheet set to German writes them) or tabs, whichever the first row uses.
///
/// The columns are found by their names, in English or German, ignoring case, spaces and
/// punctuation: a name (or first and last names), an e-mail address (Google's `E-mail 1 -
/// Value` too), a birthday, a time zone. Other columns are passed over.
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
        .birthday: ["birthday", "birthdate", "dateofbirth", "bday", "geburtstag", "geburtsdatum"],
        .timeZone: ["timezone", "zone", "zeitzone"],
    ]

    enum Field: CaseIterable { case name, firstName, lastName, email, birthday, timeZone }

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
        for (index, header) in csv.header.enumerated() {
            let key = normalizedHeader(header)
            if let field = Field.allCases.first(where: { headers[$0]!.contains(key) }), columns[field] == nil { columns[field] = index }
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
                let name =
                    cell(.name).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                    ?? [cell(.firstName), cell(.lastName)].compactMap { $0 }.joined(separator: " ")
                result.add(
                    ContactInput(
                        name: name, email: emailColumn < cells.count ? cells[emailColumn] : nil, birthday: cell(.birthday),
                        timeZone: cell(.timeZone)),
                    line: row)
            }
        } catch {
            result.note(row + 1, "wishes.contacts.import.csv.quote")
        }
        return result
    }

    /// A column name lower-cased with only its letters and digits: `E-mail 1 - Value` is `email1value`.
    static func normalizedHeader(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }
}
