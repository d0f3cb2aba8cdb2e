import KineticCore

/// How the import's preview carries the contacts it read to Import, in one hidden field: a line
/// per contact of its address, name, birthday, zone and other addresses (between spaces)
/// separated by tabs (none of them holds a tab or a line break once checked, nor an address a
/// space). Import reads them back and checks each again, so the
/// field's text is no more trusted than a form's.
enum WishContactImportLines {
    static func text(of entries: [ContactImport.Entry]) -> String {
        entries.map { entry in
            let contact = entry.contact
            return [
                String(entry.line), contact.email, contact.name, contact.birthday?.description ?? "", contact.timeZone ?? "",
                contact.otherEmails.joined(separator: " "),
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// The entries of `text`, checked again; lines that fail are left out.
    static func entries(in text: String) -> [ContactImport.Entry] {
        var read = ContactImport()
        for line in text.split(whereSeparator: \.isNewline).prefix(ContactImport.maximumContacts) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let number = Int(asciiDigits: fields[0]) else { continue }
            read.add(
                ContactInput(
                    name: fields[2], email: fields[1], birthday: fields[3], timeZone: fields[4],
                    otherEmails: fields[5].split(separator: " ").map(String.init)),
                line: number)
        }
        return read.entries
    }
}
