import KineticCore
import Testing

@testable import AddressBook

@Suite struct VCardReaderTests {
    /// As an iPhone exports two contacts: vCard 3.0, CRLF, grouped items, a yearless birthday
    /// with Apple's marker year, a folded photo line.
    static let iPhone = [
        "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.5//EN", "N:Núñez;Carla;;;", "FN:Carla Núñez",
        "item1.EMAIL;type=INTERNET;type=pref:carla@example.com", "item1.X-ABLabel:_$!<Other>!$_",
        "EMAIL;type=INTERNET;type=HOME:carla.home@example.org", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15",
        "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQ",
        " Ew8QEBD/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==", "END:VCARD",
        "BEGIN:VCARD", "VERSION:3.0", "N:Becker;Ben;;;", "FN:Ben Becker", "EMAIL;type=INTERNET:ben@example.com", "BDAY:1990-11-03",
        "END:VCARD",
    ].joined(separator: "\r\n")

    @Test func aniPhoneExport_givesEachPersonWithTheirPreferredAddressAndBirthday() {
        let read = VCardReader.read(Self.iPhone)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.entries.map(\.line) == [1, 13])
        #expect(read.entries.map(\.contact.name) == ["Carla Núñez", "Ben Becker"])
        #expect(read.entries.map(\.contact.email) == ["carla@example.com", "ben@example.com"])
        #expect(read.entries.first?.contact.otherEmails == ["carla.home@example.org"], "every address is kept")
        #expect(read.entries.map { $0.contact.birthday?.description } == ["--04-15", "1990-11-03"])
    }

    @Test func aCardWithOnlyAnOrganisation_isNamedByIt_andAPreferredAddressLaterIsTheMainOne() {
        let text = [
            "BEGIN:VCARD", "VERSION:3.0", "ORG:Bakery Bröt;Sales", "EMAIL:orders@broet.example", "EMAIL;TYPE=pref:hello@broet.example",
            "END:VCARD",
        ].joined(separator: "\r\n")
        let read = VCardReader.read(text)
        #expect(read.entries.first?.contact.name == "Bakery Bröt")
        #expect(read.entries.first?.contact.email == "hello@broet.example")
        #expect(read.entries.first?.contact.otherEmails == ["orders@broet.example"])
    }

    @Test func vCard4_withItsYearlessBirthday_preferAndAZone() {
        let text = """
            BEGIN:VCARD
            VERSION:4.0
            FN:Dana Ito
            EMAIL;TYPE=work:dana@work.example
            EMAIL;PREF=1:dana@example.com
            BDAY:--0229
            TZ:Asia/Tokyo
            NOTE:Likes tea\\, green\\; not black\\nfolded
              over two lines
            END:VCARD
            """
        let read = VCardReader.read(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        let dana = read.entries.first?.contact
        #expect(dana?.email == "dana@example.com" && dana?.birthday?.description == "--02-29" && dana?.timeZone == "Asia/Tokyo")
    }

    @Test func vCard21_quotedPrintableNames_andAStructuredNameWithoutFN() {
        let text = """
            BEGIN:VCARD
            VERSION:2.1
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=
            =BCrgen;;;
            EMAIL;PREF;INTERNET:juergen@example.com
            BDAY:19600101
            END:VCARD
            """
        let read = VCardReader.read(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.entries.first?.contact.name == "Jürgen Müller")
        #expect(read.entries.first?.contact.birthday?.description == "1960-01-01")
    }

    @Test func aBrokenFile_saysWhatIsWrongOnWhichLine_andKeepsWhatItCan() {
        let text = """
            BEGIN:VCARD
            FN:No Address
            END:VCARD
            BEGIN:VCARD
            FN:Bad Address
            EMAIL:bad@@example
            END:VCARD
            BEGIN:VCARD
            FN:Odd Birthday
            EMAIL:odd@example.com
            BDAY:31.02.1990
            TZ:-05:00
            END:VCARD
            BEGIN:VCARD
            FN:Twice
            EMAIL:ODD@example.com
            END:VCARD
            BEGIN:VCARD
            FN:Never Closed
            EMAIL:open@example.com
            """
        let read = VCardReader.read(text)
        #expect(read.entries.map(\.contact.email) == ["odd@example.com", "open@example.com"])
        #expect(read.entries.first?.contact.birthday == nil)
        let problems = read.problems.map { "\($0.line ?? 0) \($0.messageKey) \($0.arguments.joined(separator: ","))" }
        #expect(
            problems == [
                "1 wishes.contacts.import.noEmail No Address",
                "4 wishes.contacts.import.badEmail bad@@example",
                "12 wishes.contacts.import.zoneOffset -05:00",
                "8 wishes.contacts.import.birthdayLeftOut 31.02.1990",
                "14 wishes.contacts.import.again odd@example.com,8",
                "18 wishes.contacts.import.vcard.unclosed ",
            ])
    }

    /// The audit's 7.6 MB file folds one line 1.9 million times; it is joined whole, piece by
    /// piece, and a folded quoted-printable line still loses only its soft breaks.
    @Test func aLineFoldedThousandsOfTimes_isOneLine_andQuotedPrintableSoftBreaksStillJoin() {
        let folds = 50_000
        let folded = "BEGIN:VCARD\r\nFN:" + String(repeating: "ab\r\n ", count: folds) + "z\r\nEND:VCARD\r\n"
        let lines = VCardReader.contentLines(folded)
        #expect(lines.count == 4)
        #expect(lines[1].text == "FN:" + String(repeating: "ab", count: folds) + "z")
        #expect(lines[2].number == folds + 3)
        // A head folded before its colon; its quoted-printable marker still counts.
        let split = ["N;CHARSET=UTF-8;ENCOD", " ING=QUOTED-PRINTABLE:M=C3=BC=", "ller;Ann", "EMAIL:a=b@example.com="]
        #expect(
            VCardReader.contentLines(split.joined(separator: "\n")).map(\.text) == [
                "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Ann", "EMAIL:a=b@example.com=",
            ])
        // A line with no colon at all, folded as often, is read once and refused as no property.
        let noColon = "BEGIN:VCARD\nX" + String(repeating: "\n y", count: folds) + "\nEND:VCARD"
        #expect(VCardReader.read(noColon).entries.isEmpty)
    }

    @Test func textThatIsNoVCard_saysSo() {
        #expect(VCardReader.read("hello\nworld").problems.map(\.messageKey) == ["wishes.contacts.import.vcard.none"])
    }
}
