import Fluent
import Foundation
import KineticCore
import SQLKit

/// The sources of one user's steps and the order the user gave them (Steps settings).
struct StepSourcesRepository {
    let database: Database
    let userID: UUID

    /// A source as Steps settings lists it.
    struct Source: Equatable, Sendable {
        let name: String
        let kind: StepSourceKind
    }

    /// Each source's kind among `samples`: that of its samples not entered by hand, if any.
    static func kinds(of samples: [StepSample], adding known: [String: StepSourceKind] = [:]) -> [String: StepSourceKind] {
        var kinds = known
        for sample in samples { kinds[sample.sourceName] = max(kinds[sample.sourceName] ?? .manual, sample.kind) }
        return kinds
    }

    /// Remembers the sources of newly stored samples; a source seen before keeps its place.
    func record(_ kinds: [String: StepSourceKind]) async throws {
        guard !kinds.isEmpty else { return }
        let sql = try database.sql()
        var insert = sql.insert(into: StepSourceRecord.schema).columns("user_id", "name", "kind")
        for (name, kind) in kinds.sorted(by: { $0.key < $1.key }) {
            insert = insert.values(SQLBind(userID), SQLBind(name), SQLBind(kind.rawValue))
        }
        // A source first seen through hand-entered samples learns its real kind later.
        try await insert.onConflict(
            with: ["user_id", "name"],
            do: { conflict in
                conflict.set(excludedValueOf: "kind").where(
                    SQLColumn("kind", table: StepSourceRecord.schema), .lessThan, SQLExcludedColumn("kind"))
            }
        ).run()
    }

    /// The user's sources as Steps settings shows them.
    struct Listing: Sendable {
        /// Every source, in the order the totals follow.
        let sources: [Source]
        /// The user's own order; empty while the default order applies.
        let preferredOrder: [String]

        var isCustomOrder: Bool { !preferredOrder.isEmpty }
        var ranking: SourceRanking { SourceRanking(preferredOrder: preferredOrder) }
    }

    /// The ranking the totals follow: the user's order, or the default one.
    func ranking() async throws -> SourceRanking {
        try await listing().ranking
    }

    /// Every source and the user's order.
    func listing() async throws -> Listing {
        let records = try await StepSourceRecord.query(on: database).filter(\.$user.$id == userID).all()
        let preferred = records.compactMap { record in record.position.map { (position: $0, name: record.name) } }
            .sorted { $0.position < $1.position }.map(\.name)
        let ranking = SourceRanking(preferredOrder: preferred)
        let sources = records.map { Source(name: $0.name, kind: StepSourceKind(rawValue: $0.kind) ?? .other) }
            .sorted { ranking.rank(sourceName: $0.name, kind: $0.kind) < ranking.rank(sourceName: $1.name, kind: $1.kind) }
        return Listing(sources: sources, preferredOrder: preferred)
    }

    /// Checks `requested` against the sources in `current` (field errors when a name is unknown
    /// or repeated), stores it, and recomputes every day's total under it. Returns the new
    /// listing; nothing is written when the order does not change.
    func saveOrder(_ requested: [String], current: Listing) async throws -> Listing {
        let order = try SourceOrder.validate(requested, known: Set(current.sources.map(\.name))).get()
        let stored = SourceOrder.stored(order, sources: current.sources.map { ($0.name, $0.kind) })
        guard stored != current.preferredOrder else { return current }
        try await database.writeTransaction { transaction in
            try await StepSourceRecord.query(on: transaction).filter(\.$user.$id == userID).set(\.$position, to: nil).update()
            for (position, name) in stored.enumerated() {
                try await StepSourceRecord.query(on: transaction)
                    .filter(\.$user.$id == userID).filter(\.$name == name)
                    .set(\.$position, to: position).update()
            }
            let steps = StepsRepository(database: transaction, userID: userID)
            if let days = try await steps.storedDays() {
                try await steps.refreshTotals(days: days)
            }
        }
        return try await listing()
    }
}
