// What an iPhone automation does with Kinetic, through KineticAPI on URLSession (as an iOS app
// would): signs in, pushes the last three hours' steps, reads this month's goals and schedules a
// birthday wish for tomorrow morning.
//
//     KINETIC_PASSWORD=… swift run kinetic-client http://127.0.0.1:8080 you@example.com friend@example.com

import Foundation
import KineticAPI
import OpenAPIURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let serverURL = URL(string: arguments[arguments.startIndex]),
    let password = ProcessInfo.processInfo.environment["KINETIC_PASSWORD"]
else {
    FileHandle.standardError.write(Data("usage: KINETIC_PASSWORD=… kinetic-client <server-url> <email> <wish-recipient>\n".utf8))
    exit(2)
}
let email = arguments[arguments.startIndex + 1]
let recipient = arguments[arguments.startIndex + 2]

do {
    // Sign in: the token signs every further request.
    let signIn = Client(serverURL: serverURL, transport: URLSessionTransport())
    let auth = try await signIn.login(body: .json(.init(email: email, password: password, deviceName: "kinetic-client")))
        .ok.body.json
    let kinetic = Client(serverURL: serverURL, transport: URLSessionTransport(), middlewares: [BearerToken(auth.token)])
    let zone = auth.profile.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current

    // The steps of the last three full hours, one point an hour, as Health Auto Export sends them.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let hour = calendar.dateInterval(of: .hour, for: Date())!.start
    let stamp = DateFormatter()
    stamp.locale = Locale(identifier: "en_US_POSIX")
    stamp.timeZone = zone
    stamp.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    let points = [1_250.0, 3_400, 860].enumerated().map { offset, steps in
        Components.Schemas.HealthPoint(
            qty: steps, date: stamp.string(from: hour.addingTimeInterval(-3600 * Double(3 - offset))), source: "kinetic-client")
    }
    let pushed = try await kinetic.pushHealthSamples(
        body: .json(.init(data: .init(metrics: [.init(name: "step_count", units: "count", data: points)])))
    ).ok.body.json
    print("Pushed \(pushed.accepted) step points; \(pushed.daysUpdated) day(s) updated")

    // This month's goals.
    let month = DateFormatter()
    month.locale = Locale(identifier: "en_US_POSIX")
    month.timeZone = zone
    month.dateFormat = "yyyy-MM"
    let months = try await kinetic.getGoals(path: .init(customerId: auth.customerId)).ok.body.json
    if let thisMonth = months.first(where: { $0.date == month.string(from: Date()) }) {
        let jumps = thisMonth.jump.map { "\($0.currentProgress) of \($0.goal) jumps" } ?? "no jump goal"
        let calories = thisMonth.calorie.map { "\($0.currentProgress) of \($0.goal) calories" } ?? "no calorie goal"
        print("This month: \(jumps), \(calories)")
    } else {
        print("This month: no goals yet")
    }

    // A birthday wish for tomorrow at nine, on the sender's clock.
    let minute = DateFormatter()
    minute.locale = Locale(identifier: "en_US_POSIX")
    minute.timeZone = zone
    minute.dateFormat = "yyyy-MM-dd'T'09:00"
    let tomorrow = calendar.date(byAdding: .day, value: 1, to: Date())!
    let wish = try await kinetic.scheduleWish(
        body: .json(
            .init(
                occasion: .birthday, subject: "Happy birthday!", message: "Have a wonderful day. See you at the park!",
                photo: "stock:birthday-1", recipients: [.EmailAddress(recipient)], sendAt: minute.string(from: tomorrow),
                timeZone: zone.identifier))
    ).created.body.json
    let sendAt = wish.sendAt.map { "\($0.local) (\($0.timeZone))" } ?? wish.at.description
    print("Scheduled wish \(wish.id) to \(recipient) for \(sendAt)")
} catch {
    FileHandle.standardError.write(Data("kinetic-client: \(error)\n".utf8))
    exit(1)
}
