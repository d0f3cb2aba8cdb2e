import Foundation
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

    /// The bytes of a photo as the files below embed it: any bytes do for reading; whether
    /// they are a picture is decided when the photo is kept.
    static let photoBytes: [UInt8] = Array(0...255) + Array(0...255).reversed()

    @Test func photos_asApplesAndroidsAndVCard4FilesEmbedThem_andGooglesLinks() throws {
        let base64 = Data(Self.photoBytes).base64EncodedString()
        let folded = stride(from: 0, to: base64.count, by: 72).map { offset -> String in
            let start = base64.index(base64.startIndex, offsetBy: offset)
            return String(base64[start..<(base64.index(start, offsetBy: 72, limitedBy: base64.endIndex) ?? base64.endIndex)])
        }
        let rest: [String] = folded.dropFirst().map { " " + $0 }
        // vCard 3.0 (iPhone): ENCODING=b, folded with a space.
        var lines: [String] = ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "EMAIL:ann@example.com", "PHOTO;ENCODING=b;TYPE=JPEG:" + folded[0]]
        lines += rest + ["END:VCARD"]
        // vCard 2.1 (Android): ENCODING=BASE64 with a bare type, and the blank line after it.
        lines += ["BEGIN:VCARD", "VERSION:2.1", "FN:Ben", "EMAIL:ben@example.com", "PHOTO;ENCODING=BASE64;JPEG:" + folded[0]]
        lines += rest + ["", "END:VCARD"]
        // vCard 4.0: a data URI.
        lines += ["BEGIN:VCARD", "VERSION:4.0", "FN:Cleo", "EMAIL:cleo@example.com", "PHOTO:data:image/jpeg;base64," + base64, "END:VCARD"]
        // Google's vCard: a link; only the first photo of a card counts.
        lines += [
            "BEGIN:VCARD", "VERSION:3.0", "FN:Dora", "EMAIL:dora@example.com", "PHOTO:https://lh3.googleusercontent.com/contacts/AB12cd",
            "PHOTO:https://example.com/second.jpg", "END:VCARD",
        ]
        // Neither bytes nor a web link: left out, the contact kept.
        lines += ["BEGIN:VCARD", "VERSION:3.0", "FN:Eve", "EMAIL:eve@example.com", "PHOTO;VALUE=uri:file:///etc/passwd", "END:VCARD"]
        let text = lines.joined(separator: "\r\n")
        let read = VCardReader.read(text)
        #expect(read.entries.map(\.contact.name) == ["Ann", "Ben", "Cleo", "Dora", "Eve"])
        let expected: [ContactPhoto?] = [
            .embedded(Self.photoBytes), .embedded(Self.photoBytes), .embedded(Self.photoBytes),
            .link("https://lh3.googleusercontent.com/contacts/AB12cd"), nil,
        ]
        #expect(read.entries.map(\.photo) == expected)
        let eveLine = try #require(read.entries.last?.line)
        #expect(read.problems == [.init(line: eveLine, messageKey: "wishes.contacts.import.photoUnreadable")], "at the card's line")
    }

    @Test func aPhotoLargerThanAContactsPhotoMayBe_isLeftOut_beforeItIsDecoded() {
        let huge = String(repeating: "QUJD", count: ContactPhoto.maximumBytes / 3 + 200_000)
        let read = VCardReader.read(
            ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "EMAIL:ann@example.com", "PHOTO;ENCODING=b:" + huge, "END:VCARD"]
                .joined(separator: "\n"))
        #expect(read.entries.first?.photo == nil && read.entries.count == 1)
        #expect(read.problems.map(\.messageKey) == ["wishes.contacts.import.photoTooLarge"])
        #expect(ContactPhoto.reading(vCardValue: "data:text/html;base64,PGgxPg==", base64: false) == .unreadable, "a data URI of no image")
        #expect(ContactPhoto.reading(vCardValue: "%%%", base64: true) == .unreadable)
        // Base64 with other characters in it is not read as whatever is left.
        #expect(ContactPhoto.reading(vCardValue: "/9j/4AAQ!!@@##SkZJRg", base64: true) == .unreadable)
        #expect(ContactPhoto.reading(vCardValue: "QUJD\r\n REVG", base64: true) == .photo(.embedded(Array("ABCDEF".utf8))))
        #expect(ContactPhoto.reading(vCardValue: "QUI", base64: true) == .photo(.embedded(Array("AB".utf8))), "padding left out")
    }
}
