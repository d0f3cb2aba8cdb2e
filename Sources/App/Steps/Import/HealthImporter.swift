import AppleHealth
import Fluent
import Foundation
import KineticCore

/// Imports an Apple Health export for one user, all or nothing: samples are stored as they
/// stream in, inside one transaction, then the touched days' totals are recomputed. A damaged
/// file rolls everything back. Samples already stored are skipped, so importing the same export
/// again, or a newer one that overlaps it, never counts twice. Implausible samples
/// (``StepSampleLimits``) are skipped and counted.
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
        let seconds: Double
    }

    func importExport(at url: URL, progress: (@Sendable (_ done: Int, _ total: Int?) -> Void)? = nil) async throws -> Summary {
        let started = ContinuousClock.now
        let channel = SampleChannel()
        let result = ReaderResult()
        let limits = self.limits, exportLimits = self.exportLimits
        let reader = Thread {
            do {
                let summary = try HealthExportReader.read(fileAt: url, limits: exportLimits, progress: progress) { record in
                    let sample = record.sample
                    guard limits.violation(of: sample) == nil else { result.skipped += 1; return }
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
        let daysUpdated: Int = try await database.transaction { transaction in
            let repository = StepsRepository(database: transaction, userID: userID)
            // What `StepsRepository.add` does, a batch at a time: store, then sources and totals once.
            var touched: ClosedRange<Int>?
            var sources: [String: StepSourceKind] = [:]
            do {
                for try await batch in channel.stream {
                    try await repository.insert(batch)
                    sources = StepSourcesRepository.kinds(of: batch, adding: sources)
                    if let days = DailyStepTotals.days(touchedBy: batch) {
                        touched = touched.map { min($0.lowerBound, days.lowerBound)...max($0.upperBound, days.upperBound) } ?? days
                    }
                    channel.batchStored()
                }
            } catch {
                channel.cancel()
                throw error
            }
            guard let touched else { return 0 }
            try await StepSourcesRepository(database: transaction, userID: userID).record(sources)
            return try await repository.refreshTotals(days: touched)
        }
        let summary = result.summary
        let elapsed = started.duration(to: .now).components
        return Summary(
            recordsRead: summary?.recordsRead ?? 0, stepSamples: (summary?.stepRecords ?? 0) - result.skipped,
            samplesSkipped: result.skipped, daysUpdated: daysUpdated, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        )
    }
}

/// The reader thread's summary, read after the stream has ended.
private final class ReaderResult: @unchecked Sendable {
    var summary: HealthExportReader.Summary?
    /// Implausible samples left out; written by the reader thread only, read after it ends.
    var skipped = 0
}
