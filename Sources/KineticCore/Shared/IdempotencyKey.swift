/// The rules of `Idempotency-Key` on the API's `POST`s (after the IETF httpapi draft): a client
/// that did not hear the answer sends the same request with the same key again and gets the
/// first answer back, and nothing is created twice.
public enum IdempotencyKey {
    /// How long an answer is kept for a retry: a day, as Stripe and the draft's examples do.
    public static let lifetimeSeconds: Double = 24 * 3600
    /// Bodies up to this size are compared byte for byte (through their digest) when a key comes
    /// back; larger uploads by their length and type, which keeps them streaming.
    public static let comparedBodyBytes = 1 << 20

    /// Whether `key` is one Kinetic takes: a UUID, which a client makes for each thing it means
    /// to do (`UUID().uuidString`), so two intents never share a key by chance.
    public static func isValid(_ key: String) -> Bool {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// What a repeated key is checked against: the same method, path and query, and body.
    /// `body` is the body's digest in hex, or for a large upload its length and type.
    public static func fingerprint(method: String, pathAndQuery: String, body: String) -> String {
        [method, pathAndQuery, body].joined(separator: "\n")
    }

    /// A first request unanswered this long is taken for lost (its server stopped mid-way):
    /// a retry runs instead of waiting for it. Longer than any request runs (a 200 MB upload on a
    /// slow phone link included).
    public static let abandonedAfterSeconds: Double = 30 * 60

    /// What a request with a key already seen gets.
    public enum Outcome: Equatable, Sendable {
        /// The first answer, again.
        case replay
        /// 422: the key came with another request; it names one intent only.
        case reusedForAnotherRequest
        /// 409: the first request with it is still running; try again in a moment.
        case stillRunning
        /// The first request never answered: this one runs in its place.
        case runAgain
    }

    /// The outcome for a request whose fingerprint is `fingerprint`, given the one stored with
    /// the key, whether its answer is stored yet, and how long ago the first request started.
    public static func outcome(stored: String, answered: Bool, startedSecondsAgo: Double, fingerprint: String) -> Outcome {
        guard stored == fingerprint else { return .reusedForAnotherRequest }
        if answered { return .replay }
        return startedSecondsAgo < abandonedAfterSeconds ? .stillRunning : .runAgain
    }
}
