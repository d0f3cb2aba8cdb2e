import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Exercises in German: the Exercises String Catalog is complete and true to the catalogue, and
/// pages and the API show an exercise in the reader's language.
@Suite struct ExerciseTranslationsTests {
    private func shipped() throws -> (ExerciseCatalogue, ExerciseTranslations) {
        let texts = ExerciseTexts(path: DirectoryConfiguration.detect().resourcesDirectory + ExerciseTexts.resourcePath)
        return (try ExerciseCatalogue.shipped(), try texts.translations())
    }

    @Test func everyExercise_hasItsNameAndEveryInstructionInGerman() throws {
        let (catalogue, translations) = try shipped()
        var untranslated: [String] = []
        for exercise in catalogue.exercises where translations.language(of: exercise, in: .german) != .german {
            untranslated.append(exercise.id)
        }
        #expect(untranslated.isEmpty, "no German for \(untranslated.prefix(10))")
        // German names tell exercises apart as the English ones do.
        let names = Dictionary(grouping: catalogue.exercises) { translations.name(of: $0, in: .german) }.filter { $0.value.count > 1 }
        #expect(names.isEmpty, "\(names.keys.sorted())")
    }

    /// The catalog's English is the catalogue's, and it has no key for an exercise or step that
    /// does not exist: the two files cannot drift apart unnoticed.
    @Test func theCatalogsEnglish_isTheCatalogues_andItHasNoStrayKeys() throws {
        let (catalogue, translations) = try shipped()
        var expected: [String: String] = [:]
        for exercise in catalogue.exercises {
            expected[ExerciseTranslations.nameKey(exercise.id)] = exercise.name
            for (index, step) in exercise.instructions.enumerated() where !step.isEmpty {
                expected[ExerciseTranslations.instructionKey(exercise.id, index)] = step
            }
        }
        let english = translations.catalog.entries.compactMapValues { $0["en"]?.value }
        #expect(Set(translations.catalog.entries.keys) == Set(expected.keys))
        let different = expected.filter { english[$0.key] != $0.value }.keys.sorted()
        #expect(different.isEmpty, "English differs from the catalogue at \(different.prefix(5))")
    }

    @Test func theAPI_givesExercisesInTheReadersLanguage() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let german = try await app.json(
                .GET, "/api/v1/exercises?category=cardio", token: account.token, headers: ["Accept-Language": "de"]
            )
            .decoded(as: [Components.Schemas.Exercise].self)
            let running = try #require(german.first { $0.id == "Kinetic_Running_In_Place" })
            #expect(running.language == .de)
            #expect(running.name != "Running In Place" && !running.instructions.isEmpty)
            #expect(!running.instructions.joined().contains(" the "))
            let english = try await app.json(.GET, "/api/v1/exercises?category=cardio", token: account.token)
                .decoded(as: [Components.Schemas.Exercise].self)
            #expect(english.first { $0.id == "Kinetic_Running_In_Place" }?.language == .en)
        }
    }

    @Test func theSummaryAndThePlayer_readExercisesInGerman() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["language": "de"], token: account.token)
            let fields = [
                ("focus", "categories"), ("categories[]", "cardio"), ("difficulty", "beginner"), ("duration", "10"),
            ]
            let response = try await web.post("/workouts/new", fields: fields, csrfPage: "/workouts/new")
            let location = try #require(response.headers.first(name: .location))
            let id = String(location.split(separator: "/").last!)
            let workout = try await app.json(.GET, "/api/v1/workouts/\(id)", token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            let first = try #require(workout.exercises.first?.exercise)
            let exercise = try #require(app.exerciseCatalogue.exercise(id: first.id))
            #expect(first.language == .de && first.name != exercise.name)
            for page in [location, "/workouts/\(id)/play"] {
                let html = try await web.get(page).body.string
                #expect(html.contains(HTMLEscaping.text(first.name)), "\(page)")
                #expect(!html.contains(">" + HTMLEscaping.text(exercise.name) + "<"), "\(page)")
                if let step = first.instructions.first { #expect(html.contains(HTMLEscaping.text(step)), "\(page)") }
            }
        }
    }
}
