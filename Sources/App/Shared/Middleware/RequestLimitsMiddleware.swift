import Vapor

/// What Kinetic refuses before any route reads a request:
/// - a path over ``maximumPathBytes``: 414 URI Too Long;
/// - a body in a content coding (`Content-Encoding: gzip` and the like): 415 Unsupported Media
///   Type, as RFC 9110 §15.5.16 says. No client of Kinetic compresses what it sends (a Health
///   export arrives as its own zip), so the server keeps no decompressor in front of every
///   request (``Application/refuseCodedRequestBodies()``) and no route ever reads coded bytes
///   as JSON, XML or a file;
/// - a body whose `Content-Length` is larger than the route reads (``Route/maximumBodyBytes``):
///   413 Content Too Large, before a byte of it is read.
struct RequestLimitsMiddleware: AsyncMiddleware {
    /// The longest request path answered; browsers and proxies allow about 8 KB for a whole URL,
    /// and none of Kinetic's paths comes near this.
    static let maximumPathBytes = 2_048

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard request.url.path.utf8.count <= Self.maximumPathBytes else { throw AppError.uriTooLong }
        guard Self.isIdentity(request.headers[.contentEncoding]) else { throw AppError.codedRequestBody }
        if let declared = request.headers.first(name: .contentLength).flatMap({ Int($0) }), declared > request.maximumBodyBytes {
            request.refuseBody()
            throw AppError.uploadTooLarge(maximumBytes: request.maximumBodyBytes, localizer: request.localizer)
        }
        return try await next.respond(to: request)
    }

    /// Whether `Content-Encoding` values say the body is as sent: none, or only `identity`.
    static func isIdentity(_ values: [String]) -> Bool {
        values.allSatisfy { value in
            value.split(separator: ",").allSatisfy {
                $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare("identity") == .orderedSame
            }
        }
    }
}

extension Application {
    /// Takes Vapor's request decompressor (on by default) out of the HTTP pipeline:
    /// ``RequestLimitsMiddleware`` answers 415 to a coded body, so inflating one first would be
    /// work for nothing, and the handler costs every request a few per cent.
    func refuseCodedRequestBodies() {
        http.server.configuration.requestDecompression = .disabled
    }

    /// Closes a connection that has gone ``KineticConfiguration/idleTimeoutSeconds`` without a
    /// byte either way: a client that stopped mid-headers or mid-body, or one whose refused
    /// upload Kinetic stopped reading.
    func closeIdleConnections() {
        http.server.configuration.idleTimeout = .seconds(Int64(kineticConfiguration.idleTimeoutSeconds))
    }
}
