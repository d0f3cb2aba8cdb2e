import Fluent
import Foundation
import KineticCore

/// What one user counted anyway of the steps set aside (``StepPlausibility``).
struct StepCountedAnywayRepository {
    let database: any Database
    let userID: UUID

    /// The most entries one account keeps: counting anyway is for the odd sample, not a habit.
    static let maximumEntries = 1_000

    func load() async throws -> StepPlausibility.CountedAnyway {
        var anyway = StepPlausibility.CountedAnyway()
        for record in try await StepCountedAnywayRecord.query(on: database).filter(\.$user.$id == userID).all() {
            if let date = record.date.flatMap(LocalDate.init) {
                anyway.days.insert(date)
            } else if let name = record.sourceName, let start = record.startAt, let end = record.endAt, let value = record.value {
                anyway.samples.insert(.init(sourceName: name, start: start, end: end, value: value))
            }
        }
        return anyway
    }

    /// Counts `sample` anyway (once, however often asked).
    func count(_ sample: StepPlausibility.SampleKey) async throws {
        guard !(try await load().samples.contains(sample)) else { return }
        try await checkRoom()
        let record = StepCountedAnywayRecord()
        record.$user.id = userID
        record.sourceName = sample.sourceName
        record.startAt = sample.start
        record.endAt = sample.end
        record.value = sample.value
        try await record.create(on: database)
    }

    /// Counts the day `date` anyway, whatever its total.
    func count(day date: LocalDate) async throws {
        guard !(try await load().days.contains(date)) else { return }
        try await checkRoom()
        let record = StepCountedAnywayRecord()
        record.$user.id = userID
        record.date = date.description
        try await record.create(on: database)
    }

    private func checkRoom() async throws {
        if try await StepCountedAnywayRecord.query(on: database).filter(\.$user.$id == userID).count() >= Self.maximumEntries {
            throw AppError.validation(FieldErrors(["sample": "steps.setAside.error.tooMany"]))
        }
    }
}
