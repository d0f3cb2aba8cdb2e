import Foundation
import KineticCore
import Testing

@testable import App

@Suite struct WishStockTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyOccasionChannelStateAndBox_hasItsStrings() throws {
        let catalog = try StringCatalog(data: Data(contentsOf: Self.root.appendingPathComponent("Resources/Localizable.xcstrings")))
        var keys = Occasion.allCases.flatMap { [$0.nameKey, $0.defaultSubjectKey] + $0.stockTextKeys }
        keys += WishChannel.allCases.map(\.nameKey) + DeliveryState.allCases.map(\.nameKey) + WishBox.allCases.map(\.titleKey)
        #expect(keys.count == 5 * 5 + 3 + 5 + 3)
        let missing = keys.filter { catalog.entries[$0] == nil }
        #expect(missing.isEmpty, "missing from Localizable.xcstrings: \(missing)")
    }

    @Test func everyStockText_hasANamedForm_withOnePlaceForTheName_inEnglishAndGerman() throws {
        let catalog = try StringCatalog(data: Data(contentsOf: Self.root.appendingPathComponent("Resources/Localizable.xcstrings")))
        for key in Occasion.allCases.flatMap(\.stockTextKeys) {
            let named = WishStock.namedTextKey(key)
            for language in [AppLanguage.english, .german] {
                let text = catalog.string(named, language: language)
                #expect(text.components(separatedBy: "%@").count == 2, "\(named) in \(language): \(text)")
                let plain = catalog.string(key, language: language)
                #expect(text != plain && !plain.contains("%@"), "\(key) in \(language)")
            }
        }
    }

    @Test func everyStockPhoto_isACardOfOurOwn() throws {
        for id in Occasion.allCases.flatMap(\.stockPhotoIDs) {
            let card = Self.root.appendingPathComponent("Public/images/wishes/cards/\(id).svg")
            let svg = try String(contentsOf: card, encoding: .utf8)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"800\""), "\(id)")
            #expect(
                !svg.contains("<text") && !svg.contains("<image") && !svg.contains("href"),
                "\(id) should be drawn, without words or outside images")
        }
    }
}
