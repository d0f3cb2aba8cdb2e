import Fluent
import KineticCore

/// Writes every wish's search text again with its words spelled plainly
/// (``WishSearchText/words(in:)``: "München" as "munchen", which "muenchen" finds), so that
/// wishes written before are found as new ones are. Reverting leaves them: the plainer words
/// are still found by plain searches.
struct RefoldSearchWords: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await AddSearchWords.rewrite(on: database) { subject, people, message in
            WishSearchText.stored(subject: subject, people: people, message: message)
        }
    }

    func revert(on database: Database) async throws {}
}
