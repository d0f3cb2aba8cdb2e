import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

/// Workout goals' reminders on their owners' devices: on each reminder day the person chose,
/// from 9:00 in their time zone (``WorkoutGoalReminderTime``), a goal whose reminder is due —
/// the same "reminder due" the goals page shows: nothing that counts done today, the week's
/// days and the goal not reached — tells their devices once, with how far the week has come.
/// Every instance looks every few minutes; a goal is taken for the day by a conditional update
/// of its `reminded_on`, so one instance sends it.
struct WorkoutGoalReminders {
    let database: any Database
    let notifier: PushNotifier
    let catalog: StringCatalog
    /// The zone of those who chose none.
    let serverTimeZone: TimeZone

    /// How often each instance looks, in seconds.
    static let interval: TimeInterval = 300

    /// Sends the reminders due at `now`; how many went.
    @discardableResult
    func send(now: Date) async throws -> Int {
        // Goals reminded on an earlier day: every local date is at most a day after UTC's.
        let latestToday = LocalDate(daysSince1970: LocalDate(containing: now, in: .gmt).daysSince1970 + 1).description
        let goals = try await WorkoutGoalRecord.query(on: database)
            .group(.or) { $0.filter(\.$remindedOn == nil).filter(\.$remindedOn < latestToday) }.all()
        var sent = 0
        for (userID, owned) in Dictionary(grouping: goals, by: { $0.$user.id }) {
            guard let user = try await User.find(userID, on: database) else { continue }
            let timeZone = user.timeZone ?? serverTimeZone
            guard WorkoutGoalReminderTime.hasCome(at: now, in: timeZone) else { continue }
            let today = LocalDate(containing: now, in: timeZone)
            let localizer = Localizer(language: user.appLanguage ?? .english, catalog: catalog)
            let remindable = owned.filter { record in
                let reminderDays = (try? record.goal.reminderDays) ?? []
                return (record.remindedOn ?? "") < today.description && reminderDays.contains(Weekday(today))
            }
            guard let earliest = remindable.map(\.createdAt).min() else { continue }
            let workouts = try await CompletedWorkoutRecord.counting(
                of: userID, since: earliest.addingTimeInterval(-86_400), in: timeZone, on: database)
            for record in remindable {
                let goal = try record.goal
                let progress = WorkoutGoalProgress(
                    goal: goal, since: LocalDate(containing: record.createdAt, in: timeZone), workouts: workouts, today: today,
                    firstWeekday: localizer.firstWeekday)
                if try await remind(record, of: goal, progress, userID: userID, today: today) { sent += 1 }
            }
        }
        return sent
    }

    /// Takes `record` for `today` and, when its reminder is due, tells the devices; false when
    /// another instance took it first or nothing was due.
    private func remind(
        _ record: WorkoutGoalRecord, of goal: WorkoutGoal, _ progress: WorkoutGoalProgress, userID: UUID, today: LocalDate
    ) async throws -> Bool {
        let id = try record.requireID()
        return try await database.writeTransaction { database in
            let taken = try await database.sql().update(WorkoutGoalRecord.schema).set("reminded_on", to: today.description)
                .where("id", .equal, id)
                .where(group: { $0.where("reminded_on", .is, SQLLiteral.null).orWhere("reminded_on", .lessThan, today.description) })
                .returning("id").all()
            guard !taken.isEmpty, progress.reminderDue else { return false }
            try await notifier.notify(userID, of: .workoutReminder, on: database) { l in
                PushMessage(
                    kind: .workoutReminder, title: l.t("notifications.workoutReminder.title"),
                    body: l.t("workoutGoals.reminderLine", goal.name, l.number(progress.daysThisWeek), l.number(goal.daysPerWeek)),
                    url: SiteURL.workouts(.goals).path, topic: "goal-" + String(id.uuidString.lowercased().prefix(27)),
                    timeToLive: 12 * 3600)
            }
            return true
        }
    }

    /// Sends the reminders every ``interval`` seconds of the application's clock while it serves.
    static func sendInBackground(_ app: Application) {
        let reminders = WorkoutGoalReminders(
            database: app.db, notifier: app.pushNotifier, catalog: app.stringCatalog, serverTimeZone: app.kineticConfiguration.timeZone)
        let clock = app.kineticConfiguration.clock
        let logger = app.logger
        app.runInBackground {
            while !Task.isCancelled {
                do { try await reminders.send(now: clock.now) } catch {
                    logger.warning(
                        "Sending workout goal reminders failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
                }
                try? await clock.sleep(for: interval)
            }
        }
    }
}
