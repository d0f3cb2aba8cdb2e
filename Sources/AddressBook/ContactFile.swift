import Foundation
import KineticCore

/// An address-book file as a sender uploads it: its bytes read as text, then as vCard or CSV.
public enum ContactFile {
    /// The most bytes one import reads: thousands of cards, photos and all, as a phone exports them.
    public static let maximumBytes = 8 << 20

    /// The people of `bytes`: vCard when the file has a `BEGIN:VCARD` line, CSV otherwise. The
    /// text is UTF-8 (with or without its byte order mark), UTF-16 with one, or else Windows
    /// Latin-1, as older spreadsheets save it.
    public static func read(_ bytes: [UInt8]) -> ContactImport {
        let text = decoded(bytes)
        let isVCard = text.range(of: "BEGIN:VCARD", options: .caseInsensitive) != nil
        return isVCard ? VCardReader.read(text) : ContactsCSVReader.read(text)
    }

    static func decoded(_ bytes: [UInt8]) -> String {
        let data = Data(bytes)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]), let text = String(data: data, encoding: .utf16) {
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let text = String(validating: body, as: UTF8.self) { return text }
        return String(data: Data(body), encoding: .windowsCP1252) ?? String(decoding: body, as: UTF8.self)
    }
}
