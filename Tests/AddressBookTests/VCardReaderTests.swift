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
        #expect(read.entries.map { $0.contact.birthday?.description } == ["--04-15", "1990-11-03"])
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

    @Test func textThatIsNoVCard_saysSo() {
        #expect(VCardReader.read("hello\nworld").problems.map(\.messageKey) == ["wishes.contacts.import.vcard.none"])
    }
}
