import AppleHealth
import Fluent
import Foundation
import KineticCore
import Vapor

/// The Steps module's operations for one signed-in user: daily totals, pushed samples and
/// Apple Health imports. Made once per request (`request.steps()`); the web and API controllers
/// both call it.
struct StepsService {
    let database: any Database
    /// The database imports write on (their own connections, so other users' requests go on).
    let importDatabase: any Database
    let userID: UUID
    let calendar: UserCalendar
    let configuration: KineticConfiguration

    /// What a sample may hold today in the user's time zone (``StepSampleLimits``).
    var sampleLimits: StepSampleLimits { StepSampleLimits(today: calendar.today) }

    var repository: StepsRepository { StepsRepository(database: database, userID: userID) }

    /// The deduplicated totals of each day from `from` to `to`.
    func dailyTotals(from: LocalDate, to: LocalDate) async throws -> [(date: LocalDate, steps: Int)] {
        try await repository.dailyTotals(from: from, to: to).map { ($0.date, $0.steps) }
    }

    /// A day as its page and the API show it: why its total is what it is, and what is set aside.
    struct Day: Sendable {
        /// Per hour, each source's steps and how many counted (of the samples not set aside).
        let sources: DayStepSources
        /// The day's samples set aside as faster than a person (``StepPlausibility``).
        let setAside: [StepSample]
        /// The day's total, when the whole day is set aside as over the daily maximum.
        let setAsideTotal: Double?
    }

    /// Why `date`'s total is what it is, and what of it is set aside.
    func day(_ date: LocalDate) async throws -> Day {
        // A sample that started the day before may cross into it.
        let samples = try await repository.samples(startingOn: (date.daysSince1970 - 1)...date.daysSince1970)
        let ranking = try await StepSourcesRepository(database: database, userID: userID).ranking()
        let claims = try await StepClaimsRepository(database: database, userID: userID).all()
        let anyway = try await StepCountedAnywayRepository(database: database, userID: userID).load()
        let (counted, setAside) = StepPlausibility.split(samples, anyway: anyway)
        let sources = DayStepSources.of(date, samples: counted, claims: claims, ranking: ranking)
        let overTheMaximum = StepPlausibility.days([date: sources.total], anyway: anyway).setAside[date]
        return Day(
            sources: sources,
            setAside: setAside.filter { DailyStepTotals.localDay($0.start, offset: $0.utcOffset) == date.daysSince1970 },
            setAsideTotal: overTheMaximum)
    }

    /// Counts a set-aside sample of `date` anyway (422 when the day has no such sample), or the
    /// whole day; its totals are counted again.
    func countAnyway(_ sample: StepPlausibility.SampleKey?, on date: LocalDate) async throws {
        let anyway = StepCountedAnywayRepository(database: database, userID: userID)
        if let sample {
            // Asked again (a retry, a second tap): already counted, nothing changes.
            guard try await !anyway.load().samples.contains(sample) else { return }
            guard try await day(date).setAside.contains(where: { StepPlausibility.SampleKey($0) == sample }) else {
                throw AppError.validation(FieldErrors(["sample": "steps.setAside.error.unknown"]))
            }
            try await anyway.count(sample)
        } else {
            try await anyway.count(day: date)
        }
        try await repository.refreshTotals(days: (date.daysSince1970 - 1)...(date.daysSince1970 + 1))
    }

    /// Stores one push: for each source, the truth from its first sample's start to its last
    /// one's end (what an earlier push stored there and this one lacks goes; the same push twice
    /// changes nothing); the number of days whose totals were recomputed.
    func deliver(pushed samples: [StepSample]) async throws -> Int {
        guard let channel = samples.first?.channel else { return 0 }
        return try await database.writeTransaction { transaction in
            try await StepsRepository(database: transaction, userID: userID)
                .deliver(samples, claims: StepClaim.claims(of: samples, channel: channel, fromMidnight: false)).daysUpdated
        }
    }

    /// Imports the export at `file` (removed afterwards): 422 `invalid_export` naming what is
    /// wrong with it.
    func importExport(at file: URL) async throws -> StepImportDTO {
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let importer = HealthImporter(
                database: importDatabase, userID: userID, limits: sampleLimits, exportLimits: configuration.exportLimits)
            return StepImportDTO(try await importer.importExport(at: file, recordedAt: calendar.now))
        } catch let error as HealthExportError {
            throw AppError(
                status: .unprocessableEntity, code: "invalid_export", messageKey: "error.export.invalid",
                messageArguments: [error.description])
        }
    }
}

extension Request {
    /// The Steps module's operations for the signed-in user.
    func steps() throws -> StepsService {
        StepsService(
            database: db, importDatabase: importDatabase, userID: try requireUser().requireID(), calendar: userCalendar,
            configuration: application.kineticConfiguration)
    }

    /// The Apple Health export sent as the body, kept in the upload directory (at most the
    /// server's largest upload).
    func receiveHealthExport() async throws -> URL {
        let configuration = application.kineticConfiguration
        return try await receiveUpload(into: configuration.uploadDirectory, maximumBytes: configuration.maximumUploadBytes)
    }
}
