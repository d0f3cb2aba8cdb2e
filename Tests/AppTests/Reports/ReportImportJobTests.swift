import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// A confirmed import is a job (`report.import`) that whichever instance is free runs, from the
/// zip waiting in the media store, its status in the database for every instance to read.
@Suite struct ReportImportJobTests {
    private let waitingZips = "incoming/report-imports/"

    /// Uploaded and confirmed on one instance, imported by another: the first stopped taking
    /// work, so only the second can have run it. Its status reads the same on both.
    @Test(.enabled(if: PDFTools.isAvailable)) func anImportConfirmedOnOneInstance_isRunByAnother() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { first in
            await first.jobs.stop(drainingFor: 0)
            let admin = try await first.signUp()
            try await first.grantAdmin(admin)
            let draft = try await first.draftReports(try fixtures.zipped(), token: admin.token)
            try #require(draft.status == .created, "\(draft.body.string)")
            #expect(try await first.media.list(under: MediaKey(waitingZips)).count == 1, "the zip waits in the store")

            var configuration = first.kineticConfiguration
            configuration.instanceID = "second-instance"
            let second = try await Application.make(.testing)
            do {
                try await configure(second, configuration)
                second.startJobWorkers()
                let runsEndedOnSecond = second.jobs.runsEnded
                let location = try #require(draft.headers.first(name: .location))
                let confirmed = try await first.json(.POST, location + "/confirm", token: admin.token)
                #expect(confirmed.status == .accepted)
                let statusURL = try #require(confirmed.headers.first(name: .location))
                // The second finds the job when it next looks, a poll interval on.
                let ended = try await first.followImport(statusURL, token: admin.token, movingOn: clock)
                #expect(ended.status == .ok, "\(ended.body.string)")
                // The import's status is written before its job is marked completed: waits for
                // the second's runs to end until it is (at once if it is).
                var seen = runsEndedOnSecond
                var job = try #require(try await JobRecord.query(on: first.db).filter(\.$kind == ReportImportJob.kind).first())
                for _ in 0..<60 where job.state == .executing {
                    await second.jobs.waitForEnd(upTo: 1, unlessSignalledSince: seen)
                    seen = second.jobs.runsEnded
                    job = try #require(try await JobRecord.find(job.requireID(), on: first.db))
                }
                #expect(job.state == .completed)
                #expect(job.attemptedBy == "second-instance")
                #expect(try await ReportsRepository(database: first.db).library()?.reportCount == 3)
                #expect(try await first.media.list(under: MediaKey(waitingZips)).isEmpty, "the zip goes once imported")
            } catch {
                try? await second.asyncShutdown()
                throw error
            }
            try await second.asyncShutdown()
        }
    }

    /// A try that follows a crash after the library was stored (the instance died before saying
    /// so) finds the library stamped with its confirmation and ends as imported, storing
    /// nothing twice; an import whose job ended without a word (every try's instance stopped)
    /// reads as interrupted.
    @Test(.enabled(if: PDFTools.isAvailable)) func aTryAfterACrash_endsWhatTheLastOneStored_andALostImportReadsInterrupted() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            #expect(try await app.importReports(try fixtures.zipped(), token: admin.token).status == .ok)
            let record = try #require(try await ReportImportRecord.query(on: app.db).first())
            let importID = try record.requireID()
            let imported = try #require(record.decodedStatus)
            let libraryBefore = try #require(try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: app.db))
            let previousBefore = try #require(try await PreviousReportLibraryRecord.find(on: app.db)).record.replacedAt

            // As the row stood while that try ran, and the job claimed again.
            var running = imported
            running.state = .importing
            running.finishedAt = nil
            running.summary = nil
            record.state = .importing
            record.status = try JobQueue.json(running)
            try await record.save(on: app.db)
            let job = try #require(try await JobRecord.find(try #require(record.jobID), on: app.db))
            _ = try await ReportImportJob.run(job, app)

            let status = try #require(try await app.reportImports(for: .server("tests")).status(importID))
            #expect(status.state == .imported)
            #expect(status.summary?.reports == 3)
            #expect(status.summary?.added == 3)
            let libraryAfter = try #require(try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: app.db))
            #expect(libraryAfter.importedAt == libraryBefore.importedAt, "not imported twice")
            #expect(try await PreviousReportLibraryRecord.find(on: app.db)?.record.replacedAt == previousBefore)

            // Every try's instance stopped: the job is discarded without a failure of its own.
            record.state = .importing
            record.status = try JobQueue.json(running)
            try await record.save(on: app.db)
            job.state = .discarded
            job.failure = nil
            job.finishedAt = testNow
            try await job.save(on: app.db)
            let lost = try #require(try await app.reportImports(for: .server("tests")).status(importID))
            #expect(lost.state == .failed)
            #expect(lost.failure?.code == "import_interrupted")
            #expect(try await app.reportImports(for: .server("tests")).running() == nil, "nothing blocks the next import")
            // And the next confirmation closes the lost one rather than answering 409.
            let next = try #require(try await app.draftReports(try fixtures.zipped(), token: admin.token).headers.first(name: .location))
            let confirmed = try await app.json(.POST, next + "/confirm", token: admin.token)
            #expect(confirmed.status == .accepted, "\(confirmed.body.string)")
            let closed = try #require(try await ReportImportRecord.find(importID, on: app.db))
            #expect(closed.state == .ended)
            #expect(closed.decodedStatus?.failure?.code == "import_interrupted")
            let statusURL = try #require(confirmed.headers.first(name: .location))
            #expect(try await app.followImport(statusURL, token: admin.token).status == .ok)
        }
    }

    /// While an import runs (on any instance) a second confirmation and an undo are refused;
    /// a replaced or discarded upload takes its zip with it.
    @Test(.enabled(if: PDFTools.isAvailable)) func whileAnImportRuns_anotherWaits_andUploadsLeaveNoZipBehind() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            await app.jobs.stop(drainingFor: 0) // the confirmed import stays queued
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            let zip = try fixtures.zipped()
            let first = try #require(try await app.draftReports(zip, token: admin.token).headers.first(name: .location))
            let second = try #require(try await app.draftReports(zip, token: admin.token).headers.first(name: .location))
            #expect(try await app.json(.GET, first, token: admin.token).status == .notFound, "replaced")
            #expect(try await app.media.list(under: MediaKey(waitingZips)).count == 1, "the replaced zip went with it")
            #expect(try await app.json(.POST, second + "/confirm", token: admin.token).status == .accepted)

            let third = try #require(try await app.draftReports(zip, token: admin.token).headers.first(name: .location))
            let refused = try await app.json(.POST, third + "/confirm", token: admin.token)
            #expect(refused.status == .conflict)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "conflict")
            #expect(try await app.json(.POST, "/api/v1/reports/import/undo", token: admin.token).status == .conflict)
            #expect(try await app.media.list(under: MediaKey(waitingZips)).count == 2, "the running import's and the waiting one's")
            #expect(try await app.testing().sendRequest(.DELETE, third, headers: bearer(admin)).status == .noContent)
            #expect(try await app.media.list(under: MediaKey(waitingZips)).count == 1)
        }
    }

    private func bearer(_ account: TestAccount) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.bearerAuthorization = BearerAuthorization(token: account.token)
        return headers
    }
}
