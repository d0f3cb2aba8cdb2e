import NIOCore

/// A server's reply: its three-digit code and the text of every line of it.
public struct SMTPReply: Sendable, Equatable {
    public let code: Int
    public let lines: [String]

    /// 2xx.
    public var isPositive: Bool { (200..<300).contains(code) }
    /// 3xx: go on (after DATA, during AUTH).
    public var isIntermediate: Bool { (300..<400).contains(code) }
    /// 5xx: will fail again; 4xx is worth another try later.
    public var isPermanentFailure: Bool { code >= 500 }

    /// The reply as one line for a delivery's reason (`550 5.1.1 no such user`).
    public var summary: String { "\(code) " + lines.joined(separator: " ").prefix(300) }
}

/// Frames the server's bytes into replies: lines ending in CRLF (or LF), `250-…` continuing a
/// reply and `250 …` ending it. A line without a code, or longer than 2,000 bytes, closes the
/// connection with ``SMTPFailure/malformedReply``.
struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply

    private var lines: [String] = []
    private static let longestLine = 2_000

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.longestLine { throw SMTPFailure.malformedReply("a line longer than \(Self.longestLine) bytes") }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        var line = buffer.readString(length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, bytes[0...2].allSatisfy({ (48...57).contains($0) }), let code = Int(String(line.prefix(3))),
            bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-")
        else {
            throw SMTPFailure.malformedReply(String(line.prefix(80)))
        }
        lines.append(bytes.count > 4 ? String(line.dropFirst(4)) : "")
        if bytes.count > 3 && bytes[3] == UInt8(ascii: "-") { return .continue }
        context.fireChannelRead(wrapInboundOut(SMTPReply(code: code, lines: lines)))
        lines = []
        return .continue
    }
}
