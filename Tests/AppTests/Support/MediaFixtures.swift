import Foundation
import Testing

@testable import App

/// Media files made with ffmpeg for the tests (songs, photos).
enum MediaFixtures {
    /// Runs ffmpeg as the application runs its tools (``ToolProcess``): one way of starting and
    /// reaping processes in the test process. Foundation's `Process` beside it lost a tool's
    /// exit when a fixture took long enough to overlap it (a 10-second limit ran out on `sh`).
    static func ffmpeg(_ arguments: [String]) async throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try await ToolProcess.run("/usr/bin/ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments + [output.path], timeout: 120)
        return try Data(contentsOf: output)
    }
}

/// Pictures for the photo tests: made by ffmpeg, with metadata a phone would add spliced in.
enum ImageFixtures {
    /// A test pattern `width` × `height` as `codec` (`mjpeg`, `png`, `libwebp`).
    static func picture(width: Int, height: Int, codec: String = "mjpeg") async throws -> Data {
        try await MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height)", "-frames:v", "1", "-c:v", codec, "-f", "image2",
        ])
    }

    /// A JPEG as a phone writes it: an EXIF block (orientation `orientation`, camera make
    /// "SecretCam") and a comment with a position, before the picture itself.
    static func phoneJPEG(width: Int, height: Int, orientation: UInt8) async throws -> Data {
        let jpeg = try await picture(width: width, height: height)
        // TIFF, little-endian: IFD0 with Make (ASCII, at offset 38) and Orientation.
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00]
        tiff += [0x0F, 0x01, 0x02, 0x00, 0x0A, 0x00, 0x00, 0x00, 0x26, 0x00, 0x00, 0x00]
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00] + Array("SecretCam\0".utf8)
        let exif = Array("Exif\0\0".utf8) + tiff
        let comment = Array("GPS 52.5200,13.4050".utf8)
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE1] + bigEndian16(exif.count + 2) + exif
        bytes += [0xFF, 0xFE] + bigEndian16(comment.count + 2) + comment
        bytes += jpeg.dropFirst(2)
        return Data(bytes)
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
