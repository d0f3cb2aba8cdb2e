import Fluent
import Foundation
import KineticCore

/// A finished Apple Health import as pages and the API show it.
struct StepImport: Equatable, Sendable {
    let id: UUID
    let importedAt: Date
    let recordsRead: Int
    let stepSamples: Int
    let samplesSkipped: Int
    let daysUpdated: Int
    /// Days that had no steps before it, days whose total it changed, and the samples an earlier
    /// import stored that it no longer held.
    var daysAdded = 0
    var daysChanged = 0
    var samplesRemoved = 0
    /// The first and last day its step samples touch; nil when the export had none.
    let days: ClosedRange<LocalDate>?
}

/// One user's import history.
struct StepImportsRepository {
    let database: Database
    let userID: UUID

    /// Records a finished import; call it inside the import's transaction.
    func record(_ summary: HealthImporter.Summary, at time: Date) async throws -> StepImport {
        let record = StepImportRecord()
        record.$user.id = userID
        record.importedAt = time
        record.recordsRead = summary.recordsRead
        record.stepSamples = summary.stepSamples
        record.samplesSkipped = summary.samplesSkipped
        record.daysUpdated = summary.daysUpdated
        record.daysAdded = summary.daysAdded
        record.daysChanged = summary.daysChanged
        record.samplesRemoved = summary.samplesRemoved
        record.firstDay = summary.days?.lowerBound.description
        record.lastDay = summary.days?.upperBound.description
        try await record.create(on: database)
        return try StepImport(record)
    }

    /// The user's most recent import.
    func latest() async throws -> StepImport? {
        try await StepImportRecord.query(on: database)
            .filter(\.$user.$id == userID)
            .sort(\.$importedAt, .descending)
            .first()
            .map(StepImport.init)
    }
}

private extension StepImport {
    init(_ record: StepImportRecord) throws {
        let first = record.firstDay.flatMap(LocalDate.init), last = record.lastDay.flatMap(LocalDate.init)
        self.init(
            id: try record.requireID(), importedAt: record.importedAt, recordsRead: record.recordsRead,
            stepSamples: record.stepSamples, samplesSkipped: record.samplesSkipped, daysUpdated: record.daysUpdated,
            daysAdded: record.daysAdded, daysChanged: record.daysChanged, samplesRemoved: record.samplesRemoved,
            days: first.flatMap { first in last.map { first...max(first, $0) } }
        )
    }
}
