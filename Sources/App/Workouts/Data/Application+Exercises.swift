import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Vapor

extension Application {
    private struct ExercisesKey: StorageKey { typealias Value = ExerciseCatalogueLoader }

    /// The exercise catalogue, read from `Resources/Exercises/exercises.json` (and Kinetic's own
    /// moves beside it) on first use: a
    /// command that builds no workout (a Health import, a migration) never spends the 60-odd ms
    /// that decoding its megabyte takes, and a process decodes it once. `kinetic serve` reads it before it listens
    /// (``loadExerciseCatalogue()``), so a broken file still stops the server at start.
    var exerciseCatalogue: ExerciseCatalogue {
        do {
            return try storage.configured(ExercisesKey.self, "the exercise catalogue").catalogue()
        } catch {
            fatalError("\(error)")
        }
    }

    /// Where the catalogue comes from; set once by `configure(_:_:)`, read on first use.
    func prepareExerciseCatalogue() {
        let path = directory.resourcesDirectory + ExerciseCatalogue.resourcePath
        storage[ExercisesKey.self] = ExerciseCatalogueLoader { try ExerciseCatalogue(contentsOf: path) }
    }

    /// Reads the catalogue and its translations now if they have not been read, throwing what is
    /// wrong with the files.
    func loadExerciseCatalogue() throws {
        _ = try storage.configured(ExercisesKey.self, "the exercise catalogue").catalogue()
        _ = try exerciseTexts.translations()
    }
}

/// Reads the exercise catalogue once, on first use, whichever request or task asks first.
final class ExerciseCatalogueLoader: Sendable {
    private let read: @Sendable () throws -> ExerciseCatalogue
    private let loaded = NIOLockedValueBox<ExerciseCatalogue?>(nil)

    init(read: @escaping @Sendable () throws -> ExerciseCatalogue) { self.read = read }

    /// The catalogue; the first call reads it, under a lock, so it is decoded once.
    func catalogue() throws -> ExerciseCatalogue {
        try loaded.withLockedValue { loaded in
            if let loaded { return loaded }
            let catalogue = try read()
            loaded = catalogue
            return catalogue
        }
    }
}

extension ExerciseCatalogue {
    /// Where the catalogue is, in the resources directory.
    static let resourcePath = "Exercises/exercises.json"

    /// The shipped catalogue, read from the resources directory of the working directory (as
    /// the application finds it): for a migration, which runs without an application.
    static func shipped() throws -> ExerciseCatalogue {
        try ExerciseCatalogue(contentsOf: DirectoryConfiguration.detect().resourcesDirectory + resourcePath)
    }

    /// Kinetic's own moves, beside the catalogue (`kinetic-exercises.json`).
    static let additionsFile = "kinetic-exercises.json"

    /// The catalogue in the file at `path` with Kinetic's own moves beside it, decoded once per
    /// process (see ``ShippedResources``).
    init(contentsOf path: String) throws {
        let additions = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(Self.additionsFile)
        self = try ShippedResources.value(at: path, "the exercise catalogue") { json in
            try ExerciseCatalogue(json: json, additions: [Data(contentsOf: additions)])
        }
    }
}

/// The Exercises String Catalog (``ExerciseTranslations``), decoded once per process on first
/// use (a page without an exercise never reads its megabytes).
struct ExerciseTexts: Sendable {
    /// Where the catalog is, in the resources directory.
    static let resourcePath = "Exercises/Exercises.xcstrings"
    let path: String

    func translations() throws -> ExerciseTranslations {
        try ShippedResources.value(at: path, "the exercise translations") { try ExerciseTranslations(catalog: StringCatalog(data: $0)) }
    }
}

extension Application {
    /// The exercise translations in the resources directory; `kinetic serve` reads them before it
    /// listens (``loadExerciseCatalogue()``), so a broken file stops the server at start.
    var exerciseTexts: ExerciseTexts { ExerciseTexts(path: directory.resourcesDirectory + ExerciseTexts.resourcePath) }
}

extension Localizer {
    /// The exercise's name in this language (English where it has no translation).
    func exerciseName(_ exercise: Exercise) -> String {
        exerciseTranslations?.name(of: exercise, in: language) ?? exercise.name
    }

    /// The exercise's instructions in this language (all in English where any is untranslated).
    func exerciseInstructions(_ exercise: Exercise) -> [String] {
        exerciseTranslations?.instructions(of: exercise, in: language) ?? exercise.instructions
    }

    /// The language the exercise's name and instructions are shown in, for `lang` where it is
    /// not the page's.
    func exerciseLanguage(_ exercise: Exercise) -> AppLanguage {
        exerciseTranslations?.language(of: exercise, in: language) ?? .english
    }

    private var exerciseTranslations: ExerciseTranslations? {
        guard language != .english else { return nil }
        return readExerciseTranslations?()
    }
}
