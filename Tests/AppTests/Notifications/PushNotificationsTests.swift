import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting
import WebPush

@testable import App

/// Notifications by Web Push, end to end against a real push service on loopback: the server's
/// key, devices subscribing through the API (and refused when they are not what they say), and
/// a notification for each thing that happens, encrypted for the device, signed for its push
/// service, in the person's language; turned-off kinds, gone devices and a push service that is
/// down.
@Suite struct PushNotificationsTests {
    /// Runs `body` with a push peer the app may send to, and the peer's clock set to the app's.
    private func withPush(clock: TestClock? = nil, _ body: (Application, PushPeer) async throws -> Void) async throws {
        let push = try PushPeer()
        try await push.setNow(testNow)
        try await withKinetic(clock: clock, adjust: push.configure) { app in try await body(app, push) }
    }

    /// A device of `account` subscribed at the peer and given to the server; its endpoint.
    private func subscribe(_ account: TestAccount, _ app: Application, _ push: PushPeer) async throws -> String {
        let key = try await app.json(.GET, "/api/v1/push/key").decoded(as: Components.Schemas.PushKey.self).publicKey
        let device = try await push.subscribe(applicationServerKey: key)
        let response = try await app.json(.POST, "/api/v1/push/subscriptions", body: device, token: account.token)
        #expect(response.status == .created, "\(response.body.string)")
        return try #require(device["endpoint"] as? String)
    }

    /// Waits for every push job to end, however it ends.
    private func finishPushes(_ app: Application) async throws -> [JobRecord] {
        var ended: [JobRecord] = []
        for job in try await JobRecord.query(on: app.db).filter(\.$kind == PushSendJob.kind).all() {
            ended.append(try await app.waitForJob(try job.requireID(), upTo: 30))
        }
        return ended
    }

    /// The job `id` once its first try has ended (or after 30 s of real time).
    private func untilTried(_ id: UUID, _ app: Application) async throws -> JobRecord {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let seen = app.jobs.runsEnded
            let job = try #require(try await JobRecord.find(id, on: app.db))
            if job.attempt >= 1 && job.state != .executing || ContinuousClock.now > deadline { return job }
            await app.jobs.waitForEnd(upTo: 0.5, unlessSignalledSince: seen)
        }
    }

    @Test func theServersKey_isMadeOnce_keptForEveryInstance_andIsAP256Point() async throws {
        try await withKinetic { app in
            let first = try await app.json(.GET, "/api/v1/push/key")
            #expect(first.status == .ok)
            let key = try first.decoded(as: Components.Schemas.PushKey.self).publicKey
            let bytes = try #require(Base64URL.decode(key))
            #expect(bytes.count == 65 && bytes.first == 4)
            let kept = try await PushServerKeyRecord.query(on: app.db).all()
            #expect(kept.count == 1)
            // What another instance reads from the same database is the same key.
            #expect(VAPIDKey(privateKeyBase64URL: kept[0].privateKey)?.publicKeyBase64URL == key)
            #expect(try await app.json(.GET, "/api/v1/push/key").decoded(as: Components.Schemas.PushKey.self).publicKey == key)
        }
    }

    @Test func aDevice_subscribesOnce_movesToWhoeverSubscribesItLast_andBadOnesAreRefusedWithTheirReasons() async throws {
        try await withPush { app, push in
            let ann = try await app.signUp(name: "Ann"), bob = try await app.signUp(name: "Bob")
            let endpoint = try await subscribe(ann, app, push)
            let kept = try #require(try await PushSubscriptionRecord.query(on: app.db).first())
            _ = try await subscribe(ann, app, push)
            #expect(try await PushSubscriptionRecord.query(on: app.db).count() == 2)
            // The page saying again that its device is here keeps the device as it was (the
            // notifications on their way to it still go).
            let stillHere = try await app.json(
                .POST, "/api/v1/push/subscriptions",
                body: ["endpoint": endpoint, "keys": ["p256dh": kept.p256dh, "auth": kept.auth]], token: ann.token)
            #expect(stillHere.status == .created)
            #expect(try await PushSubscriptionRecord.query(on: app.db).filter(\.$endpoint == endpoint).first()?.id == kept.id)
            // The same browser subscribed again by another account is that account's now.
            let key = try await app.vapidKey().publicKeyBase64URL
            let device = try await push.subscribe(applicationServerKey: key)
            var again = device
            again["endpoint"] = endpoint
            let moved = try await app.json(.POST, "/api/v1/push/subscriptions", body: again, token: bob.token)
            #expect(moved.status == .created)
            #expect(try moved.decoded(as: Components.Schemas.PushSubscription.self).endpoint == endpoint)
            let owners = try await PushSubscriptionRecord.query(on: app.db).filter(\.$endpoint == endpoint).all().map(\.$user.id)
            #expect(owners == [UUID(uuidString: bob.customerId)])

            let keys = try #require(device["keys"] as? [String: String])
            let refused: [([String: Any], String)] = [
                (["endpoint": "http://169.254.169.254/latest/meta-data", "keys": keys], "endpoint"),
                (["endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": keys], "endpoint"),
                (["endpoint": push.origin + "/push/" + String(repeating: "a", count: 2100), "keys": keys], "endpoint"),
                (["endpoint": endpoint, "keys": ["p256dh": "AA", "auth": keys["auth"]!]], "keys.p256dh"),
                (["endpoint": endpoint, "keys": ["p256dh": keys["p256dh"]!, "auth": "AQI"]], "keys.auth"),
                (["endpoint": endpoint], "keys"),
                (["endpoint": endpoint, "keys": keys, "owner": "someone else"], "owner"),
            ]
            for (body, field) in refused {
                let answer = try await app.json(.POST, "/api/v1/push/subscriptions", body: body, token: ann.token)
                #expect(answer.status == .unprocessableEntity, "\(body)")
                #expect((try answer.apiError()["fields"] as? [String: Any])?[field] != nil, "\(field): \(answer.body.string)")
            }
            #expect(try await app.json(.POST, "/api/v1/push/subscriptions", rawBody: "{", token: ann.token).status == .badRequest)
            #expect(try await app.json(.POST, "/api/v1/push/subscriptions", body: device).status == .unauthorized)

            // Only the account's own device can be removed.
            #expect(
                try await app.json(.DELETE, "/api/v1/push/subscriptions", body: ["endpoint": endpoint], token: ann.token).status
                    == .notFound)
            #expect(
                try await app.json(.DELETE, "/api/v1/push/subscriptions", body: ["endpoint": endpoint], token: bob.token).status
                    == .noContent)
            #expect(try await PushSubscriptionRecord.query(on: app.db).filter(\.$endpoint == endpoint).count() == 0)
        }
    }

    @Test func aWishArriving_reachesTheRecipientsDevice_encryptedAndSigned_inTheirLanguage() async throws {
        try await withPush { app, push in
            let ann = try await app.signUp(name: "Ann")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let carla = try await app.signUp(name: "Carla", email: "carla@example.com")
            let carlaUser = try #require(try await User.find(UUID(uuidString: carla.customerId), on: app.db))
            carlaUser.language = "de"
            try await carlaUser.save(on: app.db)
            let bobsPhone = try await subscribe(bob, app, push)
            let carlasPhone = try await subscribe(carla, app, push)
            _ = try await app.scheduleWish(
                from: ann, to: ["bob@example.com", "carla@example.com"], channels: [.inApp], inSeconds: 60, subject: "Happy birthday")
            try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(60))
            let jobs = try await finishPushes(app)
            #expect(jobs.map(\.state) == [.completed, .completed])

            let messages = try await push.messages()
            #expect(messages.count == 2)
            let inbox = try await InboxWishRecord.query(on: app.db).all()
            for (phone, title, account) in [
                (bobsPhone, "Ann sent you a wish", bob), (carlasPhone, "Ann hat dir einen Wunsch geschickt", carla),
            ] {
                let message = try #require(messages.first { phone.hasSuffix("/" + ($0["device"] as? String ?? "-")) })
                let payload = try #require(message["payload"] as? [String: String])
                let item = try #require(inbox.first { $0.$recipient.id == UUID(uuidString: account.customerId) })
                #expect(payload["kind"] == "wishArrived")
                #expect(payload["title"] == title)
                #expect(payload["body"] == "Happy birthday")
                #expect(payload["url"] == "/wishes/" + (item.id?.uuidString.lowercased() ?? ""))
                #expect(payload["lang"] == (account.email == "carla@example.com" ? "de" : "en"))
                #expect(message["topic"] as? String == payload["tag"] && payload["tag"]?.hasPrefix("wish-") == true)
                #expect(message["ttl"] as? Int == 86400)
            }
        }
    }

    @Test func aKindTurnedOff_sendsNothing_aFailedWishIsTold_andAGoneDeviceIsForgotten() async throws {
        try await withPush { app, push in
            let ann = try await app.signUp(name: "Ann")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            _ = try await subscribe(bob, app, push)
            let annsPhone = try await subscribe(ann, app, push)
            let bobID = try #require(UUID(uuidString: bob.customerId))
            try await NotificationsService(database: app.db, userID: bobID, settings: app.pushSettings, now: testNow)
                .setMutedKinds([.wishArrived])
            // E-mail is not set up on this server: the wish fails at once for its recipient, and
            // its sender is told; the recipient, who turned arrivals off, hears nothing.
            _ = try await app.scheduleWish(
                from: ann, to: ["bob@example.com"], channels: [.inApp, .email], inSeconds: 60, subject: "Hi Bob")
            try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(60))
            _ = try await finishPushes(app)
            let messages = try await push.messages()
            #expect(messages.count == 1)
            let payload = try #require(messages.first?["payload"] as? [String: String])
            #expect(payload["kind"] == "wishFailed")
            #expect(payload["body"] == "“Hi Bob” could not reach bob@example.com. Open it to see why.")
            #expect(annsPhone.hasSuffix("/" + (messages.first?["device"] as? String ?? "-")))

            // Ann's phone is gone (its browser dropped the subscription): the next push forgets it.
            try await push.makeGone(annsPhone)
            _ = try await app.scheduleWish(from: ann, to: ["bob@example.com"], channels: [.email], inSeconds: 120, subject: "Again")
            try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(120))
            let ended = try await finishPushes(app)
            #expect(ended.allSatisfy { $0.state == .completed })
            #expect(ended.compactMap(\.result).contains { $0.contains("forgotten") })
            #expect(try await PushSubscriptionRecord.query(on: app.db).filter(\.$endpoint == annsPhone).count() == 0)
            #expect(try await push.messages().count == 1)
        }
    }

    @Test func aPushServiceThatIsDown_isTriedAgainLater_andTheNotificationArrivesOnce() async throws {
        let clock = TestClock(testNow)
        try await withPush(clock: clock) { app, push in
            let ann = try await app.signUp(name: "Ann")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            _ = try await subscribe(bob, app, push)
            try await push.fail(1, status: 503)
            _ = try await app.scheduleWish(from: ann, to: ["bob@example.com"], channels: [.inApp], inSeconds: 0)
            try await app.makeWishDispatcher().runOnce(now: testNow)
            let job = try #require(try await JobRecord.query(on: app.db).filter(\.$kind == PushSendJob.kind).first())
            let waiting = try await untilTried(try job.requireID(), app)
            #expect(waiting.state == .retryable)
            #expect(try await push.messages().isEmpty)
            // The retry is due 15 seconds later on the app's clock; its token is checked then. Time
            // passes two seconds at a time, as it would for the workers' polls (a worker that
            // looked just before one move waits for the next, as on a real clock).
            var ended = waiting
            clock.advance(by: 14)
            for _ in 0..<30 where !ended.state.isFinal {
                clock.advance(by: 2)
                try await push.setNow(clock.now)
                let seen = app.jobs.runsEnded
                ended = try await app.waitForJob(try job.requireID(), upTo: 0)
                if !ended.state.isFinal { await app.jobs.waitForEnd(upTo: 0.5, unlessSignalledSince: seen) }
                ended = try #require(try await JobRecord.find(try job.requireID(), on: app.db))
            }
            #expect(clock.now.timeIntervalSince(testNow) >= 15, "not before it was due")
            #expect(ended.state == .completed)
            #expect(ended.attempt == 2)
            #expect(try await push.messages().count == 1)
        }
    }

    @Test func aWorkoutGoalsReminderDay_tellsItsDevicesOnce_fromNineInTheirMorning() async throws {
        try await withPush { app, push in
            // Friday 2027-01-15 08:00 UTC: 09:00 in Berlin, 03:00 in New York.
            let berlin = try await app.signUp(name: "Bea"), newYork = try await app.signUp(name: "Nia")
            for (account, zone) in [(berlin, "Europe/Berlin"), (newYork, "America/New_York")] {
                let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: app.db))
                user.timeZoneIdentifier = zone
                try await user.save(on: app.db)
                _ = try await subscribe(account, app, push)
                let goal = try await app.json(
                    .POST, "/api/v1/workout-goals",
                    body: ["name": "Jump more", "times": 10, "categories": ["plyometrics"], "daysPerWeek": 3, "reminderDays": ["friday"]],
                    token: account.token)
                #expect(goal.status == .created, "\(goal.body.string)")
            }
            let reminders = WorkoutGoalReminders(
                database: app.db, notifier: app.pushNotifier, catalog: app.stringCatalog, serverTimeZone: .gmt)
            #expect(try await reminders.send(now: testNow) == 1, "Berlin's morning has come, New York's not")
            #expect(try await reminders.send(now: testNow.addingTimeInterval(60)) == 0, "once a day")
            _ = try await finishPushes(app)
            let messages = try await push.messages()
            #expect(messages.count == 1)
            let payload = try #require(messages.first?["payload"] as? [String: String])
            #expect(payload["kind"] == "workoutReminder" && payload["title"] == "Time for a workout")
            #expect(payload["body"] == "Jump more: 0 of 3 days this week" && payload["url"] == "/workouts/goals")
            #expect(messages.first?["ttl"] as? Int == 12 * 3600)
            // New York's nine o'clock.
            #expect(try await reminders.send(now: testNow.addingTimeInterval(6 * 3600)) == 1)
            // Next Friday, Berlin's again; not on the days between.
            #expect(try await reminders.send(now: testNow.addingTimeInterval(86_400)) == 0)
            #expect(try await reminders.send(now: testNow.addingTimeInterval(7 * 86_400)) == 1)
            #expect(try await reminders.send(now: testNow.addingTimeInterval(7 * 86_400 + 6 * 3600)) == 1)
            _ = try await finishPushes(app)
            #expect(try await push.messages().count == 4)
        }
    }

    @Test func aYearlyWishsReminder_tellsTheSendersDevices_once_evenFromTwoInstances() async throws {
        try await withPush { app, push in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            _ = try await app.signUp(name: "Bob", email: "bob@example.com")
            _ = try await subscribe(ann, app, push)
            let created = try await app.json(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Happy birthday, Bob", "message": "All the best!", "recipients": ["bob@example.com"],
                    "sendAt": "2027-01-20T08:00", "timeZone": "Europe/Berlin", "repeatsYearly": true, "remindDaysBefore": 3,
                ], token: ann.token)
            #expect(created.status == .created, "\(created.body.string)")
            let wishID = try created.decoded(as: Components.Schemas.Wish.self).id
            let reminderTime = try #require(ISO8601DateFormatter().date(from: "2027-01-17T07:00:01Z"))
            let instances = ["instance-a", "instance-b"].map { owner in
                var queue = WishDeliveryQueue(database: app.db, owner: owner)
                queue.notifier = app.pushNotifier
                var dispatcher = WishDispatcher(database: app.db, queue: queue)
                dispatcher.roller = YearlyWishRoller(database: app.db, catalog: app.stringCatalog, notifier: app.pushNotifier)
                return dispatcher
            }
            for _ in 0..<2 {
                async let first = instances[0].runOnce(now: reminderTime)
                async let second = instances[1].runOnce(now: reminderTime)
                _ = try await (first, second)
            }
            _ = try await finishPushes(app)
            let messages = try await push.messages()
            #expect(messages.count == 1)
            let payload = try #require(messages.first?["payload"] as? [String: String])
            #expect(payload["kind"] == "wishReminder" && payload["title"] == "Coming up: Happy birthday, Bob")
            #expect(
                payload["body"]?.hasPrefix("Your yearly wish “Happy birthday, Bob” goes to Bob on ") == true, "\(payload["body"] ?? "")")
            #expect(payload["url"] == "/wishes/\(wishID.lowercased())/edit")
        }
    }

    @Test(.enabled(if: PDFTools.isAvailable)) func aReportImportEnding_tellsTheAdministratorWhoStartedIt() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        let clock = TestClock(testNow)
        try await withPush(clock: clock) { app, push in
            let admin = try await app.signUp()
            try await app.grantAdmin(admin)
            _ = try await subscribe(admin, app, push)
            let draft = try await app.draftReports(try fixtures.zipped(), token: admin.token)
            let location = try #require(draft.headers.first(name: .location))
            let confirmed = try await app.json(.POST, location + "/confirm", token: admin.token)
            let statusURL = try #require(confirmed.headers.first(name: .location))
            #expect(try await app.followImport(statusURL, token: admin.token, movingOn: clock).status == .ok)
            _ = try await finishPushes(app)
            let payload = try #require(try await push.messages().first?["payload"] as? [String: String])
            #expect(payload["kind"] == "reportImport" && payload["title"] == "The library is imported")
            #expect(payload["body"]?.hasPrefix("3 reports, ") == true, "\(payload["body"] ?? "")")
            #expect(payload["url"] == "/reports/import")
        }
    }

    @Test func aMessagesWords_areCutToWhatOnePushCarries_atAWholeCharacter() throws {
        let long = String(repeating: "ü", count: 150) + "🎂"
        #expect(PushMessage.cut(long, toBytes: 200) == String(repeating: "ü", count: 100))
        #expect(PushMessage.cut("Hi 🎂", toBytes: 5) == "Hi ")
        let message = PushMessage(
            kind: .wishArrived, title: String(repeating: "€", count: 500), body: String(repeating: "😀", count: 2_000), url: "/wishes",
            topic: "t")
        #expect(try message.payload().count < PushEncryption.maximumPlaintext)
    }
}
