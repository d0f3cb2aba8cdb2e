import Foundation

extension WishDraftInput {
    /// The members a JSON body of `POST /api/v1/wishes` (and `PUT …/{id}`) may have.
    public static let jsonMembers: Set<String> = [
        "occasion", "subject", "message", "photo", "recipients", "sendAt", "timeZone", "connections", "channels", "repeatsYearly",
        "remindDaysBefore", "onBirthdayOf",
    ]

    /// The members of a recipient given as an object.
    public static let recipientMembers: Set<String> = ["address", "reach"]

    /// Reads a JSON body: `occasion`, `subject`, `message`, `recipients`, `sendAt`
    /// (`yyyy-MM-ddTHH:mm`) and optionally `photo` (`stock:…`, `upload:…` or null), `timeZone`
    /// (an IANA name; the sender's setting otherwise) and `connections` (a boolean: also post on
    /// Connections), `repeatsYearly` (a boolean) with `remindDaysBefore` (an integer or null),
    /// or `onBirthdayOf` (``BirthdayChoice``: yearly on a contact's birthday, then without `sendAt`).
    /// Each recipient is an address, or `{"address": …, "reach": …}` to choose how
    /// they get it (``RecipientReach``). `channels`, the list older clients sent, is still read
    /// (``WishDraftInput/channels``). Wrong types and unknown members are the returned errors;
    /// what could be read is returned as well, so that ``WishDraft/validate(_:timeZone:now:)``
    /// names the other problems in the same answer.
    public static func read(json members: [String: JSONValue]) -> (input: WishDraftInput, timeZone: TimeZone?, errors: FieldErrors) {
        var reader = JSONMemberReader(members, known: jsonMembers)
        var input = WishDraftInput()
        input.occasion = reader.string("occasion")
        input.subject = reader.string("subject")
        input.message = reader.string("message")
        input.photo = reader.nullableString("photo") ?? nil
        (input.recipients, input.reaches) = readRecipients(members["recipients"], reader: &reader)
        if let choice = reader.object("onBirthdayOf", .optional) {
            var member = JSONMemberReader(choice, known: BirthdayChoice.jsonMembers)
            input.onBirthdayOf = BirthdayChoice(
                contactID: member.string("contactId"), time: member.string("time", .optional), zone: member.string("zone", .optional),
                leapDay: member.string("leapDay", .optional))
            reader.merge(member.errors, prefix: "onBirthdayOf")
            // The birthday is the day: a day given too would say something else.
            if members["sendAt"] != nil { reader.fail("sendAt", "wishes.yearly.error.sendAtWithBirthday") }
        } else {
            input.sendAt = reader.string("sendAt")
        }
        input.postsToConnections = reader.bool("connections", .optional) ?? false
        input.repeatsYearly = reader.bool("repeatsYearly", .optional) ?? false
        input.remindDaysBefore = reader.nullableInteger("remindDaysBefore") ?? nil
        if members["channels"] != nil { input.channels = reader.strings("channels", missingKey: "error.field.arrayExpected") ?? [] }
        var timeZone: TimeZone?
        if let name = reader.string("timeZone", .optional) {
            timeZone = TimeZone(identifier: name)
            if timeZone == nil { reader.fail("timeZone", "error.timeZone.unknown") }
        }
        return (input, timeZone, reader.errors)
    }

    /// The addresses of `recipients`, and the reaches chosen for some of them.
    private static func readRecipients(_ value: JSONValue?, reader: inout JSONMemberReader) -> ([String], [String: String]) {
        guard case .array(let items)? = value else {
            reader.fail("recipients", "error.field.arrayExpected")
            return ([], [:])
        }
        var addresses: [String] = []
        var reaches: [String: String] = [:]
        for (index, item) in items.enumerated() {
            switch item {
            case .string(let address): addresses.append(address)
            case .object(let members):
                var recipient = JSONMemberReader(members, known: recipientMembers)
                let address = recipient.string("address")
                let reach = recipient.string("reach", .optional)
                reader.merge(recipient.errors, prefix: "recipients[\(index)]")
                guard let address else { continue }
                addresses.append(address)
                if let reach { reaches[address] = reach }
            default: reader.fail("recipients[\(index)]", "wishes.error.recipients.item")
            }
        }
        return (addresses, reaches)
    }
}
