import Fluent
import Foundation
import KineticCore
import KineticMail
import Testing

@testable import App

/// Each module's service called directly, as its web and API controllers call it, on a
/// database and values alone (``ServiceDatabase``): no server, no request.
@Suite struct ModuleServiceTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// Goals: a session reported twice (a park's retry) is stored once; a different one at the
    /// same park and time is refused.
    @Test func goals_storeASessionOnce_andRefuseAnotherAtTheSameTime() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let goals = GoalsService(
                database: database, user: user, userID: try user.requireID(), calendar: UserCalendar(timeZone: Self.utc, now: testNow))
            let session: [String: JSONValue] = [
                "date": .string("2027-01-10"), "numberOfJumps": .number(900), "parkName": .string("Plainfield"),
                "startTime": .string("10:00"), "endTime": .string("11:00"),
            ]
            let first = try await goals.addSession(session)
            let again = try await goals.addSession(session)
            guard case .created(let created) = first, case .existing(let existing) = again else {
                Issue.record("the first is created, the same again is the stored one: \(first), \(again)")
                return
            }
            #expect(created.id == existing.id)
            var other = session
            other["numberOfJumps"] = .number(1200)
            await #expect(throws: AppError.self) { try await goals.addSession(other) }
            #expect(try await goals.sessions().map(\.session.numberOfJumps) == [900])
        }
    }

    /// Steps: pushed samples replace the stored ones of the same source and interval, so the
    /// same push twice counts once.
    @Test func steps_theSamePushTwice_countsOnce_andANewerPushIsTheTruthForItsSpan() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let steps = StepsService(
                database: database, importDatabase: database, userID: try user.requireID(),
                calendar: UserCalendar(timeZone: Self.utc, now: testNow),
                configuration: KineticConfiguration(database: .sqlite(path: ":memory:"), bcryptCost: 4))
            let start = testNow.addingTimeInterval(-86_400).timeIntervalSince1970
            let samples = [
                StepSample(
                    sourceName: "Ana's iPhone", kind: .phone, start: start, end: start + 600, utcOffset: 0, value: 450, channel: .push),
                StepSample(
                    sourceName: "Ana's iPhone", kind: .phone, start: start + 3600, end: start + 4200, utcOffset: 0, value: 300,
                    channel: .push),
            ]
            _ = try await steps.deliver(pushed: samples)
            _ = try await steps.deliver(pushed: samples)
            let day = LocalDate(containing: testNow.addingTimeInterval(-86_400), in: Self.utc)
            #expect(try await steps.dailyTotals(from: day, to: day).map(\.steps) == [750])
            // The same span pushed again without its first walk (deleted in Health): only the second counts.
            _ = try await steps.deliver(pushed: [
                samples[1],
                StepSample(
                    sourceName: "Ana's iPhone", kind: .phone, start: start - 60, end: start, utcOffset: 0, value: 10, channel: .push),
            ])
            #expect(try await steps.dailyTotals(from: day, to: day).map(\.steps) == [310])
        }
    }

    /// Workouts: an upload goes into the store and becomes a job; a job refused comes back as
    /// its own error, and an upload that could not become a job leaves no file behind.
    @Test func workouts_anUploadsRefusal_comesBackAsItsError_andAFailedEnqueueLeavesNoFile() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let media = try ServiceDatabase.mediaStore()
            defer { try? FileManager.default.removeItem(at: media.directory) }
            let refusal = AppError(status: .unprocessableEntity, code: "song_unreadable", messageKey: "error.song.unreadable")
            let enqueued = CallCount()
            let refusing = JobClient.failing { jobs in
                jobs.enqueueJSON = { kind, owner, payload in
                    enqueued.add()
                    #expect(kind == SongImportJob.kind && owner == user.id?.uuidString.lowercased())
                    #expect(payload.contains(#""fileName":"Warm-up.mp3""#))
                    return ServiceDatabase.job(kind, .available)
                }
                jobs.waitForEnd = { _, _ in
                    let job = ServiceDatabase.job(SongImportJob.kind, .discarded)
                    job.failure = try JobQueue.json(JobFailure(refusal))
                    return job
                }
            }
            let workouts = try ServiceDatabase.workouts(database, user, media: media, jobs: refusing)
            do {
                _ = try await workouts.addSong(try ServiceDatabase.scratchFile(), fileName: "Warm-up.mp3", waitingUpTo: 30)
                Issue.record("the job's refusal is thrown")
            } catch let error as AppError {
                #expect(error.code == refusal.code && error.status == refusal.status)
            }
            #expect(enqueued.value == 1)
            #expect(try Self.files(in: media.directory).count == 1, "the upload waits in the store for its job")

            let full = JobClient.failing {
                $0.enqueueJSON = { _, _, _ in throw AppError.toolsBusy(retryAfter: 5, localizer: workouts.localizer) }
            }
            let file = try ServiceDatabase.scratchFile()
            await #expect(throws: AppError.self) {
                _ = try await ServiceDatabase.workouts(database, user, media: media, jobs: full).addSong(
                    file, fileName: nil, waitingUpTo: 30)
            }
            #expect(try Self.files(in: media.directory).count == 1, "the upload that found no room is gone from the store")
            #expect(!FileManager.default.fileExists(atPath: file.path), "and from the disk")
        }
    }

    /// Wishes: an e-mail on a server that sends none is refused naming the address; the same
    /// wish in-app is scheduled and listed.
    @Test func wishes_anEmailWhereNoneIsSent_isRefused_andAnInAppWishIsScheduled() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let wishes = try ServiceDatabase.wishes(database, user)
            func input(reach: RecipientReach) -> WishDraftInput {
                WishDraftInput(
                    occasion: "birthday", subject: "Happy birthday", message: "All the best!", photo: nil, recipients: ["bo@example.com"],
                    sendAt: "2027-02-01T09:00", reaches: ["bo@example.com": reach.rawValue], postsToConnections: false)
            }
            do {
                _ = try await wishes.check(input(reach: .email), timeZone: Self.utc)
                Issue.record("an e-mail on a server without mail is refused")
            } catch let error as AppError {
                #expect(error.fields.messages["reach"] == "wishes.error.reach.emailUnavailable")
                #expect(error.fieldArguments["reach"] == ["bo@example.com"])
            }
            let draft = try await wishes.check(input(reach: .inApp), timeZone: Self.utc)
            let scheduled = try await wishes.schedule(draft)
            #expect(scheduled.box == .scheduled && scheduled.recipients.map(\.address) == ["bo@example.com"])
            #expect(try await wishes.boxes.counts().boxes[.scheduled] == 1)
        }
    }

    /// Wishes' delivery: an in-app wish to a Kinetic account reaches its Inbox in one round,
    /// without a word to the mail server or Connections (their clients fail the test if used).
    @Test func wishes_anInAppWish_isDeliveredWithoutMailOrConnections() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let bo = User(name: "Bo", email: "bo@example.com", passwordHash: "not a hash: no one signs in")
            bo.emailVerifiedAt = testNow
            try await bo.create(on: database)
            let wishes = try ServiceDatabase.wishes(database, user)
            let input = WishDraftInput(
                occasion: "birthday", subject: "Happy birthday", message: "All the best!", photo: nil, recipients: ["bo@example.com"],
                sendAt: "2027-02-01T09:00", reaches: ["bo@example.com": RecipientReach.inApp.rawValue], postsToConnections: false)
            let scheduled = try await wishes.schedule(try await wishes.check(input, timeZone: Self.utc))
            let localizer = try ServiceDatabase.localizer()
            let dispatcher = WishDispatcher(
                database: database, queue: WishDeliveryQueue(database: database, owner: "service-test"),
                mail: WishDispatcher.Mail(
                    transport: .failing(), from: MailAddress("wishes@kinetic.test"), publicURL: "http://kinetic.test",
                    catalog: localizer.catalog),
                connections: .failing(), random: { 0.5 })
            #expect(try await dispatcher.runOnce(now: scheduled.at.addingTimeInterval(-60)) == 0, "not before its time")
            #expect(try await dispatcher.runOnce(now: scheduled.at) == 1)
            let inbox = try await WishBoxes(database: database, userID: try bo.requireID()).counts()
            #expect(inbox.boxes[.inbox] == 1 && inbox.unread == 1)
            #expect(try await wishes.boxes.counts().boxes[.sent] == 1, "and the sender's is in Sent: its delivery recorded")
        }
    }

    /// Reports: a reader cannot import (and the zip they sent is gone); an administrator's zip
    /// is checked into a draft naming what it adds, and confirming it puts its job in and
    /// wakes the workers.
    @Test(.enabled(if: PDFTools.isAvailable, "needs poppler-utils and qpdf"))
    func reports_onlyAnAdministratorImports_andAConfirmedImportBecomesAJob() async throws {
        try await ServiceDatabase.withFresh { database, user in
            let fixtures = try ReportFixtures()
            defer { fixtures.remove() }
            let media = try ServiceDatabase.mediaStore()
            defer { try? FileManager.default.removeItem(at: media.directory) }
            let woken = CallCount()
            let imports = ReportImports(
                database: database, files: ReportFiles(store: media, mediaDirectory: media.directory.path), tools: .immediate,
                jobs: .failing { $0.wakeUp = { woken.add() } }, clock: TestClock(testNow).kineticClock, gate: ReportImportGate(),
                uploadDirectory: media.directory, instance: "service-test", logger: Logger(label: "service-test"))
            func reports(for user: User) -> ReportsService {
                ReportsService(
                    user: user, library: ReportsRepository(database: database, trees: CategoryTreeCache()), files: imports.files,
                    imports: imports, draws: PageDraws())
            }
            let zip = try ServiceDatabase.scratchFile(fixtures.zipped())
            let refusal = await #expect(throws: AppError.self) { _ = try await reports(for: user).uploadImport(zip: zip) }
            #expect(refusal?.status == .forbidden)
            #expect(!FileManager.default.fileExists(atPath: zip.path))

            user.isAdmin = true
            let draft = try await reports(for: user).uploadImport(zip: try ServiceDatabase.scratchFile(fixtures.zipped()))
            #expect(draft.reportCount == 3 && draft.changes.reports.added.count == 3)
            let status = try await reports(for: user).confirmImport(draft.id)
            #expect(status.state == .importing && status.progress.pagesToRender == draft.pagesToRender)
            #expect(woken.value == 1)
            let job = try #require(try await JobRecord.query(on: database).first())
            #expect(job.kind == ReportImportJob.kind && job.state == .available)
            let next = try await reports(for: user).uploadImport(zip: try ServiceDatabase.scratchFile(fixtures.zipped()))
            let second = await #expect(throws: AppError.self, "one import at a time") {
                _ = try await reports(for: user).confirmImport(next.id)
            }
            #expect(second?.status == .conflict && second?.messageKey == "error.reports.importRunning")
        }
    }

    private static func files(in directory: URL) throws -> [String] {
        let found = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        return (found?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map(\.lastPathComponent)
    }
}
