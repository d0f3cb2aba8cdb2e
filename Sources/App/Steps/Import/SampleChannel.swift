import Foundation
import KineticCore

/// Hands batches of samples from the export reader's thread to the async importer, at most two
/// batches ahead, so reading never outruns the database and memory stays flat.
final class SampleChannel: @unchecked Sendable {
    static let batchSize = 2_000

    let stream: AsyncThrowingStream<[StepSample], Error>
    private let continuation: AsyncThrowingStream<[StepSample], Error>.Continuation
    private let room = DispatchSemaphore(value: 2)
    private let lock = NSLock()
    private var cancelled = false
    private var pending: [StepSample] = []

    init() {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: [StepSample].self, bufferingPolicy: .unbounded)
    }

    /// Producer: adds a sample; blocks while two batches wait to be stored.
    func append(_ sample: StepSample) throws {
        pending.append(sample)
        if pending.count >= Self.batchSize { try send() }
    }

    /// Producer: sends what is left and ends the stream.
    func finish() throws {
        if !pending.isEmpty { try send() }
        continuation.finish()
    }

    /// Producer: ends the stream with an error.
    func fail(_ error: Error) {
        continuation.finish(throwing: error)
    }

    /// Consumer: one batch is stored, make room for the next.
    func batchStored() { room.signal() }

    /// Consumer: stop the producer (the import failed on the database side).
    func cancel() {
        lock.withLock { cancelled = true }
        room.signal()
        room.signal()
    }

    private func send() throws {
        room.wait()
        if lock.withLock({ cancelled }) { throw CancellationError() }
        continuation.yield(pending)
        pending = []
        pending.reserveCapacity(Self.batchSize)
    }
}
