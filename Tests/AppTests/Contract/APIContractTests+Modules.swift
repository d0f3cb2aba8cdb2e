import Foundation
import KineticAPI
import OpenAPIRuntime
import Testing

@testable import App

extension APIContractTests {
    // MARK: Workouts

    func workouts(_ kinetic: ContractServer, ana: ContractAccount) async throws {
        let client = kinetic.client(ana.token)
        let exercises = try await client.listExercises(query: .init(category: "strength")).ok.body.json
        #expect(!exercises.isEmpty && exercises.allSatisfy { $0.category == "strength" })

        let track = try await AudioFixtures.clickTrack(bpm: 128, seconds: 20, title: "Contract Click", artist: "Kinetic", genre: "Test")
        let song = try await client.uploadSong(query: .init(filename: "click.mp3"), body: .binary(HTTPBody(track))).created.body.json
        #expect(song.title == "Contract Click")
        let notASong = try await client.uploadSong(query: .init(filename: "notes.mp3"), body: .binary(HTTPBody("just words")))
        _ = try notASong.unprocessableContent.body.json
        // Both analyses ran as jobs; a job that is not the account's is a 404 (SongImportJobTests follow a 202's).
        _ = try await client.getJob(path: .init(jobId: UUID().uuidString)).notFound.body.json
        let corrected = try await client.updateSong(
            path: .init(songId: song.id), body: .json(SongChanges(bpm: .set(127.5), genre: .clear))
        ).ok.body.json
        #expect(corrected.bpm == 127.5 && corrected.genre == nil)
        let detected = try await client.updateSong(path: .init(songId: song.id), body: .json(SongChanges(bpm: .clear))).ok.body.json
        #expect(detected.bpm != 127.5)
        #expect(try await client.listSongs().ok.body.json.contains { $0.id == song.id })
        let audio = try await client.songAudio(path: .init(songId: song.id)).ok.body
        #expect(try await audio.audio_Ast_.bytes().count == track.count)

        let theme = try await client.addTheme(body: .json(.init(name: "Kinetic", kind: .artist, value: "Kinetic", workouts: 2))).created
            .body.json
        #expect(try await client.listThemes().ok.body.json.map(\.id) == [theme.id])

        let selection = Components.Schemas.WorkoutSelection(categories: [.strength], difficulty: .beginner, duration: ._10, seed: 7)
        let generated = try await client.generateWorkout(body: .json(selection)).ok.body.json
        #expect(generated.id == nil && !generated.exercises.isEmpty)
        let kept = try await client.keepWorkout(body: .json(.init(value1: selection, value2: .init(saved: false)))).created.body.json
        let workoutId = try #require(kept.id)
        #expect(kept.exercises.map(\.exercise.id) == generated.exercises.map(\.exercise.id))
        #expect(try await client.listWorkouts().ok.body.json.saved.isEmpty)
        _ = try await client.saveWorkout(path: .init(workoutId: workoutId), body: .json(.init(saved: true))).ok.body.json
        #expect(try await client.listWorkouts().ok.body.json.saved.map(\.id) == [workoutId])
        let paused = try await client.pauseWorkout(
            path: .init(workoutId: workoutId), body: .json(.init(exerciseIndex: 1, secondsLeft: 20))
        ).ok.body.json
        #expect(paused.progress?.exerciseIndex == 1)
        _ = try await client.clearWorkoutProgress(path: .init(workoutId: workoutId)).noContent
        #expect(try await client.getWorkout(path: .init(workoutId: workoutId)).ok.body.json.progress == nil)
        let run = UUID().uuidString
        let claimed = try await client.claimWorkoutPlay(path: .init(workoutId: workoutId), body: .json(.init(runId: run))).ok.body.json
        #expect(claimed.runId.uppercased() == run.uppercased() && claimed.heldForSeconds == 45)
        let elsewhere = try await client.claimWorkoutPlay(
            path: .init(workoutId: workoutId), body: .json(.init(runId: UUID().uuidString))
        ).conflict.body.json
        #expect(elsewhere.error.code == "playing_elsewhere")
        _ = try await client.releaseWorkoutPlay(path: .init(workoutId: workoutId), query: .init(runId: run)).noContent
        let other = UUID().uuidString
        _ = try await client.claimWorkoutPlay(path: .init(workoutId: workoutId), body: .json(.init(runId: other))).ok
        _ = try await client.releaseWorkoutPlay(path: .init(workoutId: workoutId), query: .init(runId: other)).noContent
        _ = try await client.claimWorkoutPlay(path: .init(workoutId: workoutId), body: .json(.init(runId: run))).ok
        _ = try await client.completeWorkout(path: .init(workoutId: workoutId), body: .json(.init(runId: run, workedSeconds: 3))).created
        _ = try await client.completeWorkout(path: .init(workoutId: workoutId), body: .json(.init(runId: run, workedSeconds: 3))).ok
        _ = try await client.getWorkout(path: .init(workoutId: UUID().uuidString)).notFound.body.json

        _ = try await client.deleteWorkout(path: .init(workoutId: workoutId)).noContent
        _ = try await client.deleteTheme(path: .init(themeId: theme.id)).noContent
        _ = try await client.deleteSong(path: .init(songId: song.id)).noContent
        _ = try await client.deleteSong(path: .init(songId: song.id)).notFound.body.json
    }

    // MARK: Fitness tests and workout goals

    func fitness(_ kinetic: ContractServer, ana: ContractAccount) async throws {
        let client = kinetic.client(ana.token)
        let rate = try await client.rateMotionLog(body: .json(try Self.motionLog(repsPerMinute: 30))).ok.body.json
        #expect(abs((rate.repsPerMinute ?? 0) - 30) < 3)

        let test = try await client.startFitnessTest(body: .json(.init(category: .strength, count: 2))).created.body.json
        #expect(test.exercises.count == 2)
        let first = try #require(test.exercises.first?.exercise.id)
        let recorded = try await client.recordFitnessTestExercise(
            path: .init(testId: test.id, exerciseId: first), body: .json(try Self.motionLog(repsPerMinute: 24))
        ).ok.body.json
        #expect(recorded.exercises.first?.result != nil)
        let second = try #require(test.exercises.last?.exercise.id)
        let finished = try await client.skipFitnessTestExercise(path: .init(testId: test.id, exerciseId: second)).ok.body.json
        #expect(finished.complete)
        #expect(try await client.getFitnessTest(path: .init(testId: test.id)).ok.body.json.id == test.id)
        #expect(try await client.listFitnessTests().ok.body.json.map(\.id) == [test.id])

        let tracked = try await client.setExerciseTracked(path: .init(exerciseId: first), body: .json(.init(tracked: true))).ok.body.json
        #expect(tracked.tracked)
        #expect(try await client.listTrackedExercises(query: .init(category: "strength")).ok.body.json.contains { $0.exercise.id == first })

        let goal = try await client.addWorkoutGoal(body: .json(.init(name: "Twice a week", times: 8, daysPerWeek: 2))).created.body.json
        #expect(try await client.getWorkoutGoal(path: .init(goalId: goal.id)).ok.body.json.name == "Twice a week")
        let replaced = try await client.replaceWorkoutGoal(
            path: .init(goalId: goal.id), body: .json(.init(name: "Three times a week", times: 12, daysPerWeek: 3))
        ).ok.body.json
        #expect(replaced.daysPerWeek == 3)
        #expect(try await client.listWorkoutGoals().ok.body.json.map(\.id) == [goal.id])
        let tooMany = try await client.addWorkoutGoal(body: .json(.init(name: "Every day", times: 8, daysPerWeek: 8)))
        _ = try tooMany.unprocessableContent.body.json
        _ = try await client.removeWorkoutGoal(path: .init(goalId: goal.id)).noContent
    }

    static func motionLog(repsPerMinute: Double) throws -> Components.Schemas.MotionLog {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(
            Components.Schemas.MotionLog.self,
            from: JSONSerialization.data(withJSONObject: MotionLogs.swinging(repsPerMinute: repsPerMinute, seconds: 20)))
    }

    // MARK: Reports

    func reports(_ kinetic: ContractServer, ana: ContractAccount, ben: ContractAccount) async throws {
        try kinetic.command(["admin", "grant", ana.email])
        // A token's account is cached for a few seconds; a new sign-in sees the grant at once.
        let admin = try await kinetic.client().login(body: .json(.init(email: ana.email, password: ContractServer.changedPassword))).ok
        let client = kinetic.client(try admin.body.json.token)
        let library = try ReportFixtures()
        defer { library.remove() }
        let zip = try library.zipped()

        _ = try await kinetic.client(ben.token).previewReportImport(body: .applicationZip(HTTPBody(zip))).forbidden.body.json
        #expect(try await client.undoReportImport().notFound.body.json.error.code == "no_previous_library")
        let discarded = try await client.previewReportImport(body: .applicationZip(HTTPBody(zip))).created.body.json
        #expect(try await client.getReportImportPreview(path: .init(importId: discarded.id)).ok.body.json.id == discarded.id)
        _ = try await client.discardReportImport(path: .init(importId: discarded.id)).noContent
        let preview = try await client.previewReportImport(body: .applicationZip(HTTPBody(zip))).created.body.json
        #expect(preview.reportCount > 0)
        var status = try await client.confirmReportImport(path: .init(importId: preview.id)).accepted.body.json
        let deadline = Date().addingTimeInterval(120)
        while status.state == .importing, Date() < deadline {
            try await Task.sleep(nanoseconds: 200_000_000)
            status = try await client.getReportImportStatus(path: .init(importId: preview.id)).ok.body.json
        }
        try #require(status.state == .imported, "the import ended \(status.state): \(String(describing: status.error))")

        let root = try await client.getReportLevel(path: .init(categoryId: "root")).ok.body.json
        let category = try #require(root.categories.first)
        let level = try await client.getReportLevel(path: .init(categoryId: category.id)).ok.body.json
        #expect(level.id == category.id && level.trail.isEmpty) // the trail leaves the top level out
        let reports = try await client.listLevelReports(path: .init(categoryId: category.id)).ok.body.json
        let summary = try #require(reports.first ?? level.reports.first)
        _ = try await client.getReportLevel(path: .init(categoryId: "no-such-category")).notFound.body.json

        let report = try await client.getReport(path: .init(reportId: summary.id)).ok.body.json.report
        #expect(report.id == summary.id)
        let pdf = try await client.getReportPDF(path: .init(reportId: report.id)).ok.body.pdf.bytes()
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        let page = try await client.getReportPage(path: .init(reportId: report.id, page: 1)).ok.body.jpeg.bytes()
        #expect(page.starts(with: [0xFF, 0xD8]))
        _ = try await client.getReportPage(path: .init(reportId: report.id, page: 10_000)).notFound.body.json
        _ = try await client.getReportThumbnail(path: .init(reportId: report.id)).ok.body

        let word = try #require(report.title.split(separator: " ").first { $0.count >= 4 }.map(String.init))
        let found = try await client.searchReports(query: .init(q: word)).ok.body.json
        #expect(found.results.contains { $0.report.id == report.id })
        _ = try await client.searchReports(query: .init(q: String(repeating: "a", count: 201))).unprocessableContent.body.json
        // Where the word is in the report, and in the other reports its search found.
        let hits = try await client.getReportHits(path: .init(reportId: report.id), query: .init(find: word, search: word)).ok.body.json
        #expect(
            hits.count == hits.hits.count && hits.hits.allSatisfy { $0.page >= 1 && $0.match.lowercased().hasPrefix(word.lowercased()) })
        #expect(hits.reports.isEmpty || hits.reports.contains { $0.id == report.id })
        _ = try await client.getReportHits(path: .init(reportId: "no-such-report"), query: .init(find: word)).notFound.body.json
        _ = try await client.getReportHits(path: .init(reportId: report.id), query: .init(find: String(repeating: "a", count: 1_001)))
            .unprocessableContent.body.json

        // The first import replaced no library: there is none to bring back.
        #expect(try await client.undoReportImport().notFound.body.json.error.code == "no_previous_library")
        try library.editManifest { $0["title"] = "Renamed" }
        let second = try await client.previewReportImport(body: .applicationZip(HTTPBody(try library.zipped()))).created.body.json
        status = try await client.confirmReportImport(path: .init(importId: second.id)).accepted.body.json
        while status.state == .importing, Date() < deadline {
            try await Task.sleep(nanoseconds: 200_000_000)
            status = try await client.getReportImportStatus(path: .init(importId: second.id)).ok.body.json
        }
        try #require(status.state == .imported, "the second import ended \(status.state)")
        let restored = try await client.undoReportImport().ok.body.json
        #expect(restored.reports == preview.reportCount && restored.title != "Renamed")
        let redone = try await client.undoReportImport().ok.body.json // a second undo brings the import back
        #expect(redone.title == "Renamed")
    }

    // MARK: Wishes

    func wishes(_ kinetic: ContractServer, ana: ContractAccount, ben: ContractAccount) async throws {
        let client = kinetic.client(ana.token)
        let occasions = try await client.listWishOccasions(query: .init(firstName: "Ben")).ok.body.json
        #expect(!occasions.occasions.isEmpty)

        let jpeg = try await ImageFixtures.picture(width: 640, height: 480)
        let photo = try await client.uploadWishPhoto(body: .binary(HTTPBody(jpeg))).created.body.json
        #expect(photo.id.hasPrefix("upload:") && photo.url.hasSuffix(photo.id.dropFirst("upload:".count)))
        let photoBytes = try await client.getWishPhoto(path: .init(photoId: String(photo.id.dropFirst("upload:".count)))).ok.body.jpeg
            .bytes()
        #expect(photoBytes.starts(with: [0xFF, 0xD8]))

        let tomorrow = Self.utc(Date().addingTimeInterval(86_400), "yyyy-MM-dd'T'HH:mm")
        let input = Components.Schemas.WishInput(
            occasion: .birthday, subject: "Happy birthday, Ben", message: "See you at the park!", photo: photo.id,
            recipients: [.WishRecipient(.init(address: ben.email, reach: .inApp))], sendAt: tomorrow, timeZone: "UTC")
        // Sent twice with one Idempotency-Key, as a retry after a lost answer: one wish.
        let key = UUID().uuidString
        let scheduled = try await client.scheduleWish(headers: .init(idempotencyKey: key), body: .json(input)).created.body.json
        #expect(scheduled.box == .scheduled)
        let retried = try await client.scheduleWish(headers: .init(idempotencyKey: key), body: .json(input)).created.body.json
        #expect(retried.id == scheduled.id)
        var reused = input
        reused.subject = "Something else"
        let refused = try await client.scheduleWish(headers: .init(idempotencyKey: key), body: .json(reused))
        #expect(try refused.unprocessableContent.body.json.error.code == "idempotency_key_reused")
        var changed = input
        changed.subject = "Happy birthday, dear Ben"
        let replaced = try await client.replaceWish(path: .init(wishId: scheduled.id), body: .json(changed)).ok.body.json
        #expect(replaced.subject == "Happy birthday, dear Ben")
        #expect(try await client.getWish(path: .init(wishId: scheduled.id)).ok.body.json.subject == replaced.subject)
        var past = input
        past.sendAt = "2001-01-01T09:00"
        _ = try await client.scheduleWish(body: .json(past)).unprocessableContent.body.json

        // Due now: it reaches Ben's Inbox, who thanks Ana for it.
        var now = input
        now.sendAt = Self.utc(Date(), "yyyy-MM-dd'T'HH:mm")
        now.subject = "Due now"
        let due = try await client.scheduleWish(body: .json(now)).created.body.json
        let benClient = kinetic.client(ben.token)
        var inbox: [Components.Schemas.Wish] = []
        let deadline = Date().addingTimeInterval(60)
        while inbox.isEmpty, Date() < deadline {
            inbox = try await benClient.listWishes(query: .init(box: .inbox)).ok.body.json.items
            if inbox.isEmpty { try await Task.sleep(nanoseconds: 200_000_000) }
        }
        let received = try #require(inbox.first, "the wish due now did not arrive")
        #expect(received.subject == "Due now")
        _ = try await benClient.thankForWish(path: .init(wishId: received.id), body: .json(.init(message: "Thank you, Ana!"))).noContent
        _ = try await benClient.thankForWish(path: .init(wishId: received.id), body: .json(.init(message: "Again"))).conflict.body.json
        #expect(try await client.countWishes().ok.body.json.scheduled >= 1)
        let sent = try await client.listWishes(query: .init(box: .sent, q: "Due")).ok.body.json
        #expect(sent.items.map(\.id) == [due.id])
        #expect(try await client.getWishSearchHistory(query: .init(box: .sent)).ok.body.json.phrases.contains("Due"))
        _ = try await benClient.deleteWishes(body: .json(.init(ids: [received.id]))).noContent
        _ = try await client.deleteWish(path: .init(wishId: scheduled.id)).noContent
        _ = try await client.getWish(path: .init(wishId: scheduled.id)).notFound.body.json

        // A yearly wish.
        var yearly = input
        yearly.repeatsYearly = true
        yearly.remindDaysBefore = 3
        let first = try await client.scheduleWish(body: .json(yearly)).created.body.json
        let seriesId = try #require(first.yearlyId)
        #expect(try await client.listYearlyWishes().ok.body.json.items.map(\.id) == [seriesId])
        #expect(try await client.pauseYearlyWish(path: .init(seriesId: seriesId)).ok.body.json.state == .paused)
        #expect(try await client.pauseYearlyWish(path: .init(seriesId: seriesId)).ok.body.json.state == .paused) // again: the same
        #expect(try await client.resumeYearlyWish(path: .init(seriesId: seriesId)).ok.body.json.state == .active)
        #expect(try await client.getYearlyWish(path: .init(seriesId: seriesId)).ok.body.json.id == seriesId)
        _ = try await client.endYearlyWish(path: .init(seriesId: seriesId)).noContent
        _ = try await client.pauseYearlyWish(path: .init(seriesId: seriesId)).conflict.body.json // ended

        // Contacts.
        let contact = try await client.createWishContact(
            body: .json(.init(name: "Ben", email: ben.email, birthday: "--04-15", timeZone: "Europe/Lisbon", reach: .inApp))
        ).created.body.json
        _ = try await client.createWishContact(body: .json(.init(email: ben.email))).conflict.body.json
        #expect(try await client.getWishContact(path: .init(contactId: contact.id)).ok.body.json.birthday == "--04-15")
        let renamed = try await client.replaceWishContact(
            path: .init(contactId: contact.id), body: .json(.init(name: "Benjamin", email: ben.email))
        ).ok.body.json
        #expect(renamed.name == "Benjamin" && renamed.reach == nil)
        #expect(try await client.listWishContacts(query: .init(q: "benj")).ok.body.json.items.map(\.id) == [contact.id])
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cleo\r\nEMAIL:cleo@example.net\r\nBDAY:1990-06-01\r\nEND:VCARD\r\n"
        let dryRun = try await client.importWishContacts(query: .init(dryRun: true), body: .textVcard(HTTPBody(card))).ok.body.json
        #expect(dryRun.dryRun && dryRun.new == 1 && dryRun.added == 0 && dryRun.entries.map(\.email) == ["cleo@example.net"])
        _ = try await client.deleteWishContact(path: .init(contactId: contact.id)).noContent
    }

    // MARK: The example, and the password links

    /// `kinetic-client`, the example of the README, against this server: it signs in, pushes
    /// steps, reads the month's goals and schedules a wish, which is then there to read.
    func example(_ kinetic: ContractServer, ana: ContractAccount, ben: ContractAccount) async throws {
        let (status, text) = try ServerProcess.runBuilt(
            "kinetic-client", [kinetic.url.absoluteString, ana.email, ben.email],
            environment: ["KINETIC_PASSWORD": ContractServer.changedPassword])
        try #require(status == 0, "kinetic-client: \(text)")
        #expect(text.contains("Pushed 3 step points"))
        #expect(text.contains("This month: "))
        let scheduled = try await kinetic.client(ana.token).listWishes(query: .init(box: .scheduled)).ok.body.json.items
        #expect(scheduled.contains { $0.subject == "Happy birthday!" && $0.to.map(\.address) == [ben.email] })
    }

    func passwordReset(_ kinetic: ContractServer, ana: ContractAccount) async throws {
        let signedOut = kinetic.client()
        _ = try await signedOut.sendPasswordReset(body: .json(.init(email: ana.email))).accepted
        let token = try #require(try await kinetic.mailbox.lastToken(to: ana.email, after: "/password/reset/"), "no reset link")
        _ = try await signedOut.resetPassword(body: .json(.init(token: token, password: "a-brand-new-password"))).noContent
        _ = try await signedOut.resetPassword(body: .json(.init(token: token, password: "a-brand-new-password"))).gone.body.json
        let auth = try await signedOut.login(body: .json(.init(email: ana.email, password: "a-brand-new-password"))).ok.body.json
        _ = try await kinetic.client(auth.token).logout().noContent
        _ = try await kinetic.client(auth.token).getProfile().unauthorized.body.json
    }

    // MARK: Notifications

    func notifications(_ kinetic: ContractServer, ana: ContractAccount, ben: ContractAccount) async throws {
        let key = try await kinetic.client().getPushKey().ok.body.json.publicKey
        let device = try await kinetic.push.subscribe(applicationServerKey: key)
        let endpoint = try #require(device["endpoint"] as? String)
        let keys = try #require(device["keys"] as? [String: String])
        let input = Components.Schemas.PushSubscriptionInput(
            endpoint: endpoint, keys: .init(p256dh: try #require(keys["p256dh"]), auth: try #require(keys["auth"])))
        let client = kinetic.client(ana.token)
        #expect(try await client.addPushSubscription(body: .json(input)).created.body.json.endpoint == endpoint)
        var elsewhere = input
        elsewhere.endpoint = "http://169.254.169.254/latest/meta-data"
        let refused = try await client.addPushSubscription(body: .json(elsewhere))
        #expect(try refused.unprocessableContent.body.json.error.fields?.additionalProperties["endpoint"] != nil)
        let notBens = try await kinetic.client(ben.token).removePushSubscription(body: .json(.init(endpoint: endpoint)))
        #expect(try notBens.notFound.body.json.error.code == "not_found")
        _ = try await client.removePushSubscription(body: .json(.init(endpoint: endpoint))).noContent
    }
}
