import KineticCompression
import Testing

@Suite struct CompressionTests {
    /// A page-like text: repetitive markup with some variety, about 40 KB.
    private static let page: [UInt8] = Array(
        (0..<400).map { "<li class=\"row\"><a href=\"/goals/\($0)\">Goal \($0 * 37 % 101)</a></li>\n" }.joined().utf8)

    @Test func gzip_roundTrips_andShrinksText() throws {
        let compressed = try Self.page.withUnsafeBytes { try Gzip.compress($0) }
        #expect(compressed.prefix(2) == [0x1F, 0x8B], "a gzip member's magic number")
        #expect(compressed.count * 5 < Self.page.count)
        #expect(try Gzip.decompress(compressed) == Self.page)
        let empty = try [UInt8]().withUnsafeBytes { try Gzip.compress($0) }
        #expect(try Gzip.decompress(empty).isEmpty)
    }

    @Test func gzip_refusesWhatIsNotGzip() {
        #expect(throws: CompressionFailure.self) { try Gzip.decompress(Array("not gzip at all".utf8)) }
    }

    @Test(.enabled(if: Brotli.isAvailable, "the system's libbrotli1"))
    func brotli_roundTrips_andBeatsGzip() throws {
        let gzip = try Self.page.withUnsafeBytes { try Gzip.compress($0, level: 9) }
        let brotli = try Self.page.withUnsafeBytes { try Brotli.compress($0, quality: 11) }
        #expect(brotli.count < gzip.count)
        #expect(try Brotli.decompress(brotli, maximumBytes: Self.page.count) == Self.page)
        let fast = try Self.page.withUnsafeBytes { try Brotli.compress($0, quality: 5) }
        #expect(try Brotli.decompress(fast, maximumBytes: Self.page.count) == Self.page)
        // Less room than the text needs is a failure, not a cut-short answer.
        #expect(throws: CompressionFailure.self) { try Brotli.decompress(brotli, maximumBytes: Self.page.count - 1) }
    }

    /// Debian's libbrotli1 is on every machine Kinetic is built on (curl needs it): its absence
    /// there would silently cost every browser a fifth more bytes.
    @Test func brotli_isFoundOnLinux() {
        #if os(Linux)
            #expect(Brotli.isAvailable)
        #endif
    }
}
