import Foundation
import KineticCore
import KineticMail
import NIOConcurrencyHelpers
import Testing

@testable import App

/// Test values of the clients services are built from: each either does its work at once, in
/// the test's own task, or fails the test that made it when it is used at all (a service's
/// rule that must not reach for it).

extension ToolRunner {
    /// Runs each piece of work at once, on the caller's task: no turns, no threads of its own.
    static let immediate = ToolRunner(shares: [], inTurn: { try await $0() }, onToolThread: { try $0() }, checkRoom: {})

    /// Fails the test when any tool work is asked of it (the work is not run).
    static func failing(_ sourceLocation: SourceLocation = #_sourceLocation) -> ToolRunner {
        ToolRunner(
            shares: [], inTurn: { _ in throw unexpected("ToolRunner.inTurn", sourceLocation) },
            onToolThread: { _ in throw unexpected("ToolRunner.onToolThread", sourceLocation) },
            checkRoom: { throw unexpected("ToolRunner.checkRoom", sourceLocation) })
    }
}

extension JobClient {
    /// Fails the test when it is used at all; `overriding` what the test expects to be used.
    static func failing(_ sourceLocation: SourceLocation = #_sourceLocation, overriding: (inout JobClient) -> Void = { _ in }) -> JobClient
    {
        var client = JobClient(
            checkRoom: { _, _ in throw unexpected("JobClient.checkRoom", sourceLocation) },
            enqueueJSON: { _, _, _ in throw unexpected("JobClient.enqueueJSON", sourceLocation) },
            waitForEnd: { _, _ in throw unexpected("JobClient.waitForEnd", sourceLocation) },
            find: { _, _ in throw unexpected("JobClient.find", sourceLocation) },
            wakeUp: { _ = unexpected("JobClient.wakeUp", sourceLocation) })
        overriding(&client)
        return client
    }
}

/// Records that `endpoint` was used where the test expected it not to be; the error to throw.
private func unexpected(_ endpoint: String, _ sourceLocation: SourceLocation) -> UnexpectedClientUse {
    Issue.record("\(endpoint) was used, and this test expected no call to it", sourceLocation: sourceLocation)
    return UnexpectedClientUse(endpoint: endpoint)
}

struct UnexpectedClientUse: Error {
    let endpoint: String
}

/// Counts calls made from `@Sendable` closures (a test client's).
final class CallCount: Sendable {
    private let count = NIOLockedValueBox(0)
    var value: Int { count.withLockedValue { $0 } }
    func add() { count.withLockedValue { $0 += 1 } }
}

extension MailTransport {
    /// Fails the test when any e-mail is handed to it.
    static func failing(_ sourceLocation: SourceLocation = #_sourceLocation) -> MailTransport {
        MailTransport { _ in throw unexpected("MailTransport.send", sourceLocation) }
    }
}

extension ConnectionsClient {
    /// Fails the test when anything is posted through it (and answers that it never will be).
    static func failing(_ sourceLocation: SourceLocation = #_sourceLocation) -> ConnectionsClient {
        ConnectionsClient { _, _ in .permanentFailure(unexpected("ConnectionsClient.send", sourceLocation).endpoint) }
    }
}

extension SMTPClient {
    /// A client of a test's SMTP peer whose session limit is long enough that a machine starved
    /// by the rest of the suite does not end the session (the time limit has its own test).
    static func patient(_ settings: SMTPSettings) -> SMTPClient {
        SMTPClient(settings: settings, timeout: .minutes(10))
    }
}
