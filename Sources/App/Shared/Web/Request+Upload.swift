import Foundation
import KineticCore
import NIOCore
import Vapor

extension Request {
    /// Streams the request body into a new file in `directory` (under a generated name) and
    /// returns it; the caller removes it. Refuses with 413 a body larger than `maximumBytes`,
    /// before reading when `Content-Length` says so, else as soon as the count passes it; with
    /// 408 a body slower than the configured ``BodyPace``; a body shorter than its
    /// `Content-Length` (the client went away) ends the work with 400.
    ///
    /// The body is read through Vapor's callback stream (`drain`), never through its
    /// `AsyncSequence` bridge, whose back-pressure delegate can stop the process with a
    /// `preconditionFailure` when a client goes away mid-body while others upload
    /// (vapor/vapor#3153, #3227; still in 4.122). Each piece is written on the thread pool, and
    /// the next is read only when it is on disk.
    func receiveUpload(into directory: String, maximumBytes: Int) async throws -> URL {
        let declared = headers.first(name: .contentLength).flatMap { Int($0) }
        if let declared, declared > maximumBytes { throw AppError.uploadTooLarge(maximumBytes: maximumBytes, localizer: localizer) }
        let sender = auth.get(User.self)?.id
        guard let ticket = application.uploadsInFlight.enter(sender: sender, shares: toolShares) else {
            throw AppError.toolsBusy(retryAfter: 5, localizer: localizer)
        }
        defer { application.uploadsInFlight.leave(ticket) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = URL(fileURLWithPath: directory).appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw Abort(.internalServerError, reason: "Cannot create \(file.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            let reception = BodyReception(
                request: self, maximumBytes: maximumBytes, pace: application.kineticConfiguration.bodyPace,
                write: { [threadPool = application.threadPool, eventLoop] buffer in
                    threadPool.runIfActive(eventLoop: eventLoop) { try handle.write(contentsOf: buffer.readableBytesView) }
                })
            let received = try await reception.start().get()
            if let declared, received < declared { throw AppError.uploadIncomplete }
            return file
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }
}

/// One request body read to its end through Vapor's callback stream, each piece handed to
/// `write`, under a size limit and a ``BodyPace``. Its state lives on the request's event loop.
private final class BodyReception: @unchecked Sendable {
    private let request: Request
    private let eventLoop: any EventLoop
    private let maximumBytes: Int
    private let pace: BodyPace
    private let write: @Sendable (ByteBuffer) -> EventLoopFuture<Void>
    private let outcome: EventLoopPromise<Int>
    private var received = 0
    private var finished = false
    private var started = NIODeadline.now()
    private var lastPiece = NIODeadline.now()
    private var paceCheck: RepeatedTask?

    init(request: Request, maximumBytes: Int, pace: BodyPace, write: @escaping @Sendable (ByteBuffer) -> EventLoopFuture<Void>) {
        self.request = request
        self.eventLoop = request.eventLoop
        self.maximumBytes = maximumBytes
        self.pace = pace
        self.write = write
        self.outcome = request.eventLoop.makePromise(of: Int.self)
    }

    /// Starts reading; the future gives the number of bytes received.
    func start() -> EventLoopFuture<Int> {
        eventLoop.execute { [self] in
            started = .now()
            lastPiece = started
            paceCheck = eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { [self] _ in checkPace() }
            request.body.drain { [self] part in receive(part) }
        }
        return outcome.futureResult
    }

    private func receive(_ part: BodyStreamResult) -> EventLoopFuture<Void> {
        eventLoop.preconditionInEventLoop()
        // Refusing a piece after the end was decided stops Vapor reading the connection: what
        // the client still sends waits in its socket until the idle timeout closes it.
        guard !finished else { return eventLoop.makeFailedFuture(AppError.uploadIncomplete) }
        switch part {
        case .buffer(let buffer):
            received += buffer.readableBytes
            lastPiece = .now()
            guard received <= maximumBytes else {
                let refusal = AppError.uploadTooLarge(maximumBytes: maximumBytes, localizer: request.localizer)
                finish(.failure(refusal))
                return eventLoop.makeFailedFuture(refusal)
            }
            return write(buffer).hop(to: eventLoop).flatMapErrorThrowing { [self] error in
                finish(.failure(error))
                throw error
            }
        case .error(let error):
            finish(.failure(error))
        case .end:
            finish(.success(received))
        }
        return eventLoop.makeSucceededVoidFuture()
    }

    private func checkPace() {
        guard !finished else { return }
        let now = NIODeadline.now()
        let seconds = { (since: NIODeadline) in Double((now - since).nanoseconds) / 1e9 }
        if pace.isTooSlow(received: received, elapsed: seconds(started), sinceLastPiece: seconds(lastPiece)) {
            finish(.failure(AppError.uploadTooSlow(pace: pace, localizer: request.localizer)))
        }
    }

    private func finish(_ result: Result<Int, any Error>) {
        guard !finished else { return }
        finished = true
        paceCheck?.cancel()
        paceCheck = nil
        outcome.completeWith(result)
    }
}

extension Request {
    /// Writes a form's file (already in memory) to a new file in the upload directory and
    /// returns it; the caller removes it.
    func keepFormFile(_ data: ByteBuffer) throws -> URL {
        let directory = application.kineticConfiguration.uploadDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = URL(fileURLWithPath: directory).appendingPathComponent("upload-\(UUID().uuidString)")
        try Data(data.readableBytesView).write(to: file)
        return file
    }
}

extension Application {
    /// Removes what earlier runs left in the upload directory (a crash mid-import) and makes sure
    /// it exists. Called at start.
    func clearUploadDirectory() throws {
        let directory = kineticConfiguration.uploadDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in files where name.hasPrefix("upload-") {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
}
