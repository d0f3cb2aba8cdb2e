import KineticCore
import Testing

@testable import AddressBook

@Suite struct ContactsCSVReaderTests {
    @Test func googleContactsCSV_findsItsColumnsByName() {
        let text = """
            First Name,Middle Name,Last Name,Birthday,E-mail 1 - Label,E-mail 1 - Value,Notes
            Carla,,Núñez,--04-15,* Home,carla@example.com,"Met at the park, 2019"
            Ben,,Becker,1990-11-03,,ben@example.com,
            """
        let read = ContactsCSVReader.read(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.entries.map(\.line) == [2, 3])
        #expect(read.entries.map(\.contact.name) == ["Carla Núñez", "Ben Becker"])
        #expect(read.entries.map { $0.contact.birthday?.description } == ["--04-15", "1990-11-03"])
    }

    @Test func aGermanSpreadsheet_withSemicolons_aByteOrderMark_andCRLF() {
        let bytes =
            [0xEF, 0xBB, 0xBF]
            + Array("Name;E-Mail-Adresse;Geburtstag;Zeitzone\r\nJürgen Müller;juergen@example.com;19600101;Europe/Berlin\r\n".utf8)
        let read = ContactFile.read(bytes)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.entries.first?.contact.name == "Jürgen Müller")
        #expect(read.entries.first?.contact.timeZone == "Europe/Berlin")
    }

    @Test func windowsLatin1_isReadToo() {
        var bytes = Array("name,email\n".utf8) + Array("J".utf8) + [0xFC] + Array("rgen,j@example.com\n".utf8)
        #expect(ContactFile.read(bytes).entries.first?.contact.name == "Jürgen")
        bytes = Array("name,email\n".utf8)
        #expect(ContactFile.read(bytes).entries.isEmpty)
    }

    @Test func eachBadRow_isNamed_andTheGoodOnesKept() {
        let text = """
            Name,Email,Birthday,Time zone
            Good One,good@example.com,1996-04-15,
            No Mail,,,
            ,,,
            Bad Birthday,bb@example.com,15/04/1996,Europe/Nowhere
            Broken "quote,x@example.com,,
            After,after@example.com,,
            """
        let read = ContactsCSVReader.read(text)
        #expect(read.entries.map(\.contact.email) == ["good@example.com", "bb@example.com"])
        let problems = read.problems.map { "\($0.line ?? 0) \($0.messageKey)" }
        #expect(
            problems == [
                "3 wishes.contacts.import.noEmail",
                "5 wishes.contacts.import.birthdayLeftOut",
                "5 wishes.contacts.import.zoneLeftOut",
                "6 wishes.contacts.import.csv.quote",
            ])
    }

    @Test func aFileWithoutAnEmailColumn_saysSo() {
        #expect(
            ContactsCSVReader.read("Name,Phone\nCarla,123\n").problems.map(\.messageKey) == ["wishes.contacts.import.csv.noEmailColumn"])
    }

    @Test func noMoreThanTheMaximum_areRead() {
        let rows = (0...ContactImport.maximumContacts).map { "p\($0)@example.com" }
        let read = ContactsCSVReader.read((["email"] + rows).joined(separator: "\n"))
        #expect(read.entries.count == ContactImport.maximumContacts)
        #expect(read.problems.map(\.messageKey) == ["wishes.contacts.import.tooMany"])
    }
}
