import Foundation
import KineticCore
import SQLKit
import Vapor

extension Request {
    /// The signed-in user's lists.
    func wishBoxes() throws -> WishBoxes {
        WishBoxes(database: db, userID: try requireUser().requireID())
    }

    /// The wish or Inbox item named by the `wishId` parameter, if it is the user's; 404 otherwise.
    func ownedWish() async throws -> WishListing {
        guard let id = parameters.get("wishId").flatMap(UUID.init(uuidString:)),
            let listing = try await wishBoxes().listing(id)
        else { throw AppError.notFound }
        return listing
    }

    /// The list named by `?box=` (`default` when absent); 422 for an unknown one.
    func requestedWishBox(default: WishBox? = nil) throws -> WishBox {
        let name = try? query.get(String.self, at: "box")
        guard let box = name.flatMap(WishBox.init(rawValue:)) ?? (name == nil ? `default` : nil) else {
            throw AppError.validation(FieldErrors(["box": "wishes.error.box"]))
        }
        return box
    }

    /// The search of `?q=` and `?occasion=`; 422 for an unknown occasion.
    func requestedWishFilter() throws -> WishListFilter {
        var filter = WishListFilter(phrase: SearchHistory.normalized((try? query.get(String.self, at: "q")) ?? ""))
        if let name = try? query.get(String.self, at: "occasion"), !name.isEmpty {
            guard let occasion = Occasion(rawValue: name) else {
                throw AppError.validation(FieldErrors(["occasion": "wishes.error.occasion"]))
            }
            filter.occasion = occasion
        }
        return filter
    }

    /// Where `?cursor=` says the page starts; nil for the first page, 422 for a cursor Kinetic did not write.
    func requestedWishCursor() throws -> WishListCursor? {
        guard let token = try? query.get(String.self, at: "cursor"), !token.isEmpty else { return nil }
        guard let cursor = WishListCursor(token: token) else { throw AppError.validation(FieldErrors(["cursor": "wishes.error.cursor"])) }
        return cursor
    }

    /// The sender's time zone: their setting, else the server's.
    var senderTimeZone: TimeZone {
        auth.get(User.self)?.timeZone ?? application.kineticConfiguration.timeZone
    }

    /// `input` checked as a wish the signed-in user may schedule now: every field's rule, plus
    /// a photo that is theirs and channels this server has set up and the user may use (only
    /// in-app until their address is confirmed). 422 naming every problem.
    /// `replacing`: the wish an edit replaces, whose recipients the sending limits do not count twice.
    func checkedWishDraft(
        _ input: WishDraftInput, timeZone: TimeZone? = nil, errors known: FieldErrors = FieldErrors(), replacing: UUID? = nil
    ) async throws -> WishDraft {
        var errors = known
        var arguments: [String: [String]] = [:]
        var draft: WishDraft?
        switch WishDraft.validate(input, timeZone: timeZone ?? senderTimeZone, now: now) {
        case .success(let checked): draft = checked
        case .failure(let failures): errors.merge(failures, prefix: nil)
        }
        if let draft {
            if case .uploaded(let id)? = draft.photo, try await !ownsWishPhoto(id) { errors.add("photo", "wishes.error.photo") }
            let configuration = application.kineticConfiguration
            if draft.channels.contains(where: { !configuration.offersWishChannel($0) }) {
                errors.add("channels", "wishes.error.channels.unavailable")
            } else if let user = auth.get(User.self), draft.channels.contains(where: { !user.mayUse($0) }) {
                errors.add("channels", "wishes.error.channels.unconfirmed")
            } else if draft.channels.contains(.email),
                let reached = try await sendingLimitReached(adding: draft.recipients.count, replacing: replacing)
            {
                let (key, values) = limitMessage(reached)
                errors.add("channels", key)
                arguments["channels"] = values
            }
        }
        guard errors.isEmpty, let draft else {
            var error = AppError.validation(errors)
            error.fieldArguments = arguments
            throw error
        }
        return draft
    }

    /// Whether `count` more e-mail recipients, scheduled now, pass the signed-in user's sending
    /// limits (``SendingLimits``), counting the recipients of the e-mails they scheduled in the
    /// last day (deleted wishes too: deleting gives nothing back).
    private func sendingLimitReached(adding count: Int, replacing: UUID?) async throws -> SendingLimits.Reached? {
        let user = try requireUser()
        let at = now.timeIntervalSince1970
        var query = try db.sql().select().column(SQLColumn("created_at", table: "wishes")).from(WishDeliveryRecord.schema)
            .join(
                WishRecord.schema, on: SQLColumn("wish_id", table: WishDeliveryRecord.schema), .equal,
                SQLColumn("id", table: WishRecord.schema)
            )
            .where(SQLColumn("sender_id", table: WishRecord.schema), .equal, SQLBind(try user.requireID()))
            .where(SQLColumn("channel", table: WishDeliveryRecord.schema), .equal, SQLBind(WishChannel.email.rawValue))
            .where(SQLColumn("created_at", table: WishRecord.schema), .greaterThan, SQLBind(at - SendingLimits.day))
        if let replacing { query = query.where(SQLColumn("id", table: WishRecord.schema), .notEqual, SQLBind(replacing)) }
        let earlier = try await query.all().map { try $0.decode(column: "created_at", as: Double.self) }
        return application.kineticConfiguration.wishDelivery.limits
            .check(adding: count, earlier: earlier, createdAt: user.createdAt?.timeIntervalSince1970, now: at)
    }

    /// The message of a sending limit reached, and what fills it.
    private func limitMessage(_ reached: SendingLimits.Reached) -> (String, [String]) {
        let perHour = reached.window == SendingLimits.hour
        let limit = localizer.number(reached.limit)
        guard let frees = reached.freesAt else {
            return (perHour ? "wishes.error.limit.hourAtOnce" : "wishes.error.limit.dayAtOnce", [limit])
        }
        let when = localizer.dateTime(Date(timeIntervalSince1970: frees), in: senderTimeZone)
        return (perHour ? "wishes.error.limit.hour" : "wishes.error.limit.day", [limit, when])
    }

    private func ownsWishPhoto(_ id: UUID) async throws -> Bool {
        try await db.sql().select().column("id").from("wish_photos")
            .where("id", .equal, id).where("owner_id", .equal, try requireUser().requireID()).first() != nil
    }
}

extension AppError {
    /// The answer to a refused change: 404 naming the ids that are not the user's, or 409
    /// while a delivery is going out.
    static func wishChange(_ refusal: WishChangeRefusal, field: String = "ids") -> AppError {
        switch refusal {
        case .notFound(let positions):
            var error = AppError.notFound
            for position in positions { error.fields.add("\(field)[\(position)]", "error.notFound") }
            return error
        case .beingSent:
            return .conflict(messageKey: "wishes.error.beingSent")
        }
    }
}

extension User {
    /// Whether the account may send on `channel`: in-app always; e-mail and Connections, which
    /// reach people outside Kinetic under the server's name, once its address is confirmed.
    func mayUse(_ channel: WishChannel) -> Bool {
        channel == .inApp || isVerified
    }
}
