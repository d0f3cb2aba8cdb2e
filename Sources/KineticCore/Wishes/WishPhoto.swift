import Foundation

/// The one photo of a wish: a stock card or a photo its sender uploaded. Written
/// `stock:birthday-1` or `upload:<uuid>` in forms and the API.
public enum WishPhoto: Hashable, Sendable, CustomStringConvertible {
    case stock(String)
    case uploaded(UUID)

    /// Reads `stock:<id>` (a known card) or `upload:<uuid>`; nil for anything else.
    public init?(_ text: String) {
        if text.hasPrefix("stock:") {
            let id = String(text.dropFirst(6))
            guard WishStock.occasion(ofPhoto: id) != nil else { return nil }
            self = .stock(id)
        } else if text.hasPrefix("upload:"), let id = UUID(uuidString: String(text.dropFirst(7))) {
            self = .uploaded(id)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .stock(let id): "stock:\(id)"
        case .uploaded(let id): "upload:\(id.uuidString.lowercased())"
        }
    }
}
