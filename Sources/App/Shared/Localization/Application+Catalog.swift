import Foundation
import KineticCore
import Vapor

extension Application {
    private struct CatalogKey: StorageKey { typealias Value = StringCatalog }

    /// The String Catalog, loaded once at start-up from `Resources/Localizable.xcstrings`.
    var stringCatalog: StringCatalog {
        get { storage.configured(CatalogKey.self, "the String Catalog") }
        set { storage[CatalogKey.self] = newValue }
    }

    /// Reads the catalog from the resources directory.
    func loadStringCatalog() throws {
        stringCatalog = try resource("Localizable.xcstrings", "the String Catalog", decode: StringCatalog.init(data:))
    }
}

extension Request {
    /// The localizer for this request: the signed-in user's language, else `Accept-Language`.
    var localizer: Localizer {
        let user = auth.get(User.self)
        let language = AppLanguage.resolve(
            userSetting: user?.language,
            acceptLanguage: headers.first(name: .acceptLanguage)
        )
        let exercises = application.exerciseTexts
        return Localizer(
            language: language, catalog: application.stringCatalog, readExerciseTranslations: { try? exercises.translations() })
    }
}
