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

    @Test func googlesPhotoColumn_givesALinkToEachPhoto_andNothingForOtherText() {
        let text = """
            Name,E-mail 1 - Value,Photo
            Carla Núñez,carla@example.com,https://lh3.googleusercontent.com/contacts/ABcd12=s100
            Ben Becker,ben@example.com,
            Dora,dora@example.com,not a link
            """
        let read = ContactsCSVReader.read(text)
        let expected: [ContactPhoto?] = [.link("https://lh3.googleusercontent.com/contacts/ABcd12=s100"), nil, nil]
        #expect(read.entries.map(\.photo) == expected)
        #expect(read.problems.isEmpty)
    }

    /// Google writes several addresses of one label in one cell, ` ::: ` between them; a row of
    /// a company has only its organisation; Outlook writes birthdays month first in English,
    /// day first in German, and `0/0/00` for none.
    @Test func realExports_keepEveryAddress_nameCompaniesByTheirOrganisation_andReadTheirDates() {
        let google = """
            Name,Given Name,Family Name,Organization 1 - Name,Birthday,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value
            Kenji Watanabe,Kenji,Watanabe,,1988-07-09,* Work,kenji.w@tokyo-office.example ::: kenji.private@tokyo-home.example,Home,kenji@family.example
            ,,,Bakery Bröt,,,hello@broet.example,,
            """
        let read = ContactsCSVReader.read(google)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.entries.map(\.contact.email) == ["kenji.w@tokyo-office.example", "hello@broet.example"])
        #expect(read.entries.first?.contact.otherEmails == ["kenji.private@tokyo-home.example", "kenji@family.example"])
        #expect(read.entries.map(\.contact.name) == ["Kenji Watanabe", "Bakery Bröt"])

        let outlook = """
            First Name,Last Name,Company,E-mail Address,E-mail 2 Address,Birthday
            Ann,Lee,,ann@example.com,,11/30/1990
            Bo,Ek,,bo@example.com,bo@work.example,0/0/00
            Cy,Ma,,cy@example.com,not an address,1990-02-29
            """
        let outlookRead = ContactsCSVReader.read(outlook)
        #expect(outlookRead.entries.map { $0.contact.birthday?.description } == ["1990-11-30", nil, nil])
        #expect(outlookRead.entries.map(\.contact.otherEmails) == [[], ["bo@work.example"], []])
        #expect(
            outlookRead.problems.map(\.messageKey) == [
                "wishes.contacts.import.birthdayNoSuchDay", "wishes.contacts.import.otherEmailsLeftOut",
            ])
        #expect(outlookRead.problems.first?.arguments == ["1990-02-29", "1990"])

        let german = "Vorname;Nachname;E-Mail-Adresse;Geburtstag\nJörg;Kuhn;joerg@example.com;30.11.1990\n"
        #expect(ContactsCSVReader.read(german).entries.first?.contact.birthday?.description == "1990-11-30")
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
            Bad Birthday,bb@example.com,mid-April,Europe/Nowhere
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
