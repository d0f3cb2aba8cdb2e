/// What Kinetic tells a person's devices about, each of which they can turn off in Settings.
enum NotificationKind: String, CaseIterable, Codable, Sendable {
    /// A wish arrived in their Inbox.
    case wishArrived
    /// A yearly wish of theirs goes out soon (its reminder is due).
    case wishReminder
    /// A workout goal's reminder day has come and the week's workouts are not done.
    case workoutReminder
    /// A wish of theirs could not reach one of its recipients.
    case wishFailed
    /// A report import they started has finished or failed.
    case reportImport
    /// A park asks to report their jump sessions.
    case parkLink

    /// Its name in Settings.
    var titleKey: String { "notifications.kind.\(rawValue)" }
    /// What it is for, under its name.
    var detailKey: String { "notifications.kind.\(rawValue).detail" }
}
