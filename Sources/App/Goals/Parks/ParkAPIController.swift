import Fluent
import KineticCore
import Vapor

/// The parks' API (`/api/v1/park/…`, signed in with a park's key): ask members to link, list
/// the links, and report and read sessions through an approved link.
struct ParkAPIController {
    func requestLink(_ request: Request) async throws -> Response {
        let park = try request.auth.require(ParkRecord.self)
        let input = try await ParkLinkRequest.validate(JSONMemberReader.object(request.jsonBody()).get().members).get()
        let link = try await request.parkLinks.request(input, by: park, notifier: request.application.pushNotifier)
        let member = link.linkStatus.letsParkReport ? try await link.$user.get(on: request.db) : nil
        let response = Response(status: .accepted)
        try response.content.encode(ParkLinkDTO(link, member: member))
        return response
    }

    func links(_ request: Request) async throws -> [ParkLinkDTO] {
        let park = try request.auth.require(ParkRecord.self)
        return try await request.parkLinks.links(of: park).map { try ParkLinkDTO($0.link, member: $0.member) }
    }

    /// Stores a session for the link's member, as the member's own report would be stored
    /// (checked, once per date, times and park), noted as this park's, under the park's name.
    func addSession(_ request: Request) async throws -> Response {
        let park = try request.auth.require(ParkRecord.self)
        let (_, member) = try await request.parkLinks.approvedMember(try linkID(request), of: park)
        var members = try await JSONMemberReader.object(request.jsonBody()).get().members
        guard members["parkName"] == nil else { throw AppError.validation(FieldErrors(["parkName": "error.field.unknown"])) }
        members["parkName"] = .string(park.name)
        let goals = GoalsService(
            database: request.db, user: member, userID: try member.requireID(), calendar: request.application.userCalendar(for: member))
        let stored = try await goals.addSession(members, parkID: try park.requireID())
        let response = Response(status: { if case .created = stored { .created } else { .ok } }())
        try response.content.encode(JumpSessionDTO(stored.stored))
        return response
    }

    /// The sessions this park reported for the link's member, newest first (none of the
    /// member's others).
    func sessions(_ request: Request) async throws -> [JumpSessionDTO] {
        let park = try request.auth.require(ParkRecord.self)
        let (_, member) = try await request.parkLinks.approvedMember(try linkID(request), of: park)
        return try await GoalsRepository(database: request.db, userID: try member.requireID())
            .sessions(reportedBy: try park.requireID()).map(JumpSessionDTO.init)
    }

    private func linkID(_ request: Request) throws -> UUID {
        guard let id = request.parameters.get("linkId").flatMap(UUID.init(uuidString:)) else { throw AppError.notFound }
        return id
    }
}

/// A member's side of the parks' links, in the API (`/api/v1/park-links`).
struct MemberParkLinksAPIController {
    func list(_ request: Request) async throws -> [MemberParkLinkDTO] {
        let user = try request.requireUser()
        return try await request.parkLinks.links(ofMember: try user.requireID()).map { try MemberParkLinkDTO($0.link, park: $0.park) }
    }

    func approve(_ request: Request) async throws -> MemberParkLinkDTO {
        try await answer(request, .approve)
    }

    /// Declines a pending link, or revokes an approved one: 204 either way.
    func decline(_ request: Request) async throws -> HTTPStatus {
        _ = try await answer(request, .decline)
        return .noContent
    }

    private func answer(_ request: Request, _ answer: ParkLinkAnswer) async throws -> MemberParkLinkDTO {
        let user = try request.requireUser()
        guard let id = request.parameters.get("linkId").flatMap(UUID.init(uuidString:)),
            let link = try await request.parkLinks.answer(id, answer, userID: try user.requireID())
        else { throw AppError.notFound }
        return try MemberParkLinkDTO(link, park: try await link.$park.get(on: request.db))
    }
}

extension Request {
    var parkLinks: ParkLinks { ParkLinks(database: db, now: now) }
}
