import Foundation
import KineticCore
import Testing

@Suite struct WishPhotoCheckTests {
    private func png(width: UInt32, height: UInt32) -> [UInt8] {
        let be = { (v: UInt32) in [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(width) + be(height) + [
            8, 6, 0, 0, 0,
        ]
    }

    private func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [0, 0, 0, 0] + payload + Array(repeating: 0, count: 16)
    }

    @Test func headers_sayWhatAPictureIsAndHowLarge_fromItsBytes() throws {
        #expect(try WishPhotoCheck.check(header: png(width: 640, height: 480)).get() == .init(format: .png, width: 640, height: 480))
        // VP8 (lossy): a key frame's start code, then 14-bit sizes.
        let lossy = webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A, 0x80, 0x02, 0xE0, 0x01])
        #expect(try WishPhotoCheck.check(header: lossy).get() == .init(format: .webp, width: 640, height: 480))
        // VP8L (lossless): 14 bits each of width − 1 and height − 1.
        let bits: UInt32 = 639 | (479 << 14)
        let lossless = webp("VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)])
        #expect(try WishPhotoCheck.check(header: lossless).get() == .init(format: .webp, width: 640, height: 480))
        let extended = webp("VP8X", [0x10, 0, 0, 0, 0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00])
        #expect(try WishPhotoCheck.check(header: extended).get() == .init(format: .webp, width: 640, height: 480))
    }

    @Test func aJPEGsFrameHeader_isFoundPastItsEXIF_withTheOrientation() {
        for (order, orientation) in [([UInt8](arrayLiteral: 0x49, 0x49), 6), ([0x4D, 0x4D], 8)] {
            let little = order[0] == 0x49
            let two = { (v: Int) -> [UInt8] in little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
            let four = { (v: Int) -> [UInt8] in little ? [UInt8(v), 0, 0, 0] : [0, 0, 0, UInt8(v)] }
            let tiff = order + two(42) + four(8) + two(1) + two(0x0112) + two(3) + four(1) + two(orientation) + [0, 0] + four(0)
            let exif = Array("Exif\0\0".utf8) + tiff
            var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
            jpeg += [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x00] // a table before the frame
            jpeg += [0xFF, 0xC2, 0x00, 0x11, 0x08, 0x0F, 0xA0, 0x0B, 0xB8, 0x03]
            let header = try? WishPhotoCheck.check(header: jpeg).get()
            #expect(header == .init(format: .jpeg, width: 3000, height: 4000, orientation: orientation))
        }
    }

    @Test func whatIsNotAPictureOfAFairSize_isRefused() {
        #expect(WishPhotoCheck.check(header: Array("GIF89a hello".utf8)) == .failure(.notAnImage))
        #expect(WishPhotoCheck.check(header: [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) == .failure(.notAnImage))
        #expect(WishPhotoCheck.check(header: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00]) == .failure(.notAnImage))
        #expect(WishPhotoCheck.check(header: png(width: 31, height: 500)) == .failure(.tooSmall))
        #expect(WishPhotoCheck.check(header: png(width: 100_000, height: 100_000)) == .failure(.tooLarge))
        #expect(WishPhotoCheck.check(header: png(width: 10_000, height: 10_000)) == .failure(.tooLarge))
        #expect((try? WishPhotoCheck.check(header: png(width: 8064, height: 6048)).get()) != nil)
    }

    @Test func theStoredSize_isUpright_andFitsTheLongestSide() {
        #expect(WishPhotoCheck.storedSize(of: .init(format: .jpeg, width: 4032, height: 3024, orientation: 6)) == (1536, 2048))
        #expect(WishPhotoCheck.storedSize(of: .init(format: .jpeg, width: 4032, height: 3024, orientation: 1)) == (2048, 1536))
        #expect(WishPhotoCheck.storedSize(of: .init(format: .png, width: 800, height: 600)) == (800, 600))
        #expect(WishPhotoCheck.uprightFilters(6) == ["transpose=1"] && WishPhotoCheck.uprightFilters(1).isEmpty)
    }

    /// A JPEG of `scans` start-of-scan segments, each followed by coded bytes with a stuffed
    /// `FF 00` and a restart marker, as a progressive encoder writes them.
    private func jpeg(scans: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
        bytes += [0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x00, 0x40, 0x00, 0x40, 0x01, 0x01, 0x11, 0x00]
        for _ in 0..<scans {
            bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
            bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        }
        return bytes + [0xFF, 0xD9]
    }

    @Test func theScansOfAJPEG_areCounted_andACountPastTheLimitStops() {
        #expect(WishPhotoCheck.scanCount(ofJPEG: jpeg(scans: 1)) == 1)
        #expect(WishPhotoCheck.scanCount(ofJPEG: jpeg(scans: 10)) == 10)
        #expect(WishPhotoCheck.scanCount(ofJPEG: jpeg(scans: 8_000)) == WishPhotoCheck.maximumScans + 1)
        #expect(WishPhotoCheck.scanCount(ofJPEG: [0x89, 0x50, 0x4E, 0x47]) == nil)
        // A segment whose length runs past the end is left to the decoder.
        #expect(WishPhotoCheck.scanCount(ofJPEG: [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF]) == nil)
        #expect(WishPhotoCheck.Problem.tooManyScans(8_000).messageArguments == ["8000", "100"])
    }
}
