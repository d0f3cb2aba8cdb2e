import Foundation
import KineticCore
import Vapor

/// A link as its park sees it: the member's name only once they approved it.
struct ParkLinkDTO: Content {
    struct Member: Content {
        let name: String
    }

    let id: UUID
    let status: String
    @NullEncoded var reference: String?
    @NullEncoded var member: Member?
    let requestedAt: String
    @NullEncoded var decidedAt: String?

    init(_ link: ParkLinkRecord, member: User?) throws {
        id = try link.requireID()
        status = link.linkStatus.rawValue
        reference = link.reference
        self.member = member.map { Member(name: $0.name) }
        requestedAt = link.requestedAt.formatted(.iso8601)
        decidedAt = link.decidedAt?.formatted(.iso8601)
    }
}

/// A link as its member sees it: which park asks, and what they answered.
struct MemberParkLinkDTO: Content {
    let id: UUID
    let parkName: String
    let status: String
    @NullEncoded var reference: String?
    let requestedAt: String
    @NullEncoded var decidedAt: String?

    init(_ link: ParkLinkRecord, park: ParkRecord) throws {
        id = try link.requireID()
        parkName = park.name
        status = link.linkStatus.rawValue
        reference = link.reference
        requestedAt = link.requestedAt.formatted(.iso8601)
        decidedAt = link.decidedAt?.formatted(.iso8601)
    }
}
