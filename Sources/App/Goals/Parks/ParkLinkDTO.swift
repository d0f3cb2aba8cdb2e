import Foundation
import KineticCore
import Vapor

/// A link as its park sees it: the member's name only once they approved it, and a declined
/// request as a pending one (only an account can decline, so saying so would tell the park the
/// address has one).
struct ParkLinkDTO: Content {
    struct Member: Content {
        let name: String
    }

    let id: String
    let status: String
    @NullEncoded var reference: String?
    @NullEncoded var member: Member?
    let requestedAt: String
    @NullEncoded var decidedAt: String?

    init(_ link: ParkLinkRecord, member: User?) throws {
        id = try link.requireID().uuidString.lowercased()
        let declined = link.linkStatus == .declined
        status = declined ? ParkLinkStatus.pending.rawValue : link.linkStatus.rawValue
        reference = link.reference
        self.member = member.map { Member(name: $0.name) }
        requestedAt = link.requestedAt.formatted(.iso8601)
        decidedAt = declined ? nil : link.decidedAt?.formatted(.iso8601)
    }
}

/// A link as its member sees it: which park asks, and what they answered.
struct MemberParkLinkDTO: Content {
    let id: String
    let parkName: String
    let status: String
    @NullEncoded var reference: String?
    let requestedAt: String
    @NullEncoded var decidedAt: String?

    init(_ link: ParkLinkRecord, park: ParkRecord) throws {
        id = try link.requireID().uuidString.lowercased()
        parkName = park.name
        status = link.linkStatus.rawValue
        reference = link.reference
        requestedAt = link.requestedAt.formatted(.iso8601)
        decidedAt = link.decidedAt?.formatted(.iso8601)
    }
}
