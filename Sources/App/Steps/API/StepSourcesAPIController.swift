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
        let order = try Self.order(in: request.jsonBody()).get()
        return StepSourcesDTO(try await repository.saveOrder(order, current: repository.listing()))
    }

    /// The `order` member: an array of strings.
    static func order(in body: JSONValue) -> Result<[String], FieldErrors> {
        guard let members = body.objectValue else { return .failure(FieldErrors(["body": "error.body.objectExpected"])) }
        if let unknown = members.keys.sorted().first(where: { $0 != "order" }) {
            return .failure(FieldErrors([unknown: "error.field.unknown"]))
        }
        guard case .array(let items)? = members["order"] else { return .failure(FieldErrors(["order": "error.sources.orderExpected"])) }
        var names: [String] = []
        var errors = FieldErrors()
        for (index, item) in items.enumerated() {
            if let name = item.stringValue { names.append(name) } else { errors.add("order[\(index)]", "error.field.stringExpected") }
        }
        return errors.isEmpty ? .success(names) : .failure(errors)
    }
}
