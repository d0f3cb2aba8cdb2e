import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing

@testable import App

/// Transactions that read before they write, many at once, all commit: on SQLite such a
/// transaction used to fail at its first write with "database is locked" whenever another had
/// written since its read (SQLite does not wait there), a 500 for whoever sent it.
@Suite struct WriteTransactionTests {
    @Test func transactionsThatReadThenWrite_manyAtOnce_allCommit() async throws {
        try await withKinetic { app in
            var users: [UUID] = []
            for index in 0..<4 {
                let account = try await app.signUp(email: "writer\(index)@example.com")
                users.append(try #require(UUID(uuidString: account.customerId)))
            }
            let failures = await withTaskGroup(of: Int.self) { group in
                for round in 0..<40 {
                    let userID = users[round % users.count]
                    group.addTask {
                        do {
                            try await app.db.writeTransaction { database in
                                // Read, let the others run, then write: the shape of adding a contact.
                                _ = try await WishContactRecord.query(on: database).count()
                                await Task.yield()
                                let contact = Contact(name: "Friend \(round)", email: "friend\(round)@example.com")
                                try await WishContactRecord(ownerID: userID, contact: contact, now: testNow).create(on: database)
                            }
                            return 0
                        } catch {
                            return 1
                        }
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(failures == 0)
            #expect(try await WishContactRecord.query(on: app.db).count() == 40)
        }
    }
}
