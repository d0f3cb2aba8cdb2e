import Foundation
import Vapor

extension Request {
    /// Streams the request body into a new file in `directory` (under a generated name) and
    /// returns it; the caller removes it. Refuses with 413 a body larger than `maximumBytes`,
    /// before reading when `Content-Length` says so, else as soon as the count passes it; a body
    /// shorter than its `Content-Length` (the client went away) ends the work with 400.
    func receiveUpload(into directory: String, maximumBytes: Int) async throws -> URL {
        let declared = headers.first(name: .contentLength).flatMap { Int($0) }
        if let declared, declared > maximumBytes { throw AppError.uploadTooLarge(maximumBytes: maximumBytes, localizer: localizer) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = URL(fileURLWithPath: directory).appendingPathComponent("upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw Abort(.internalServerError, reason: "Cannot create \(file.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            var received = 0
            for try await buffer in body {
                received += buffer.readableBytes
                guard received <= maximumBytes else { throw AppError.uploadTooLarge(maximumBytes: maximumBytes, localizer: localizer) }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
            if let declared, received < declared { throw AppError.uploadIncomplete }
            return file
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }
}

extension Request {
    /// Writes a form's file (already in memory) to a new file in the upload directory and
    /// returns it; the caller removes it.
    func keepFormFile(_ data: ByteBuffer) throws -> URL {
        let directory = application.kineticConfiguration.uploadDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = URL(fileURLWithPath: directory).appendingPathComponent("upload-\(UUID().uuidString)")
        try Data(data.readableBytesView).write(to: file)
        return file
    }
}

extension Application {
    /// Removes what earlier runs left in the upload directory (a crash mid-import) and makes sure
    /// it exists. Called at start.
    func clearUploadDirectory() throws {
        let directory = kineticConfiguration.uploadDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in files where name.hasPrefix("upload-") {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
}
