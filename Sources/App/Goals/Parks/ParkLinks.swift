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

    /// Asks `request.email`'s owner to let `park` report for them. Answered the same whether the
    /// address has an account or not (a link without one stays pending), so a park cannot find
    /// out who has an account; asking again is the same link (see ``ParkLinkStatus/afterRequest``).
    /// The member's devices are told of a new request.
    func request(_ request: ParkLinkRequest, by park: ParkRecord, notifier: PushNotifier) async throws -> ParkLinkRecord {
        let parkID = try park.requireID()
        let emailHash = SecretToken.digest(request.email)
        let user = try await User.query(on: database).filter(\.$email == request.email).first()
        if let existing = try await link(parkID: parkID, emailHash: emailHash) {
            let status = existing.linkStatus.afterRequest
            if status != existing.linkStatus || (request.reference != nil && request.reference != existing.reference) {
                existing.status = status.rawValue
                existing.reference = request.reference ?? existing.reference
                if status != existing.linkStatus { existing.requestedAt = now }
                existing.$user.id = existing.$user.id ?? user?.id
                try await existing.save(on: database)
                if status == .pending, let userID = existing.$user.id { try await notify(userID, of: park, notifier: notifier) }
            }
            return existing
        }
        guard try await ParkLinkRecord.query(on: database).filter(\.$park.$id == parkID).count() < Self.maximumLinksPerPark else {
            throw AppError(status: .conflict, code: "too_many_links", messageKey: "error.park.tooManyLinks")
        }
        let record = ParkLinkRecord()
        record.$park.id = parkID
        record.$user.id = user?.id
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
        if let userID = user?.id { try await notify(userID, of: park, notifier: notifier) }
        return record
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

    /// The member's answer to link `id`: nil when the link is not theirs. An answer that does
    /// not apply (approving an approved link) leaves the link as it is.
    func answer(_ id: UUID, _ answer: ParkLinkAnswer, userID: UUID) async throws -> ParkLinkRecord? {
        guard let link = try await ParkLinkRecord.query(on: database).filter(\.$id == id).filter(\.$user.$id == userID).first()
        else { return nil }
        if let status = link.linkStatus.after(answer) {
            link.status = status.rawValue
            link.decidedAt = now
            try await link.save(on: database)
        }
        return link
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
