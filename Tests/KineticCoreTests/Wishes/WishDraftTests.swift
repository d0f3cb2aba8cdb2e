import Foundation
import KineticCore
import Testing

@Suite struct WishDraftTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let now = try! Date("2027-01-15T08:00:00Z", strategy: .iso8601)

    private var complete: WishDraftInput {
        WishDraftInput(
            occasion: "birthday", subject: "  Happy   birthday ", message: "All the best!\r\nAnn", photo: "stock:birthday-2",
            recipients: ["Bob@Example.com", " ann@example.com", "bob@example.com"], sendAt: "2027-01-15T10:00",
            channels: ["in-app", "email"])
    }

    @Test func aCompleteDraft_isNormalized() throws {
        let draft = try WishDraft.validate(complete, timeZone: zone, now: now).get()
        #expect(draft.occasion == .birthday)
        #expect(draft.subject == "Happy birthday")
        #expect(draft.message == "All the best!\nAnn")
        #expect(draft.photo == .stock("birthday-2"))
        #expect(draft.recipients == ["bob@example.com", "ann@example.com"])
        #expect(draft.reaches == ["bob@example.com": .emailAndInApp, "ann@example.com": .emailAndInApp])
        #expect(draft.channels == [.email, .inApp])
        #expect(!draft.postsToConnections)
        #expect(draft.sendTime.instant == now.addingTimeInterval(3_600))
    }

    @Test func everyMissingField_isNamedAtOnce() {
        guard case .failure(let errors) = WishDraft.validate(WishDraftInput(), timeZone: zone, now: now) else {
            Issue.record("an empty draft was accepted")
            return
        }
        #expect(
            errors.messages == [
                "occasion": "wishes.error.occasion", "subject": "wishes.error.subject.empty", "message": "wishes.error.message.empty",
                "recipients": "wishes.error.recipients.empty", "sendAt": "wishes.error.sendAt.empty",
            ])
    }

    @Test func badValues_areRefusedWithTheirReason() {
        var input = complete
        input.occasion = "wedding"
        input.photo = "stock:wedding-1"
        input.recipients = ["bob@example.com", "not an address", "eve@exa<mple.com"]
        input.sendAt = "2027-01-15T08:55" // 07:55 UTC, five minutes ago
        input.channels = ["email", "fax"]
        input.reaches = ["bob@example.com": "pigeon"]
        input.subject = String(repeating: "x", count: WishDraft.maximumSubjectLength + 1)
        guard case .failure(let errors) = WishDraft.validate(input, timeZone: zone, now: now) else {
            Issue.record("a bad draft was accepted")
            return
        }
        #expect(
            errors.messages == [
                "occasion": "wishes.error.occasion", "photo": "wishes.error.photo", "recipients": "wishes.error.recipients.invalid",
                "sendAt": "wishes.error.sendAt.past", "channels": "wishes.error.channels.unknown", "subject": "wishes.error.subject.long",
                "reach": "wishes.error.reach.unknown",
            ])
    }

    @Test func noChannels_leavesEachReachToBeSettled_andAFewSecondsLateIsNow() throws {
        var input = complete
        input.channels = nil
        input.sendAt = "2027-01-15T08:59" // the current minute began a minute ago
        let draft = try WishDraft.validate(input, timeZone: zone, now: now).get()
        #expect(draft.reaches.isEmpty && !draft.postsToConnections)
    }

    @Test func theOldChannelsList_withOnlyConnections_isRefused_ratherThanReachingPeopleItNeverDid() {
        var input = complete
        input.channels = ["connections"]
        guard case .failure(let errors) = WishDraft.validate(input, timeZone: zone, now: now) else {
            Issue.record("a Connections-only wish was accepted")
            return
        }
        #expect(errors.messages == ["channels": "wishes.error.channels.connectionsOnly"])
    }

    @Test func aChosenReach_beatsTheOldChannelsList_andOneForSomeoneNotOnTheListIsDropped() throws {
        var input = complete
        input.channels = ["email", "connections"]
        input.reaches = ["ANN@example.com": "in-app", "carla@example.com": "email"]
        let draft = try WishDraft.validate(input, timeZone: zone, now: now).get()
        #expect(draft.reaches == ["bob@example.com": .email, "ann@example.com": .inApp])
        #expect(draft.postsToConnections)
        #expect(draft.channels == [.email, .connections, .inApp])
    }

    @Test func settling_givesAConfirmedAccountTheApp_andAnyOtherAddressEmail_keepingChoices() throws {
        var input = complete
        input.channels = nil
        input.recipients = ["bob@example.com", "ann@example.com", "carla@example.com"]
        input.reaches = ["carla@example.com": "email-and-in-app"]
        let draft = try WishDraft.validate(input, timeZone: zone, now: now).get()
        let settled = draft.settlingReaches(confirmedAccounts: ["ann@example.com", "carla@example.com"], senderCanEmail: true)
        #expect(
            settled.addressees == [
                WishRecipient(address: "bob@example.com", reach: .email), WishRecipient(address: "ann@example.com", reach: .inApp),
                WishRecipient(address: "carla@example.com", reach: .emailAndInApp),
            ])
        #expect(settled.channels == [.email, .inApp])
        // A sender who cannot e-mail reaches Bob in the app, where it waits for him to join.
        let withoutMail = draft.settlingReaches(confirmedAccounts: ["ann@example.com"], senderCanEmail: false)
        #expect(withoutMail.addressees.map(\.reach) == [.inApp, .inApp, .emailAndInApp])
    }

    @Test func tooManyRecipients_areRefused() {
        var input = complete
        input.recipients = (0...WishDraft.maximumRecipients).map { "friend\($0)@example.com" }
        guard case .failure(let errors) = WishDraft.validate(input, timeZone: zone, now: now) else {
            Issue.record("21 recipients were accepted")
            return
        }
        #expect(errors.messages == ["recipients": "wishes.error.recipients.many"])
    }

    @Test func aRecipientField_splitsAtCommasSemicolonsAndLines() {
        #expect(WishDraft.recipientList("a@x.de, b@x.de;c@x.de\nd@x.de") == ["a@x.de", "b@x.de", "c@x.de", "d@x.de"])
    }

    @Test func photos_areStockCardsOrUploads() {
        #expect(WishPhoto("stock:thank-you-6") == .stock("thank-you-6"))
        #expect(WishPhoto("stock:thank-you-7") == nil)
        let id = UUID()
        #expect(WishPhoto("upload:\(id.uuidString)") == .uploaded(id))
        #expect(WishPhoto("upload:\(id.uuidString)")?.description == "upload:\(id.uuidString.lowercased())")
        #expect(WishPhoto("https://example.com/a.png") == nil)
    }
}
