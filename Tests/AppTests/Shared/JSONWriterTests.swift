import Foundation
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

/// The hand-written JSON of the goals array, the days' steps and the wish lists must say exactly what
/// `JSONEncoder` says for the same values.
@Suite struct JSONWriterTests {
    private func encoded(_ dtos: [GoalMonthDTO]) throws -> (written: Data, encoded: Data) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let response = dtos.jsonResponse(allocator: ByteBufferAllocator())
        #expect(response.headers.contentType == .json)
        let written = Data(try #require(response.body.buffer).readableBytesView)
        return (written, try encoder.encode(dtos))
    }

    private func summaries(parkName: String, calories: Int?) -> [MonthSummary] {
        let march = Month(year: 2021, month: 3)!
        let session = JumpSession(
            date: LocalDate(year: 2021, month: 3, day: 9)!, numberOfJumps: 1_234, numberOfCalories: calories,
            parkName: parkName, startTime: TimeOfDay(hour: 9, minute: 5)!, endTime: TimeOfDay(hour: 10, minute: 0)!
        )
        return GoalHistory.summaries(
            from: march.previous, through: march.next,
            setGoals: [march.previous: MonthGoals(jumpGoal: 30_000, calorieGoal: 0), march: MonthGoals(jumpGoal: 0, calorieGoal: 2_000)],
            totals: [march: MonthTotals(jumps: 1_234, calories: calories ?? 0, lastSession: session)]
        )
    }

    @Test func plainValues_areTheSameBytesAsJSONEncoder() throws {
        let (written, encoded) = try encoded(summaries(parkName: "Plainfield / Sky Zone", calories: 88).map(GoalMonthDTO.init))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
    }

    @Test(arguments: [
        "Quote \" and \\ backslash", "Tab\tnew\nline\r", "Bell \u{07} and \u{1F}", "Backspace \u{08} form feed \u{0C}", "Émilie’s 🏀 Park",
        "",
    ])
    func escapedStrings_readBackTheSame(parkName: String) throws {
        let (written, encoded) = try encoded(summaries(parkName: parkName, calories: nil).map(GoalMonthDTO.init))
        let fromWriter = try #require(try JSONSerialization.jsonObject(with: written) as? NSArray)
        let fromEncoder = try #require(try JSONSerialization.jsonObject(with: encoded) as? NSArray)
        #expect(fromWriter == fromEncoder)
        let park = ((fromWriter[1] as? NSDictionary)?["lastSession"] as? NSDictionary)?["parkName"] as? String
        #expect(park == parkName)
    }

    @Test func wishLists_inEveryBox_areTheSameBytesAsJSONEncoder() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let annID = try #require(UUID(uuidString: ann.customerId))
            _ = try await app.scheduleWish(
                from: ann, to: ["bob@example.com", "kim@example.com"], reach: .emailAndInApp, connections: true,
                subject: "Quote \" and / slash, backspace \u{08} and form feed \u{0C}", photo: "stock:birthday-1")
            _ = try await app.scheduleWish(from: ann, to: ["carl@example.com"], reach: .inApp, message: "Émilie’s 🏀\nline")
            for (index, email) in ["bob@example.com", ""].enumerated() {
                let item = InboxWishRecord(
                    of: (UUID(), .birthday, "Item \(index)\t", "Hi", nil), deliveryID: UUID(), recipientID: annID, senderName: "Bob",
                    senderEmail: email, at: testNow.addingTimeInterval(Double(index)))
                try await item.create(on: app.db)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let boxes = WishBoxes(database: app.db, userID: annID)
            let localizer = Localizer(language: .german, catalog: app.stringCatalog)
            for box in [WishBox.scheduled, .inbox] {
                let page = try await boxes.page(box, limit: 1)
                let dto = WishListDTO(
                    box: box.rawValue, items: page.items.map { WishDTO($0, localizer: localizer) }, nextCursor: page.next?.token)
                #expect(dto.items.count == 1 && dto.nextCursor != nil)
                let written = try #require(dto.jsonResponse(allocator: ByteBufferAllocator()).body.buffer)
                #expect(String(buffer: written) == String(decoding: try encoder.encode(dto), as: UTF8.self), "\(box)")
            }
        }
    }

    @Test func dailySteps_areTheSameBytesAsJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let days = [
            StepsAPIController.DailySteps(date: "2021-03-09", steps: 12_345), .init(date: "2021-03-10", steps: 0),
            .init(date: "2021-03-11", steps: Int.max),
        ]
        let written = try #require(days.jsonResponse(allocator: ByteBufferAllocator()).body.buffer)
        #expect(String(buffer: written) == String(decoding: try encoder.encode(days), as: UTF8.self))
    }

    @Test func anEmptyArray_isWrittenAsOne() throws {
        let (written, _) = try encoded([])
        #expect(String(decoding: written, as: UTF8.self) == "[]")
    }
}
