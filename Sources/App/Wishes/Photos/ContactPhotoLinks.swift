import AsyncHTTPClient
import Foundation
import KineticCore
import NIOCore

/// Fetches the photo an address book links to (Google Contacts writes
/// `https://lh3.googleusercontent.com/…` in its CSV's `Photo` column and its vCards), from a
/// host ``WishContactSettings/photoHosts`` allows only, with the server's outbound HTTP client
/// (no redirect followed), taking at most ``ContactPhoto/maximumBytes``. What it fetched is
/// checked as any photo is before it is kept. A test passes its own.
struct ContactPhotoLinks: Sendable {
    var fetch: @Sendable (_ link: String) async -> Result<[UInt8], Failure>

    /// Why a linked photo was not fetched; each has its message for the import's preview.
    enum Failure: Error, Equatable {
        /// The link's host is not one the server fetches from.
        case hostNotAllowed
        /// No answer, a refusal or a redirect.
        case unreachable
        case tooLarge

        var messageKey: String {
            switch self {
            case .hostNotAllowed: "wishes.contacts.import.photoHostNotAllowed"
            case .unreachable: "wishes.contacts.import.photoUnreachable"
            case .tooLarge: "wishes.contacts.import.photoTooLargeLink"
            }
        }
    }

    /// How long one photo may take to arrive.
    static let timeout: TimeAmount = .seconds(15)

    static func live(http: HTTPClient, allowed: HostAllowlist) -> ContactPhotoLinks {
        ContactPhotoLinks { link in
            guard let url = URL(string: link), allowed.allows(url) else { return .failure(.hostNotAllowed) }
            do {
                var request = HTTPClientRequest(url: url.absoluteString)
                request.headers.add(name: "Accept", value: "image/jpeg, image/png, image/*;q=0.8")
                let response = try await http.execute(request, timeout: timeout)
                guard response.status == .ok else { return .failure(.unreachable) }
                if let length = response.headers.first(name: "Content-Length").flatMap({ Int(asciiDigits: $0) }),
                    length > ContactPhoto.maximumBytes
                {
                    return .failure(.tooLarge)
                }
                let body = try await response.body.collect(upTo: ContactPhoto.maximumBytes)
                return .success([UInt8](buffer: body))
            } catch is NIOTooManyBytesError {
                return .failure(.tooLarge)
            } catch {
                return .failure(.unreachable)
            }
        }
    }
}
