import Foundation
import KineticCore
import Vapor

/// The fields of the contact page: the birthday as a day, a month and an optional year.
struct WishContactForm: Content, Equatable {
    var name: String?
    var email: String?
    var birthdayDay: String?
    var birthdayMonth: String?
    var birthdayYear: String?
    var timeZone: String?
    var reach: String?
    /// Their other addresses, one per line (commas and spaces separate them too).
    var otherEmails: String?
    /// Present (a ticked box) to take their photo away.
    var removePhoto: String?

    /// What the contact rules check: the birthday as `yyyy-MM-dd` or `--MM-dd`, or a text no
    /// rule reads when only part of it was given.
    func input() -> ContactInput {
        let day = (birthdayDay ?? "").trimmingCharacters(in: .whitespaces)
        let month = (birthdayMonth ?? "").trimmingCharacters(in: .whitespaces)
        let year = (birthdayYear ?? "").trimmingCharacters(in: .whitespaces)
        var birthday: String?
        if !(day.isEmpty && month.isEmpty && year.isEmpty) {
            if let d = Int(asciiDigits: day), let m = Int(asciiDigits: month), year.isEmpty || Int(asciiDigits: year) != nil {
                let monthDay = String(zeroPadded: m, width: 2) + "-" + String(zeroPadded: d, width: 2)
                birthday = year.isEmpty ? "--" + monthDay : String(zeroPadded: Int(year)!, width: 4) + "-" + monthDay
            } else {
                birthday = "?"
            }
        }
        return ContactInput(
            name: name, email: email, birthday: birthday, timeZone: timeZone, reach: reach,
            otherEmails: WishDraft.recipientList(otherEmails ?? ""))
    }

    init(
        name: String? = nil, email: String? = nil, birthdayDay: String? = nil, birthdayMonth: String? = nil, birthdayYear: String? = nil,
        timeZone: String? = nil, reach: String? = nil
    ) {
        self.name = name
        self.email = email
        self.birthdayDay = birthdayDay
        self.birthdayMonth = birthdayMonth
        self.birthdayYear = birthdayYear
        self.timeZone = timeZone
        self.reach = reach
    }

    /// A stored contact, to change.
    init(_ contact: Contact) {
        self.init(
            name: contact.name, email: contact.email, birthdayDay: contact.birthday.map { String($0.day) },
            birthdayMonth: contact.birthday.map { String($0.month) }, birthdayYear: contact.birthday?.year.map(String.init),
            timeZone: contact.timeZone ?? "", reach: contact.reach?.rawValue ?? "")
        otherEmails = contact.otherEmails.joined(separator: "\n")
    }
}
