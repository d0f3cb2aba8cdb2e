import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Vapor

/// A TCP connection to a running server that sends exactly the bytes a test gives it, when it
/// gives them (half a header, a body that stops, a body at a drip), and keeps what comes back:
/// what a well-behaved HTTP client never does.
final class RawConnection: Sendable {
    private let channel: any Channel
    private let collector: Collector

    /// Connects to `port` on 127.0.0.1.
    static func open(port: Int, on group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> RawConnection {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, collector: collector)
    }

    private init(channel: any Channel, collector: Collector) {
        self.channel = channel
        self.collector = collector
    }

    /// Sends `text`'s UTF-8 bytes; throws when the server has closed the connection.
    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(channel.allocator.buffer(bytes: bytes)).get()
    }

    /// Everything the server sent so far, as text.
    var received: String { collector.text }

    /// Whether the server has closed the connection (or it was reset).
    var isClosed: Bool { collector.closed }

    /// The status code of the first response, once its status line has arrived.
    var status: Int? {
        let text = received
        guard text.hasPrefix("HTTP/1.1 "), text.count >= 12 else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// Closes the connection from this side, resetting it (no orderly shutdown) when `reset`.
    func close(reset: Bool = false) async {
        if reset, let socket = channel as? any SocketOptionProvider { try? await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get() }
        try? await channel.close().get()
    }

    /// Waits until `condition` holds for this connection, or `seconds` have passed; returns whether it held.
    func wait(upTo seconds: Double, until condition: @Sendable (RawConnection) -> Bool) async -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while ContinuousClock.now < end {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(self)
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        private let state = NIOLockedValueBox((bytes: [UInt8](), closed: false))

        var text: String { String(decoding: state.withLockedValue { $0.bytes }, as: UTF8.self) }
        var closed: Bool { state.withLockedValue { $0.closed } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            state.withLockedValue { $0.bytes += buffer.readableBytesView }
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLockedValue { $0.closed = true }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}

extension Application {
    /// Runs `body` with the HTTP server listening on a free port of 127.0.0.1, which it is given.
    func whileListening(_ body: (Int) async throws -> Void) async throws {
        try await server.start(address: .hostname("127.0.0.1", port: 0))
        do {
            guard let port = http.server.shared.localAddress?.port else { throw Abort(.internalServerError, reason: "no port") }
            try await body(port)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }
}
