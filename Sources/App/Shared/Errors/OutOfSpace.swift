import Foundation
import NIOCore

/// Whether an error says the disk is full: Foundation's "out of space" (640), ENOSPC or EDQUOT
/// as a POSIX or NIO error, or any of these underneath. Such an error answers 507, not 500.
enum OutOfSpace {
    static func matches(_ error: any Error) -> Bool {
        if let io = error as? IOError { return [ENOSPC, EDQUOT].contains(io.errnoCode) }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteOutOfSpaceError { return true }
        if nsError.domain == NSPOSIXErrorDomain, [Int(ENOSPC), Int(EDQUOT)].contains(nsError.code) { return true }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError { return matches(underlying) }
        return false
    }
}
