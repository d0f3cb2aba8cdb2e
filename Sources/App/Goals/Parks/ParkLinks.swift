import Fluent
import Foundation
import KineticCore
import Vapor

/// Parks' links to members, from both sides (see ``ParkLinkStatus``): a park asks for a member
/// by address, lists its links, and reports and reads sessions through an approved link; a
/// member lists the parks that asked, approves, declines and revokes. A park sees only its own
/// links, and only the sessions it reported itself.
struct ParkLinks {
    let database: any Database
    let now: Date

    /// The most links one park keeps: more is a runaway script, not a park.
    static let maximumLinksPerPark = 100_000

    // MARK: The park's side

    /// Asks `request.email`'s owner to let `park` report for them. Only an account that confirmed
    /// the address is asked (an address someone typed in without owning it is no one's). Answered
    /// the same whether the address has such an account or not (a link without one stays
    /// pending, and a declined link reads as pending to the park), so a park cannot find out who
    /// has an account. Asking again is the same link (see ``ParkLinkStatus/afterRequest``); a link
    /// not yet allowed goes to whoever confirmed the address since. The member's devices are told
    /// of each new request.
    func request(_ request: ParkLinkRequest, by park: ParkRecord, notifier: PushNotifier) async throws -> ParkLinkRecord {
        let parkID = try park.requireID()
        let emailHash = SecretToken.digest(request.email)
        let owner = try await User.query(on: database).filter(\.$email == request.email).filter(\.$emailVerifiedAt != nil).first()?.id
        if let existing = try await link(parkID: parkID, emailHash: emailHash) {
            return try await askAgain(existing, reference: request.reference, owner: owner, park: park, notifier: notifier)
        }
        guard try await ParkLinkRecord.query(on: database).filter(\.$park.$id == parkID).count() < Self.maximumLinksPerPark else {
            throw AppError(status: .conflict, code: "too_many_links", messageKey: "error.park.tooManyLinks")
        }
        let record = ParkLinkRecord()
        record.$park.id = parkID
        record.$user.id = owner
        record.emailHash = emailHash
        record.reference = request.reference
        record.status = ParkLinkStatus.pending.rawValue
        record.requestedAt = now
        do {
            try await record.create(on: database)
        } catch {
            // The same request at the same moment: the other one made the link.
            guard (error as? DatabaseError)?.isConstraintFailure == true,
                let existing = try await link(parkID: parkID, emailHash: emailHash)
            else { throw error }
            return existing
        }
        if let owner { try await notify(owner, of: park, notifier: notifier) }
        return record
    }

    /// A request for a link that exists. Each change is one conditional update of the columns it
    /// changes, so a member's answer at the same moment is never written over: a reference
    /// changes only the reference; a declined or revoked link is asked again only while it still
    /// is; a link not yet allowed moves to the address's confirmed owner.
    private func askAgain(
        _ link: ParkLinkRecord, reference: String?, owner: UUID?, park: ParkRecord, notifier: PushNotifier
    ) async throws -> ParkLinkRecord {
        let id = try link.requireID()
        if let reference, reference != link.reference {
            try await ParkLinkRecord.query(on: database).filter(\.$id == id).set(\.$reference, to: reference).update()
        }
        let status = link.linkStatus
        var asked = false
        if status.afterRequest != status || (status != .approved && link.$user.id != owner) {
            try await ParkLinkRecord.query(on: database).filter(\.$id == id).filter(\.$status == status.rawValue)
                .set(\.$status, to: status.afterRequest.rawValue).set(\.$user.$id, to: owner).set(\.$requestedAt, to: now)
                .set(\.$decidedAt, to: nil).update()
            asked = true
        }
        let current = try await ParkLinkRecord.find(id, on: database) ?? link
        if asked, current.linkStatus == .pending, let member = current.$user.id { try await notify(member, of: park, notifier: notifier) }
        return current
    }

    /// The park's links, newest request first, each with its member when the member approved.
    func links(of park: ParkRecord) async throws -> [(link: ParkLinkRecord, member: User?)] {
        let links = try await ParkLinkRecord.query(on: database).filter(\.$park.$id == park.requireID())
            .sort(\.$requestedAt, .descending).with(\.$user).all()
        return links.map { ($0, $0.linkStatus.letsParkReport ? $0.user : nil) }
    }

    /// The park's link `id` with its member, when the member approved it: 404 when it is not the
    /// park's, 403 (`link_not_approved`) while it is pending, declined or revoked.
    func approvedMember(_ id: UUID, of park: ParkRecord) async throws -> (link: ParkLinkRecord, member: User) {
        guard
            let link = try await ParkLinkRecord.query(on: database).filter(\.$id == id).filter(\.$park.$id == park.requireID())
                .with(\.$user).first()
        else { throw AppError.notFound }
        guard link.linkStatus.letsParkReport, let member = link.user else {
            throw AppError(status: .forbidden, code: "link_not_approved", messageKey: "error.park.linkNotApproved")
        }
        return (link, member)
    }

    // MARK: The member's side

    /// The parks that asked `userID`, newest request first (declined ones left out).
    func links(ofMember userID: UUID) async throws -> [(link: ParkLinkRecord, park: ParkRecord)] {
        try await ParkLinkRecord.query(on: database).filter(\.$user.$id == userID)
            .filter(\.$status != ParkLinkStatus.declined.rawValue).sort(\.$requestedAt, .descending).with(\.$park).all()
            .filter { $0.park.revokedAt == nil }.map { ($0, $0.park) }
    }

    /// The member's answer to link `id`: nil when the link is not theirs (or its park was
    /// removed). An answer that does not apply (approving an approved link) leaves it as it is;
    /// one that does is a conditional update, so a park's request at the same moment cannot undo it.
    func answer(_ id: UUID, _ answer: ParkLinkAnswer, userID: UUID) async throws -> ParkLinkRecord? {
        guard
            let link = try await ParkLinkRecord.query(on: database).filter(\.$id == id).filter(\.$user.$id == userID)
                .with(\.$park).first(), link.park.revokedAt == nil
        else { return nil }
        let status = link.linkStatus
        if let next = status.after(answer) {
            try await ParkLinkRecord.query(on: database).filter(\.$id == id).filter(\.$status == status.rawValue)
                .set(\.$status, to: next.rawValue).set(\.$decidedAt, to: now).update()
        }
        return try await ParkLinkRecord.query(on: database).filter(\.$id == id).with(\.$park).first()
    }

    private func link(parkID: UUID, emailHash: String) async throws -> ParkLinkRecord? {
        try await ParkLinkRecord.query(on: database).filter(\.$park.$id == parkID).filter(\.$emailHash == emailHash).first()
    }

    private func notify(_ userID: UUID, of park: ParkRecord, notifier: PushNotifier) async throws {
        let name = park.name
        try await notifier.notify(userID, of: .parkLink, on: database) { l in
            PushMessage(
                kind: .parkLink, title: l.t("parks.push.title", name), body: l.t("parks.push.body"), url: SiteURL.parkLinks.path,
                topic: "park-link")
        }
    }
}
