import KineticCore
import Vapor

/// Steps settings: the order of the sources of the user's steps. A posted `move` (`up:2`)
/// shows the order with that row moved, not yet saved (the page without script); otherwise the
/// posted `order[]` is saved, or `reset=true` restores the default order. The page's script
/// saves with `Accept: application/json` and gets the new listing back.
struct StepSourcesController {
    private struct OrderForm: Content {
        var order: [String]?
        var move: String?
        var reset: String?
    }

    func show(_ request: Request) async throws -> Response {
        let repository = try StepSourcesRepository(database: request.db, userID: request.requireUser().requireID())
        let listing = try await repository.listing()
        let model = StepSourcesPage.Model(
            sources: listing.sources, isCustomOrder: listing.isCustomOrder, saved: request.query[String.self, at: "saved"] != nil)
        return .html(StepSourcesPage.render(model, context: PageContext(request: request)))
    }

    func update(_ request: Request) async throws -> Response {
        let repository = try StepSourcesRepository(database: request.db, userID: request.requireUser().requireID())
        let form = try request.content.decode(OrderForm.self)
        let listing = try await repository.listing()
        let posted = form.reset == "true" ? [] : (form.order ?? [])
        return try await request.answeringRefusals(with: { refusal in
            StepSourcesPage.render(
                .init(
                    sources: listing.sources, isCustomOrder: listing.isCustomOrder,
                    errorMessage: refusal.fieldMessages.values.sorted().first
                ), context: PageContext(request: request))
        }) {
            if let move = form.move.flatMap(Move.init) {
                // Without script: show the moved order; nothing is saved until Save.
                let order = try SourceOrder.validate(posted, known: Set(listing.sources.map(\.name))).get()
                let known = Dictionary(listing.sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                let moved = SourceOrder.moving(order, at: move.index, by: move.offset)
                let target = moved == order ? move.index : move.index + move.offset
                let model = StepSourcesPage.Model(
                    sources: moved.compactMap { known[$0] }, isCustomOrder: listing.isCustomOrder, moved: (target, move.offset)
                )
                return .html(StepSourcesPage.render(model, context: PageContext(request: request)))
            }
            let saved = try await repository.saveOrder(posted, current: listing)
            return try request.savedAnswer(json: StepSourcesDTO(saved), redirectTo: SiteURL.stepSources.with([("saved", "1")]))
        }
    }

    /// `up:2` or `down:0`.
    private struct Move {
        let index: Int
        let offset: Int

        init?(_ text: String) {
            let parts = text.split(separator: ":")
            guard parts.count == 2, let index = Int(parts[1]) else { return nil }
            switch parts[0] {
            case "up": offset = -1
            case "down": offset = 1
            default: return nil
            }
            self.index = index
        }
    }
}
