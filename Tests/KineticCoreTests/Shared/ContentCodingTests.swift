import KineticCore
import Testing

@Suite struct ContentCodingTests {
    private let both: [ContentCoding] = [.brotli, .gzip]

    @Test func aBrowser_getsBrotli_andAClientOfGzipOnly_getsGzip() {
        #expect(ContentCoding.preferred(acceptEncoding: ["gzip, deflate, br, zstd"], available: both) == .brotli)
        #expect(ContentCoding.preferred(acceptEncoding: ["gzip, deflate"], available: both) == .gzip)
        #expect(ContentCoding.preferred(acceptEncoding: ["x-gzip"], available: both) == .gzip)
        // Without the system's Brotli, gzip.
        #expect(ContentCoding.preferred(acceptEncoding: ["br, gzip"], available: [.gzip]) == .gzip)
    }

    @Test func weights_decide_andZeroRefuses() {
        #expect(ContentCoding.preferred(acceptEncoding: ["br;q=0.4, gzip;q=0.9"], available: both) == .gzip)
        #expect(ContentCoding.preferred(acceptEncoding: ["br;q=0, gzip"], available: both) == .gzip)
        #expect(ContentCoding.preferred(acceptEncoding: ["gzip;q=0", "br;q=0"], available: both) == nil)
        #expect(ContentCoding.preferred(acceptEncoding: ["*"], available: both) == .brotli)
        #expect(ContentCoding.preferred(acceptEncoding: ["*;q=0.5, br;q=0"], available: both) == .gzip)
        #expect(ContentCoding.preferred(acceptEncoding: ["GZIP ; Q=1"], available: both) == .gzip)
    }

    @Test func noField_orNothingKnown_meansTheBodyAsItIs() {
        #expect(ContentCoding.preferred(acceptEncoding: [], available: both) == nil)
        #expect(ContentCoding.preferred(acceptEncoding: [""], available: both) == nil)
        #expect(ContentCoding.preferred(acceptEncoding: ["identity, deflate"], available: both) == nil)
        // A weight that is no number counts as none given.
        #expect(ContentCoding.preferred(acceptEncoding: ["gzip;q=lots"], available: both) == .gzip)
        #expect(ContentCoding.preferred(acceptEncoding: ["gzip;q=7"], available: both) == .gzip)
    }

    @Test func text_compresses_mediaDoesNot() {
        for type in [
            "text/html; charset=utf-8", "text/css", "application/json", "application/problem+json", "application/javascript",
            "image/svg+xml", "application/manifest+json", "TEXT/PLAIN",
        ] {
            #expect(ContentCoding.compresses(mediaType: type), "\(type)")
        }
        for type in [
            "image/png", "image/jpeg", "audio/mpeg", "application/pdf", "application/zip", "application/octet-stream", "nonsense", "",
        ] {
            #expect(!ContentCoding.compresses(mediaType: type), "\(type)")
        }
    }
}
