import Foundation
import KineticCore
import Vapor

/// What a Wishes request asks for, read from its path and query (the operations are
/// ``WishesService``'s).
extension Request {
    /// The wish named by the `wishId` parameter; nil when it is not an id.
    var requestedWishID: UUID? { parameters.get("wishId").flatMap(UUID.init(uuidString:)) }

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
    func requestedWishCursor(for filter: WishListFilter) throws -> WishListCursor? {
        guard let token = try? query.get(String.self, at: "cursor"), !token.isEmpty else { return nil }
        // A search's cursor carries the rank of its row; a list's does not.
        guard let cursor = WishListCursor(token: token),
            (cursor.score != nil) == !WishSearchText.searchWords(filter.phrase).isEmpty
        else { throw AppError.validation(FieldErrors(["cursor": "wishes.error.cursor"])) }
        return cursor
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
