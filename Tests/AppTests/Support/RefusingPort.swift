import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A port on 127.0.0.1 where connections are refused at once, for as long as this lives: a
/// socket bound to it that never listens. Bound, the port cannot be handed to another test's
/// peer meanwhile, as the port of a stopped peer could be.
final class RefusingPort: @unchecked Sendable {
    let port: Int
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
