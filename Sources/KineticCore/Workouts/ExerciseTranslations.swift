/// Exercises' names and instructions in Kinetic's languages, from the Exercises String Catalog
/// (`Resources/Exercises/Exercises.xcstrings`, translated for Kinetic): the key `<id>.name` holds
/// an exercise's name and `<id>.instruction.<n>` its n-th instruction (from 1). Its English is
/// the catalogue's own text (a test keeps them the same). A language without a translation of
/// an exercise gets the English, which ``language(of:in:)`` says; the pseudo-language is made
/// from the English, as for every other string.
public struct ExerciseTranslations: Sendable {
    public let catalog: StringCatalog

    public init(catalog: StringCatalog) {
        self.catalog = catalog
    }

    public static func nameKey(_ id: String) -> String { id + ".name" }
    public static func instructionKey(_ id: String, _ index: Int) -> String { id + ".instruction.\(index + 1)" }

    /// The exercise's name in `language`.
    public func name(of exercise: Exercise, in language: AppLanguage) -> String {
        text(Self.nameKey(exercise.id), english: exercise.name, in: language)
    }

    /// The exercise's instructions in `language`: all of them translated, or all in English.
    public func instructions(of exercise: Exercise, in language: AppLanguage) -> [String] {
        guard self.language(of: exercise, in: language) == language else { return exercise.instructions }
        return exercise.instructions.indices.map {
            text(Self.instructionKey(exercise.id, $0), english: exercise.instructions[$0], in: language)
        }
    }

    /// The language the exercise's text is in for a reader of `language`: `language` when the
    /// name and every instruction are translated (or it is English or made from it), else English.
    public func language(of exercise: Exercise, in language: AppLanguage) -> AppLanguage {
        guard language != .english, language != .pseudo else { return language }
        // An empty instruction (the catalogue has two) needs no translation.
        let steps = exercise.instructions.indices.filter { !exercise.instructions[$0].isEmpty }
        let keys = [Self.nameKey(exercise.id)] + steps.map { Self.instructionKey(exercise.id, $0) }
        return keys.allSatisfy { catalog.entries[$0]?[language.rawValue]?.value?.isEmpty == false } ? language : .english
    }

    private func text(_ key: String, english: String, in language: AppLanguage) -> String {
        switch language {
        case .english: english
        case .pseudo: PseudoLocalizer.pseudoLocalize(english)
        default: catalog.entries[key]?[language.rawValue]?.value.flatMap { $0.isEmpty ? nil : $0 } ?? english
        }
    }
}
