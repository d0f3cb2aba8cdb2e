import Foundation
import KineticMail
import Logging
import NIOConcurrencyHelpers
import Vapor

/// The delivery scheduler that runs inside `kinetic serve`: one round of the
/// ``WishDispatcher`` after another, at once while rounds find a full batch, otherwise after
/// the poll interval. A round that fails (the database went away) is logged and tried again
/// after the interval; nothing is lost, because what was claimed and not finished is rescued
/// when its lease runs out. Every instance runs one; their claims never overlap. It reads the
/// time and waits between rounds on the configured ``KineticClock``, so a test drives it by
/// advancing that; a stop's grace is real time.
final class WishScheduler: Sendable {
    /// How long a stop lets the round under way finish before it cuts it off: long enough for a
    /// batch of e-mails to a working mail server, short enough for `kinetic@.service`'s
    /// `TimeoutStopSec` with the jobs' and the HTTP connections' drain.
    static let stopGrace: Duration = .seconds(10)

    private let dispatcher: WishDispatcher
    private let clock: KineticClock
    private let pollInterval: TimeInterval
    private let stopGrace: Duration
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    /// The rounds' loop, the round under way, and whether a stop has begun (after which no
    /// round starts), under one lock.
    private struct State {
        var loop: Task<Void, Never>?
        var round: Task<Int, any Error>?
        var stopping = false
    }

    init(
        dispatcher: WishDispatcher, clock: KineticClock, pollInterval: TimeInterval, stopGrace: Duration = WishScheduler.stopGrace,
        logger: Logger
    ) {
        self.dispatcher = dispatcher
        self.clock = clock
        self.pollInterval = pollInterval
        self.stopGrace = stopGrace
        self.logger = logger
    }

    /// Starts the rounds; calling it again while they run does nothing.
    func start() {
        state.withLockedValue { state in
            guard state.loop == nil else { return }
            state.stopping = false
            state.loop = Task { [dispatcher, clock, pollInterval, logger, box = self.state] in
                while !Task.isCancelled {
                    // A task of its own, which stop()'s cancellation does not reach: a batch of
                    // e-mails is not cut off while the mail server is taking it, unless it takes
                    // longer than the stop's grace. None starts once a stop has begun.
                    let round = box.withLockedValue { state -> Task<Int, any Error>? in
                        guard !state.stopping else { return nil }
                        state.round = Task { try await dispatcher.runOnce(now: clock.now) }
                        return state.round
                    }
                    guard let round else { return }
                    var claimed = 0
                    do {
                        claimed = try await round.value
                    } catch {
                        logger.error("Wish delivery round failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
                    }
                    box.withLockedValue { $0.round = nil }
                    if claimed < dispatcher.batchSize {
                        try? await clock.sleep(for: pollInterval)
                    }
                }
            }
        }
    }

    /// Stops after the round under way and sleeps no more. A round still going after the
    /// grace is cancelled: the messages the mail server already took keep their outcome, the
    /// one in flight is tried again later (it may then arrive twice), and what the round had
    /// claimed and not finished is rescued when its lease runs out.
    func stop() async {
        let loop = state.withLockedValue { state -> Task<Void, Never>? in
            state.stopping = true
            defer { state.loop = nil }
            return state.loop
        }
        guard let loop else { return }
        loop.cancel()
        let cutOff = Task { [state, stopGrace, logger] in
            try await Task.sleep(for: stopGrace)
            guard let round = state.withLockedValue({ $0.round }) else { return }
            logger.warning("Wish delivery round still going after \(stopGrace) at shutdown; cutting it off")
            round.cancel()
        }
        await loop.value
        cutOff.cancel()
    }
}

extension Application {
    private struct WishSchedulerKey: StorageKey { typealias Value = WishScheduler }

    /// A dispatcher with this server's channels: e-mail and Connections when configured.
    func makeWishDispatcher() -> WishDispatcher {
        let settings = kineticConfiguration.wishDelivery
        var queue = WishDeliveryQueue(database: db, owner: settings.instanceID)
        queue.notifier = pushNotifier
        queue.logger = logger
        var dispatcher = WishDispatcher(database: db, queue: queue)
        dispatcher.lease = settings.lease
        dispatcher.notifier = pushNotifier
        var roller = YearlyWishRoller(database: db, catalog: stringCatalog, notifier: pushNotifier)
        roller.logger = logger
        if let smtp = kineticConfiguration.mail.smtp, let from = kineticConfiguration.mail.from {
            let transport = MailTransport.smtp(SMTPClient(settings: smtp, group: eventLoopGroup))
            var mail = WishDispatcher.Mail(
                transport: transport, from: from, publicURL: kineticConfiguration.publicURL ?? "", catalog: stringCatalog)
            mail.abuseAddress = kineticConfiguration.mail.abuseAddress
            mail.limits = settings.limits
            dispatcher.mail = mail
            roller.mail = YearlyWishRoller.Mail(transport: transport, from: from, publicURL: kineticConfiguration.publicURL ?? "")
        }
        dispatcher.roller = roller
        if let connections = settings.connections {
            dispatcher.connections = .live(settings: connections, http: http.client.shared)
        }
        dispatcher.images = WishImages(
            cardsDirectory: URL(fileURLWithPath: directory.publicDirectory).appendingPathComponent("images/wishes/cards"),
            media: media, scratchDirectory: URL(fileURLWithPath: kineticConfiguration.uploadDirectory),
            threads: tools(for: .server("wish-cards")))
        return dispatcher
    }

    /// Starts delivering wishes in the background until the application shuts down; `serve` calls it.
    /// It stops as a lifecycle handler, which Vapor runs before it closes the databases and the
    /// tool threads (kept in storage, whose shutdown order is not defined): a round under way
    /// finishes with them still open.
    func startWishScheduler() async {
        guard storage[WishSchedulerKey.self] == nil else { return }
        if kineticConfiguration.mail.smtp?.sendsPasswordInClear == true {
            logger.warning("KINETIC_SMTP_URL says starttls=never: the SMTP password goes to the mail server unencrypted")
        }
        let scheduler = WishScheduler(
            dispatcher: makeWishDispatcher(), clock: kineticConfiguration.clock,
            pollInterval: kineticConfiguration.wishDelivery.pollInterval, logger: logger)
        storage[WishSchedulerKey.self] = scheduler
        lifecycle.use(WishSchedulerLifecycle(scheduler: scheduler))
        scheduler.start()
    }
}

/// Stops the scheduler first when the application shuts down.
private struct WishSchedulerLifecycle: LifecycleHandler {
    let scheduler: WishScheduler

    func shutdownAsync(_ application: Application) async {
        await scheduler.stop()
    }
}
