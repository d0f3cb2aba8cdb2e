import KineticCore
import Vapor

/// `GET /api/v1/steps/sources` and `PUT /api/v1/steps/sources` (`{"order": [names]}`; an
/// empty list restores the default order). A new order recomputes every day's total.
struct StepSourcesAPIController {
    func show(_ request: Request) async throws -> StepSourcesDTO {
        let repository = StepSourcesRepository(database: request.db, userID: try request.requireUser().requireID())
        return StepSourcesDTO(try await repository.listing())
    }

    func update(_ request: Request) async throws -> StepSourcesDTO {
        let repository = StepSourcesRepository(database: request.db, userID: try request.requireUser().requireID())
        let order = try await Self.order(in: request.jsonBody()).get()
        return StepSourcesDTO(try await repository.saveOrder(order, current: repository.listing()))
    }

    /// The `order` member: an array of strings.
    static func order(in body: JSONValue) -> Result<[String], FieldErrors> {
        JSONMemberReader.object(body, known: ["order"]).flatMap { reader in
            var reader = reader
            let names = reader.strings("order", missingKey: "error.sources.orderExpected")
            return reader.result(names)
        }
    }
}
