import KineticCore
import Testing

@Suite struct RecipientOutcomeTests {
    private func status(_ channel: WishChannel, _ state: DeliveryState, _ reason: String? = nil) -> DeliveryStatus {
        DeliveryStatus(channel: channel, state: state, reason: reason)
    }

    @Test func oneChannelThatArrived_isDelivered_evenBesideOneThatFailed() {
        #expect(
            RecipientOutcome([status(.email, .failed, "550 no such user"), status(.inApp, .delivered)]) == .delivered(on: [.inApp]))
        #expect(RecipientOutcome([status(.inApp, .delivered), status(.email, .delivered)]) == .delivered(on: [.email, .inApp]))
    }

    @Test func whileADeliveryIsOpen_itIsWaiting_withTheReasonItIsHeld() {
        #expect(
            RecipientOutcome([status(.email, .pending, DeliveryFailure.limitWait.rawValue), status(.inApp, .failed, "x")])
                == .waiting(reason: DeliveryFailure.limitWait.rawValue))
        #expect(RecipientOutcome([status(.email, .sending)]) == .waiting(reason: nil))
    }

    @Test func whenEverythingEndedAndNothingArrived_itFailed_orWasCancelled() {
        #expect(
            RecipientOutcome([status(.email, .cancelled, DeliveryFailure.cancelled.rawValue), status(.inApp, .failed, "why")])
                == .failed(reason: "why"))
        #expect(RecipientOutcome([status(.email, .cancelled)]) == .cancelled)
        #expect(RecipientOutcome([]) == .onlyNamed)
    }

    @Test func theTally_countsPeopleNotDeliveries() {
        let tally = OutcomeTally([
            RecipientOutcome([status(.email, .delivered), status(.inApp, .delivered)]),
            RecipientOutcome([status(.email, .failed, "550")]),
            RecipientOutcome([status(.inApp, .delivered)]),
        ])
        #expect(tally[.delivered] == 2 && tally[.failed] == 1 && tally[.waiting] == 0)
        #expect(tally.nonzero.map(\.kind) == [.delivered, .failed])
        #expect(OutcomeTally([.onlyNamed, .cancelled]) == OutcomeTally([.cancelled]), "one only named in a post is not counted")
    }

    @Test func theReachPickedForSomeone_isTheAppWithAnAccountAndEmailWithout() {
        #expect(RecipientReach.automatic(hasConfirmedAccount: true, senderCanEmail: true) == .inApp)
        #expect(RecipientReach.automatic(hasConfirmedAccount: false, senderCanEmail: true) == .email)
        #expect(RecipientReach.automatic(hasConfirmedAccount: false, senderCanEmail: false) == .inApp)
        #expect(RecipientReach.implied(byChannels: [.email, .inApp, .connections]) == .emailAndInApp)
        #expect(RecipientReach.implied(byChannels: [.connections]) == nil)
        #expect(RecipientReach.emailAndInApp.channels == [.email, .inApp] && !RecipientReach.inApp.sendsEmail)
    }
}
