import Foundation
import Testing
import VaporTesting

@testable import App

/// An upload that nothing waits for (its request died before its job went in) is removed at
/// the second look that finds it unnamed; one a job or an import waits for stays.
@Suite struct IncomingUploadsTests {
    @Test func anUploadNothingNames_goesAtTheSecondLook_andOneAJobWaitsForStays() async throws {
        try await withKinetic { app in
            await app.jobs.stop(drainingFor: 0)
            let forgotten = try SongImportJob.incomingKey(UUID())
            let waiting = try SongImportJob.incomingKey(UUID())
            let draft = try ReportImportJob.zipKey(UUID())
            for key in [forgotten, waiting, draft] { try await app.media.write(Data("bytes".utf8), as: key, contentType: "audio/mpeg") }
            try await app.jobs.queue.enqueue(
                SongImportJob.kind, owner: "ann",
                payload: SongImportJob(userID: UUID(), incoming: waiting.description, fileName: "a.mp3"), now: app.now)

            #expect(try await app.incomingUploads.sweep(app) == 0, "the first look only notes it")
            #expect(try await app.incomingUploads.sweep(app) == 2, "the forgotten song and the zip no import names")
            #expect(try await app.media.exists(waiting))
            #expect(try await !app.media.exists(forgotten))
            #expect(try await !app.media.exists(draft))
            // An upload kept just before its job went in is not taken at the next look.
            let late = try SongImportJob.incomingKey(UUID())
            try await app.media.write(Data("bytes".utf8), as: late, contentType: "audio/mpeg")
            #expect(try await app.incomingUploads.sweep(app) == 0)
        }
    }
}
