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
              let listing = try await wishBoxes().listing(id) else { throw AppError.notFound }
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
            guard let occasion = Occasion(rawValue: name) else { throw AppError.validation(FieldErrors(["occasion": "wishes.error.occasion"])) }
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
    func checkedWishDraft(_ input: WishDraftInput, timeZone: TimeZone? = nil, errors known: FieldErrors = FieldErrors()) async throws -> WishDraft {
        var errors = known
        var draft: WishDraft?
        switch WishDraft.validate(input, timeZone: timeZone ?? senderTimeZone, now: now) {
        case .success(let checked): draft = checked
        case .failure(let failures): errors.merge(failures, prefix: nil)
        }
        if let draft {
            if case .uploaded(let id)? = draft.photo, try await !ownsWishPhoto(id) { errors.add("photo", "wishes.error.photo") }
            let delivery = application.kineticConfiguration.wishDelivery
            if draft.channels.contains(where: { !delivery.isAvailable($0) }) {
                errors.add("channels", "wishes.error.channels.unavailable")
            } else if let user = auth.get(User.self), draft.channels.contains(where: { !user.mayUse($0) }) {
                errors.add("channels", "wishes.error.channels.unconfirmed")
            }
        }
        guard errors.isEmpty, let draft else { throw AppError.validation(errors) }
        return draft
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
