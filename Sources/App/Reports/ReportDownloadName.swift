import Foundation

/// The name a downloaded PDF is saved under: the report's title.
enum ReportDownloadName {
    /// `attachment; filename="Q1 review.pdf"; filename*=UTF-8''Q1%20review.pdf`: an ASCII
    /// fallback (other characters become `_`, quotes and backslashes dropped) and the exact
    /// title percent-encoded (RFC 6266, RFC 5987).
    static func contentDisposition(title: String) -> String {
        let name = String(title.prefix(120)) + ".pdf"
        let fallback = String(
            name.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == "\"" || scalar == "\\" { return nil }
                return scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F ? Character(scalar) : "_"
            })
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(SiteURL.encode(name))"
    }
}
