/// Why a session with the mail server did not get as far as the messages' outcomes. Every case
/// but ``authenticationRefused`` (and a refused STARTTLS that was required) is worth another try later.
public enum SMTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection, or it broke.
    case connection(String)
    /// The server said something that is not an SMTP reply.
    case malformedReply(String)
    /// The server answered a step with an error (`step`: what the client asked).
    case refused(step: String, reply: SMTPReply)
    /// STARTTLS was required and the server does not offer it.
    case startTLSUnavailable
    /// The server refused the user and password.
    case authenticationRefused(SMTPReply)
    /// The session took longer than its time limit.
    case timedOut

    /// Whether trying again later may succeed.
    public var isTemporary: Bool {
        switch self {
        case .authenticationRefused, .startTLSUnavailable: false
        case .refused(_, let reply): !reply.isPermanentFailure
        default: true
        }
    }

    public var description: String {
        switch self {
        case .connection(let reason): "SMTP connection: \(reason)"
        case .malformedReply(let line): "SMTP server sent a malformed reply: \(line)"
        case .refused(let step, let reply): "SMTP \(step) refused: \(reply.summary)"
        case .startTLSUnavailable: "the SMTP server does not offer STARTTLS, which the settings require"
        case .authenticationRefused(let reply): "SMTP authentication refused: \(reply.summary)"
        case .timedOut: "the SMTP server did not answer in time"
        }
    }
}

/// What became of one recipient of one message.
public enum MailRecipientOutcome: Sendable, Equatable {
    /// The server took the message for this recipient (`250` after the data).
    case accepted
    /// Refused for now (4xx); worth another try.
    case temporaryFailure(String)
    /// Refused for good (5xx).
    case permanentFailure(String)
}
