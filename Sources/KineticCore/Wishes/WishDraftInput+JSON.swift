import Foundation

extension WishDraftInput {
    /// The members a JSON body of `POST /api/v1/wishes` (and `PUT …/{id}`) may have.
    public static let jsonMembers: Set<String> = [
        "occasion", "subject", "message", "photo", "recipients", "sendAt", "timeZone", "channels",
    ]

    /// Reads a JSON body: `occasion`, `subject`, `message`, `recipients` (an array of addresses),
    /// `sendAt` (`yyyy-MM-ddTHH:mm`), `channels` (an array of names) and optionally `photo`
    /// (`stock:…`, `upload:…` or null) and `timeZone` (an IANA name; the sender's setting
    /// otherwise). Wrong types and unknown members are the returned errors; what could be read
    /// is returned as well, so that ``WishDraft/validate(_:timeZone:now:)`` names the other
    /// problems in the same answer.
    public static func read(json members: [String: JSONValue]) -> (input: WishDraftInput, timeZone: TimeZone?, errors: FieldErrors) {
        var reader = JSONMemberReader(members, known: jsonMembers)
        var input = WishDraftInput()
        input.occasion = reader.string("occasion")
        input.subject = reader.string("subject")
        input.message = reader.string("message")
        input.photo = reader.nullableString("photo") ?? nil
        input.recipients = reader.strings("recipients", missingKey: "error.field.arrayExpected") ?? []
        input.sendAt = reader.string("sendAt")
        input.channels = reader.strings("channels", missingKey: "error.field.arrayExpected") ?? []
        var timeZone: TimeZone?
        if let name = reader.string("timeZone", .optional) {
            timeZone = TimeZone(identifier: name)
            if timeZone == nil { reader.fail("timeZone", "error.timeZone.unknown") }
        }
        return (input, timeZone, reader.errors)
    }
}
