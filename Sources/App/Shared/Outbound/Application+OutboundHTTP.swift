import AsyncHTTPClient
import Vapor

extension Application {
    private struct OutboundHTTPClientKey: StorageKey { typealias Value = HTTPClient }

    /// The HTTP client for calls to other servers at addresses users gave (a phone's push
    /// service, a contact's photo): it follows no redirect, because the address was checked
    /// and where a redirect points was not, and it gives up on a connection after 10 seconds
    /// and on a silent answer after 30.
    var outboundHTTP: HTTPClient {
        storage.configured(OutboundHTTPClientKey.self, "the outbound HTTP client")
    }

    /// Makes ``outboundHTTP``; called once by `configure`.
    func prepareOutboundHTTP() {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.httpVersion = .automatic
        let http = HTTPClient(eventLoopGroupProvider: .shared(eventLoopGroup), configuration: configuration)
        storage.set(OutboundHTTPClientKey.self, to: http) { try $0.syncShutdown() }
    }
}
