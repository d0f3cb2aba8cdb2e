import Foundation

/// A park's link to one member: the park asks (with the member's address), the member approves
/// or declines in Settings, and may revoke an approved link at any time. Only an approved link
/// lets the park report sessions for the member or read the sessions it reported.
public enum ParkLinkStatus: String, CaseIterable, Sendable, Codable {
    case pending, approved, declined, revoked

    /// Whether the park may report sessions for the member and read the ones it reported.
    public var letsParkReport: Bool { self == .approved }

    /// What a park's new request makes of a link in this state: a pending or approved link stays
    /// as it is (a request is idempotent); a declined or revoked one is asked again (pending),
    /// since the member may have changed their mind: they see the request again and may decline.
    public var afterRequest: ParkLinkStatus {
        switch self {
        case .pending, .approved: self
        case .declined, .revoked: .pending
        }
    }

    /// The state a member's answer leads to from this one; nil when the answer does not apply
    /// (approving a link that is approved already is no change, nor is declining a declined one).
    public func after(_ answer: ParkLinkAnswer) -> ParkLinkStatus? {
        switch (self, answer) {
        case (.pending, .approve): .approved
        case (.pending, .decline): .declined
        case (.approved, .decline): .revoked
        default: nil
        }
    }
}

/// What a member says to a park's link: approve it, or decline it (revoking it when approved).
public enum ParkLinkAnswer: String, Sendable {
    case approve, decline
}

/// A park's request to link a member (`POST /api/v1/park/links`), validated.
public struct ParkLinkRequest: Equatable, Sendable {
    /// The member's address, normalized as accounts keep it.
    public let email: String
    /// The park's own name for the member (a membership number); at most 80 characters.
    public let reference: String?

    public static let maximumReferenceLength = 80

    /// Reads `email` (required) and `reference` (optional, trimmed; empty is none).
    public static func validate(_ members: [String: JSONValue]) -> Result<ParkLinkRequest, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["email", "reference"])
        let email = reader.string("email").flatMap { text -> String? in
            guard let email = EmailAddressSyntax.normalized(text) else {
                reader.fail("email", "error.email.invalid")
                return nil
            }
            return email
        }
        let reference = reader.string("reference", .optional).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let reference, reference.count > maximumReferenceLength { reader.fail("reference", "error.park.referenceTooLong") }
        return reader.result(email.map { ParkLinkRequest(email: $0, reference: reference?.isEmpty == false ? reference : nil) })
    }
}
