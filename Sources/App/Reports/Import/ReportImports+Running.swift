import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

/// A confirmed import as it runs: started as a job, its status as it goes, and its end.
extension ReportImports {
    /// Starts importing the draft `id` as its preview showed it, as a job whichever instance is
    /// free runs (``ReportImportJob``): its status (``ReportImportStatus``) tells how far it
    /// has got and how it ended, while the library stays readable. 404 when the draft is no
    /// longer waiting, 409 while another import runs, and 409 (the draft dropped) when the
    /// library changed since its preview (the import checks that again as it stores).
    func start(_ id: UUID, for userID: UUID) async throws -> ReportImportStatus {
        guard PDFTools.isAvailable else { throw PDFTools.toolsMissing }
        guard let draft = try await draft(id) else { throw ReportImportDraft.gone }
        let current = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database)
        guard ReportLibraryImporter.LibraryVersion(importedAt: current?.importedAt) == draft.basis else {
            if !(try await Self.deleteWaitingImports(id, on: database)).isEmpty { await removeZip(id) }
            throw ReportLibraryImporter.libraryChanged
        }
        // Whole milliseconds, so the stamp reads back the same from either database.
        let startedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        let status = ReportImportStatus(
            id: id, state: .importing, startedAt: startedAt, progress: ReportImportProgress(pagesToRender: draft.pagesToRender))
        let statusJSON = try JobQueue.json(status)
        let instance = self.instance, enqueuedAt = now, jobID = UUID()
        let lost = try await database.writeTransaction { database in
            let sql = try database.sql()
            if sql.dialect.name == "postgresql" {
                // Two confirmations at once take turns here, so the second sees the first.
                try await sql.raw("LOCK TABLE \(ident: ReportImportRecord.schema) IN SHARE ROW EXCLUSIVE MODE").run()
            }
            // The write comes first: SQLite takes its write lock before it reads anything, so a
            // second confirmation at once waits for the first instead of failing.
            let start: SQLQueryString = """
                UPDATE \(ident: ReportImportRecord.schema) SET state = 'importing', status = \(bind: statusJSON), job_id = \(bind: jobID)
                WHERE id = \(bind: id) AND state = 'waiting'
                AND NOT EXISTS (SELECT 1 FROM \(ident: ReportImportRecord.schema) WHERE state = 'importing') RETURNING id
                """
            var started = try await sql.raw(start).all()
            var lost: [UUID] = []
            if started.isEmpty {
                // An import whose job ended without ending it blocks nothing: it is closed first.
                lost = try await Self.closeLostImports(on: database, now: enqueuedAt)
                if !lost.isEmpty { started = try await sql.raw(start).all() }
            }
            guard !started.isEmpty else {
                let running = try await ReportImportRecord.query(on: database).filter(\.$state == .importing).first()
                throw running == nil ? ReportImportDraft.gone : Self.alreadyRunning
            }
            try await JobQueue(database: database, instance: instance).enqueue(
                ReportImportJob.kind, owner: ReportImportJob.owner, payload: ReportImportJob(importID: id, userID: userID), id: jobID,
                now: enqueuedAt)
            return lost
        }
        for id in lost { await removeZip(id) }
        jobs.wakeUp()
        return status
    }

    /// The import `id` as it runs or as it ended; nil when it was never confirmed.
    func status(_ id: UUID) async throws -> ReportImportStatus? {
        guard let record = try await ReportImportRecord.find(id, on: database), let status = record.decodedStatus else { return nil }
        guard record.state == .importing else { return status }
        return try await Self.endedStatus(of: record, on: database, now: now) ?? status
    }

    /// How an import still marked importing ended, when its job did (or is gone): the job's
    /// end written into it. One whose job completed had stored its library and stopped before
    /// saying so; one discarded failed with the job's error, or, without one (every try's
    /// instance stopped), as interrupted. Nil while its job runs or waits.
    private static func endedStatus(of record: ReportImportRecord, on database: any Database, now: Date) async throws -> ReportImportStatus?
    {
        guard var status = record.decodedStatus else { return nil }
        var job: JobRecord?
        if let jobID = record.jobID { job = try await JobRecord.find(jobID, on: database) }
        guard job?.state.isFinal ?? true else { return nil }
        status.finishedAt = job?.finishedAt ?? now
        if job?.state == .completed, let draft = record.decodedDraft {
            status.state = .imported
            status.summary = draft.summary
        } else {
            status.state = .failed
            status.failure = ReportImportStatus.Failure(
                job?.decodedFailure?.appError
                    ?? AppError(status: .serviceUnavailable, code: "import_interrupted", messageKey: "error.reports.importInterrupted"))
        }
        return status
    }

    /// Ends the imports still marked importing whose jobs ended (or are gone), as
    /// ``endedStatus(of:on:now:)`` tells; their ids, whose zips can go.
    private static func closeLostImports(on database: any Database, now: Date) async throws -> [UUID] {
        var closed: [UUID] = []
        for record in try await ReportImportRecord.query(on: database).filter(\.$state == .importing).all() {
            guard let status = try await endedStatus(of: record, on: database, now: now) else { continue }
            record.state = .ended
            record.status = try JobQueue.json(status)
            try await record.save(on: database)
            closed.append(try record.requireID())
        }
        return closed
    }

    /// The import running now, when one is.
    func running() async throws -> ReportImportStatus? {
        guard let record = try await ReportImportRecord.query(on: database).filter(\.$state == .importing).first() else { return nil }
        return try await status(try record.requireID()).flatMap { $0.state == .importing ? $0 : nil }
    }

    /// Writes the status of the import `id` while it runs.
    func saveStatus(_ status: ReportImportStatus, of id: UUID) async throws {
        try await ReportImportRecord.query(on: database).filter(\.$id == id).filter(\.$state == .importing)
            .set(\.$status, to: try JobQueue.json(status)).update()
    }

    /// Records how the import `id` ended, and lets its zip go.
    func end(_ id: UUID, as status: ReportImportStatus) async throws {
        try await ReportImportRecord.query(on: database).filter(\.$id == id)
            .set(\.$status, to: try JobQueue.json(status)).set(\.$state, to: .ended).update()
        await removeZip(id)
    }

    /// The error an import ended with, as the API and the page tell it.
    static func appError(for error: any Error) -> AppError {
        switch error {
        case let appError as AppError: appError
        case let convertible as any AppErrorConvertible: convertible.appError
        case let failed as ToolProcess.Failed: .toolInterrupted(failed)
        default: ReportImportStatus.failedUnexplained
        }
    }
}
