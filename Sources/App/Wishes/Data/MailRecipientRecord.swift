import Fluent
import Foundation

/// An outside address Kinetic has e-mailed, with the token of its opt-out link (in every
/// e-mail to it, and its `List-Unsubscribe`) and when it opted out, if it did.
final class MailRecipientRecord: Model, @unchecked Sendable {
    static let schema = "mail_recipients"

    /// The address itself.
    @ID(custom: "address", generatedBy: .user) var id: String?
    @Field(key: "opt_out_token") var optOutToken: String
    @OptionalField(key: "opted_out_at") var optedOutAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
