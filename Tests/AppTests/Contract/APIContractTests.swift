import Foundation
import KineticAPI
import OpenAPIRuntime
import Testing

@testable import App

/// The contract of `/api/v1`, both ways: every operation of `Resources/openapi.yaml` called on a
/// real `kinetic serve` through KineticAPI, the client generated from the document, with valid
/// input and the documented errors of the main ones. An answer of a status the document does not
/// name, or a body that does not decode into the documented type, fails here: `.ok`, `.created`…
/// throw on any other answer, and the generated decoders on any other shape.
///
/// It starts its own server (`KINETIC_PROCESS_TESTS=1`, a step of `scripts/test`, on SQLite and
/// on PostgreSQL).
@Suite(.serialized, .enabled(if: ServerProcess.testsEnabled, "set KINETIC_PROCESS_TESTS=1 (scripts/test does)"))
struct APIContractTests {
    @Test func everyOperationOfTheDocument_answersWhatTheDocumentSays() async throws {
        let kinetic = try await ContractServer()
        let ana = try await kinetic.confirmedAccount("Ana")
        let ben = try await kinetic.confirmedAccount("Ben")

        do {
            try await accounts(kinetic, ana: ana, ben: ben)
            try await goalsAndSteps(kinetic, ana: ana)
            try await workouts(kinetic, ana: ana)
            try await fitness(kinetic, ana: ana)
            try await reports(kinetic, ana: ana, ben: ben)
            try await wishes(kinetic, ana: ana, ben: ben)
            try await notifications(kinetic, ana: ana, ben: ben)
            try await example(kinetic, ana: ana, ben: ben)
            try await passwordReset(kinetic, ana: ana)
        } catch {
            Issue.record("after \(kinetic.calls.last): \(error)")
            throw error
        }

        let called = kinetic.calls.called
        let documented = try OperationLog.documented()
        #expect(documented.count == 107)
        #expect(documented.subtracting(called.keys).sorted() == [], "operations the contract test never called")
        #expect(Set(called.keys).subtracting(documented).sorted() == [])
    }

    // MARK: Accounts and profile

    func accounts(_ kinetic: ContractServer, ana: ContractAccount, ben: ContractAccount) async throws {
        let signedOut = kinetic.client()
        let client = kinetic.client(ana.token)

        // The documented errors of signing up and in.
        // A taken address is answered as a free one where mail goes (its owner is told instead).
        let taken = try await signedOut.signUp(body: .json(.init(name: "Ana", email: ana.email, password: "another-long-password")))
        let claimed = try taken.created.body.json.profile
        #expect(claimed.email == ana.email && !claimed.emailVerified && claimed.customerId != ana.customerId)
        let short = try await signedOut.signUp(body: .json(.init(name: "Cy", email: "cy@kinetic.test", password: "short")))
        #expect(try short.unprocessableContent.body.json.error.fields?.additionalProperties["password"] != nil)
        let wrong = try await signedOut.login(body: .json(.init(email: ana.email, password: "not-the-password")))
        #expect(try wrong.unauthorized.body.json.error.code == "invalid_credentials")
        let anonymous = try await signedOut.getProfile()
        #expect(try anonymous.unauthorized.body.json.error.code == "unauthenticated")

        let profile = try await client.getProfile().ok.body.json
        #expect(profile.customerId == ana.customerId && profile.emailVerified)
        // Confirmed already: 409, as documented.
        let again = try await client.sendAddressConfirmation()
        _ = try again.conflict.body.json

        let changed = try await client.updateProfile(
            body: .json(
                ProfileChanges(
                    name: "Ana Lima", language: .set(.de), fitness: FitnessChanges(bodyType: .set(1), height: .set(66), jumpGoal: 20_000),
                    timeZone: "UTC"))
        ).ok.body.json
        #expect(changed.name == "Ana Lima" && changed.language == .de && changed.fitness.bodyType == 1 && changed.fitness.height == 66)
        // null clears: the language follows the device again, the height is unknown.
        let cleared = try await client.updateProfile(
            body: .json(ProfileChanges(language: .clear, fitness: FitnessChanges(height: .clear)))
        ).ok.body.json
        #expect(cleared.language == nil && cleared.fitness.height == nil && cleared.fitness.bodyType == 1)

        _ = try await client.changePassword(
            body: .json(.init(currentPassword: ContractServer.password, newPassword: ContractServer.changedPassword))
        ).noContent
        let second = try await signedOut.login(
            body: .json(.init(email: ana.email, password: ContractServer.changedPassword, deviceName: "Contract iPad"))
        ).ok.body.json
        let tokens = try await kinetic.client(second.token).listTokens().ok.body.json
        let iPad = try #require(tokens.tokens.first { $0.current })
        #expect(iPad.label == "Contract iPad")
        _ = try await kinetic.client(second.token).revokeToken(path: .init(tokenId: iPad.id)).noContent
        _ = try await kinetic.client(second.token).getProfile().unauthorized.body.json
        let missing = try await client.revokeToken(path: .init(tokenId: UUID().uuidString))
        _ = try missing.notFound.body.json

        // Ben has not asked for a new link yet: one goes out (or the throttle says when it may).
        switch try await kinetic.client(ben.token).sendAddressConfirmation() {
        case .conflict(let conflict): _ = try conflict.body.json
        case let other: Issue.record("sendAddressConfirmation for a confirmed address: \(other)")
        }
    }

    // MARK: Goals and steps

    func goalsAndSteps(_ kinetic: ContractServer, ana: ContractAccount) async throws {
        let client = kinetic.client(ana.token)
        let today = Self.utc(Date(), "yyyy-MM-dd")
        let month = String(today.prefix(7))
        let session = try await client.addJumpSession(
            body: .json(
                .init(date: today, numberOfJumps: 1_200, numberOfCalories: 90, parkName: "Plainfield", startTime: "00:00", endTime: "00:45")
            )
        ).created.body.json
        #expect(session.numberOfJumps == 1_200)
        // The same session again is the same session (its natural key), answered 200.
        let repeated = try await client.addJumpSession(
            body: .json(
                .init(date: today, numberOfJumps: 1_200, numberOfCalories: 90, parkName: "Plainfield", startTime: "00:00", endTime: "00:45")
            )
        ).ok.body.json
        #expect(repeated.id == session.id)
        let sessions = try await client.listJumpSessions(query: .init(month: month)).ok.body.json
        #expect(sessions.map(\.id) == [session.id])
        let goals = try await client.getGoals(path: .init(customerId: ana.customerId)).ok
        let months = try goals.body.json
        #expect(months.first { $0.date == month }?.jump?.currentProgress == 1_200)
        // Polling: unchanged goals come back as 304 for the ETag kept from before.
        let tag = try #require(goals.headers.eTag)
        let unchanged = try await client.getGoals(path: .init(customerId: ana.customerId), headers: .init(ifNoneMatch: tag))
        #expect(try unchanged.notModified.headers.eTag == tag)
        _ = try await client.getGoals(path: .init(customerId: UUID().uuidString)).notFound.body.json

        // Rest days and months off move the pace; every month carries its totals.
        let nextYear = String(Int(today.prefix(4))! + 1)
        let pauses = try await client.setJumpPauses(
            body: .json(.init(restWeekdays: [.sunday, .sunday], pausedDays: [nextYear + "-12-24"], pausedMonths: [nextYear + "-08"]))
        ).ok.body.json
        #expect(pauses.restWeekdays == [.sunday] && pauses.pausedDays == [nextYear + "-12-24"])
        #expect(try await client.getJumpPauses().ok.body.json.pausedMonths == [nextYear + "-08"])
        let everyDay = try await client.setJumpPauses(
            body: .json(.init(restWeekdays: Components.Schemas.JumpPauses.RestWeekdaysPayloadPayload.allCases)))
        #expect(try everyDay.unprocessableContent.body.json.error.fields?.additionalProperties["restWeekdays"] != nil)
        let progress = try await client.getGoalProgress().ok.body.json
        let thisMonth = try #require(progress.months.first)
        #expect(progress.currentMonth == month && thisMonth.month == month && thisMonth.jumps.total == 1_200)
        #expect(thisMonth.jumps.pace?.unit == .jumps && thisMonth.jumps.goal == 20_000)

        // A park reports for Ana once she allows it, with its own key.
        let printed = try kinetic.command(["admin", "park-add", "Contract Park"])
        let key = try #require(printed.split(whereSeparator: \.isNewline).last { $0.hasPrefix("kpk_") }.map(String.init), "\(printed)")
        let park = kinetic.client(key)
        let link = try await park.requestParkLink(body: .json(.init(email: ana.email, reference: "7"))).accepted.body.json
        #expect(link.status == .pending)
        let visit = Operations.ReportParkSession.Input.Body.JsonPayload(
            date: today, numberOfJumps: 640, startTime: "01:00", endTime: "01:30")
        _ = try await park.reportParkSession(path: .init(linkId: link.id), body: .json(visit)).forbidden.body.json
        #expect(try await client.listMemberParkLinks().ok.body.json.map(\.id) == [link.id])
        #expect(try await client.approveParkLink(path: .init(linkId: link.id)).ok.body.json.status == .approved)
        #expect(try await park.listParkLinks().ok.body.json.first?.member?.name != nil)
        let reported = try await park.reportParkSession(path: .init(linkId: link.id), body: .json(visit)).created.body.json
        #expect(reported.parkName == "Contract Park")
        #expect(try await park.listParkSessions(path: .init(linkId: link.id)).ok.body.json.map(\.id) == [reported.id])
        _ = try await client.declineParkLink(path: .init(linkId: link.id)).noContent
        _ = try await park.listParkSessions(path: .init(linkId: link.id)).forbidden.body.json

        let hour = Self.utc(Date().addingTimeInterval(-3600), "yyyy-MM-dd HH:00:00 Z")
        let pushed = try await client.pushHealthSamples(
            body: .json(
                .init(
                    data: .init(metrics: [
                        .init(name: "step_count", units: "count", data: [.init(qty: 4_321, date: hour, source: "Ana’s iPhone")])
                    ])))
        ).ok.body.json
        #expect(pushed.accepted == 1)
        let bad = try await client.pushHealthSamples(
            body: .json(.init(data: .init(metrics: [.init(name: "step_count", data: [.init(qty: 1e9, date: hour)])]))))
        _ = try bad.unprocessableContent.body.json

        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ana’s Apple Watch" unit="count" startDate="2026-03-01 10:00:00 +0000" endDate="2026-03-01 10:10:00 +0000" value="1000"/>
            </HealthData>
            """
        let imported = try await client.importHealthExport(body: .xml(HTTPBody(export))).ok.body.json
        #expect(imported.stepSamples == 1)
        let sources = try await client.getStepSources().ok.body.json
        let names = sources.sources.map(\.name)
        #expect(Set(names) == ["Ana’s iPhone", "Ana’s Apple Watch"])
        let reordered = try await client.putStepSources(body: .json(.init(order: names.reversed()))).ok.body.json
        #expect(reordered.sources.map(\.name) == names.reversed() && reordered.customOrder)
        let days = try await client.getDailySteps(query: .init(from: "2026-03-01", to: "2026-03-01")).ok.body.json
        #expect(days.map(\.steps) == [1_000])
        _ = try await client.getDailySteps(query: .init(from: "2026-03-02", to: "2026-03-01")).unprocessableContent.body.json
        let why = try await client.getDayStepSources(path: .init(date: "2026-03-01")).ok.body.json
        #expect(why.steps == 1_000 && why.hours.map(\.hour) == [10] && why.hours[0].sources.map(\.counted) == [1_000])
        _ = try await client.getDayStepSources(path: .init(date: "March")).unprocessableContent.body.json
        // Nothing of that day is set aside: counting a sample anyway is refused; the day, accepted.
        let unknown = try await client.countStepsAnyway(
            path: .init(date: "2026-03-01"),
            body: .json(.init(sample: .init(source: "Ana’s Apple Watch", start: Date(), end: Date(), steps: 1))))
        _ = try unknown.unprocessableContent.body.json
        let whole = try await client.countStepsAnyway(path: .init(date: "2026-03-01"), body: .json(.init(day: true))).ok.body.json
        #expect(whole.steps == 1_000 && whole.setAside.samples.isEmpty)
        // Health Auto Export's sync, with its aggregation header.
        let synced = try await client.syncHealthAutoExport(
            headers: .init(automationAggregation: "Hours"),
            body: .json(
                .init(
                    data: .init(metrics: [
                        .init(name: "step_count", units: "count", data: [.init(qty: 250, date: hour, source: "Ana’s Apple Watch")])
                    ])))
        ).ok.body.json
        #expect(synced.accepted == 1 && synced.days.count == 1)
        let weekly = try await client.syncHealthAutoExport(
            headers: .init(automationAggregation: "Weeks"),
            body: .json(.init(data: .init(metrics: [.init(name: "step_count", data: [.init(qty: 1, date: hour)])]))))
        _ = try weekly.unprocessableContent.body.json
    }

    // MARK: Helpers

    /// `date` in UTC as `format` writes it (`yyyy-MM-dd`, `yyyy-MM-dd'T'HH:mm`…).
    static func utc(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
