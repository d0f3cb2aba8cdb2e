import AppleHealth
import Fluent
import Foundation
import KineticCore

/// Imports an Apple Health export for one user, all or nothing: samples are stored as they
/// stream in, inside one transaction, then the touched days' totals are recomputed. A damaged
/// file rolls everything back. An export is the truth for what it holds: for each source, from
/// the first day it has until it was made (``StepClaim``), what an earlier export stored and
/// this one no longer has (changed or deleted in Health) goes, and a sample stored before stays
/// one row, so importing the same export again, or a newer one, never counts twice. Implausible
/// samples (``StepSampleLimits``) are skipped and counted.
struct HealthImporter {
    let database: Database
    let userID: UUID
    let limits: StepSampleLimits
    var exportLimits = HealthExportReader.Limits()

    struct Summary: Sendable {
        let recordsRead: Int
        /// Step samples read and kept (stored, or already stored by an earlier import).
        let stepSamples: Int
        /// Step samples skipped as implausible.
        let samplesSkipped: Int
        let daysUpdated: Int
        /// Days that had no steps before and have now.
        var daysAdded = 0
        /// Days whose total the import changed (an earlier export's records differed).
        var daysChanged = 0
        /// Samples an earlier import stored that this export no longer holds.
        var samplesRemoved = 0
        /// The first and last local day the kept samples touch; nil when there were none.
        let days: ClosedRange<LocalDate>?
    }

    /// Reads the export at `url` and stores its samples; on success the import is recorded in
    /// the user's history (``StepImportsRepository``) at `time`, in the same transaction.
    func importExport(
        at url: URL, recordedAt time: Date, progress: (@Sendable (_ done: Int, _ total: Int?) -> Void)? = nil
    ) async throws -> StepImport {
        let started = ContinuousClock.now
        defer { KineticMetrics.recordImport("health", since: started) }
        let channel = SampleChannel()
        let result = ReaderResult()
        let limits = self.limits, exportLimits = self.exportLimits
        let reader = Thread {
            do {
                let summary = try HealthExportReader.read(fileAt: url, limits: exportLimits, progress: progress) { record in
                    let sample = record.sample
                    guard limits.violation(of: sample) == nil else {
                        result.skipped += 1
                        return
                    }
                    try channel.append(sample)
                }
                result.summary = summary
                try channel.finish()
            } catch {
                channel.fail(error)
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        let userID = self.userID
        let delivery = Int64.random(in: 1...Int64.max)
        return try await database.writeTransaction { transaction in
            let repository = StepsRepository(database: transaction, userID: userID)
            // What `StepsRepository.deliver` does, a batch at a time: store, then the rest once.
            var touched: ClosedRange<Int>?
            var sources: [String: StepSourceKind] = [:]
            var claims: [StepClaim] = []
            do {
                for try await batch in channel.stream {
                    try await repository.insert(batch, delivery: delivery)
                    sources = StepSourcesRepository.kinds(of: batch, adding: sources)
                    claims = StepClaim.spans(of: claims + StepClaim.claims(of: batch, channel: .export, fromMidnight: true))
                    if let days = DailyStepTotals.days(touchedBy: batch) {
                        touched = touched.map { min($0.lowerBound, days.lowerBound)...max($0.upperBound, days.upperBound) } ?? days
                    }
                    channel.batchStored()
                }
            } catch {
                channel.cancel()
                throw error
            }
            let read = result.summary
            // Each source's claim reaches the moment the export was made.
            if let made = read?.exportDate {
                claims = claims.map { StepClaim(sourceName: $0.sourceName, channel: $0.channel, start: $0.start, end: max($0.end, made)) }
            }
            var delivered = StepsRepository.Delivered()
            if touched != nil {
                try await StepSourcesRepository(database: transaction, userID: userID).record(sources)
                delivered = try await repository.settle(delivery, claims: claims, touched: touched)
            }
            var summary = Summary(
                recordsRead: read?.recordsRead ?? 0, stepSamples: (read?.stepRecords ?? 0) - result.skipped,
                samplesSkipped: result.skipped, daysUpdated: delivered.daysUpdated,
                days: touched.map { LocalDate(daysSince1970: $0.lowerBound)...LocalDate(daysSince1970: $0.upperBound) }
            )
            summary.daysAdded = delivered.changes.values.filter { $0.before == nil }.count
            summary.daysChanged = delivered.changes.values.filter { $0.before != nil }.count
            summary.samplesRemoved = delivered.samplesRemoved
            return try await StepImportsRepository(database: transaction, userID: userID).record(summary, at: time)
        }
    }
}

/// The reader thread's summary, read after the stream has ended.
private final class ReaderResult: @unchecked Sendable {
    var summary: HealthExportReader.Summary?
    /// Implausible samples left out; written by the reader thread only, read after it ends.
    var skipped = 0
}
