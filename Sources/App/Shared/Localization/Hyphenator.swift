import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Vapor

/// Puts soft hyphens where a word of a text in a language may break (``Hyphenation``), for the
/// browsers that cannot hyphenate that language themselves; a text in a language without a
/// dictionary is left as it is.
struct Hyphenator: Sendable {
    /// `text` in `language` (a BCP 47 tag; nil: unknown) with its soft hyphens.
    var hyphenate: @Sendable (_ text: String, _ language: String?) -> String

    /// Leaves every text as it is.
    static let none = Hyphenator { text, _ in text }

    /// Debian's hyphenation dictionaries (`hyphen-de`, `hyphen-fr`, `hyphen-en-us`…), each read
    /// the first time a text in its language asks for it and kept.
    static func live(directory: String = "/usr/share/hyphen") -> Hyphenator {
        let loaded = NIOLockedValueBox<[String: Hyphenation?]>([:])
        return Hyphenator { text, language in
            guard let language, let primary = language.split(separator: "-").first.map({ $0.lowercased() }) else { return text }
            let hyphenation = loaded.withLockedValue { loaded in
                if let known = loaded[primary] { return known }
                let read = dictionary(primary: primary, in: directory)
                loaded[primary] = read
                return read
            }
            return hyphenation?.hyphenated(text) ?? text
        }
    }

    /// The dictionary of the language `primary` (`de`) in `directory`: `hyph_de.dic`, else
    /// `hyph_de_DE.dic`, read in the encoding its first line names. One per language, as the
    /// cache keeps them: Debian's regional names are links to it.
    static func dictionary(primary: String, in directory: String) -> Hyphenation? {
        for name in ["hyph_\(primary).dic", "hyph_\(primary)_\(primary.uppercased()).dic"] {
            guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_" || $0 == ".") }),
                let data = FileManager.default.contents(atPath: directory + "/" + name)
            else { continue }
            let firstLine = String(decoding: data.prefix(32).prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self).uppercased()
            let text =
                firstLine.hasPrefix("UTF-8")
                ? String(decoding: data, as: UTF8.self) : (String(data: data, encoding: .isoLatin1) ?? "")
            let hyphenation = Hyphenation(dictionary: text)
            return hyphenation.isEmpty ? nil : hyphenation
        }
        return nil
    }
}

extension Hyphenator {
    /// Debian's dictionaries in their usual place, one reading of each shared by every
    /// application of the process (the files do not change while it runs).
    static let debian = Hyphenator.live()

    /// Reads the German and English dictionaries now, off the event loops, so that no request
    /// waits for them.
    func prepareInBackground() {
        Task.detached(priority: .background) {
            for language in ["de", "en"] { _ = hyphenate("Vorbereitung", language) }
        }
    }
}

extension Application {
    private struct HyphenatorKey: StorageKey { typealias Value = Hyphenator }

    /// The hyphenator of this server's pages (``prepareHyphenator()``; none before).
    var hyphenator: Hyphenator { storage[HyphenatorKey.self] ?? .none }

    /// Sets up Debian's dictionaries for the pages; called once by `configure(_:_:)`.
    func prepareHyphenator() {
        storage[HyphenatorKey.self] = .debian
    }
}
