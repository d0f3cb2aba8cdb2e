import Foundation

/// The on-demand page draws running on this instance (``ReportImports/drawPages(from:pageCount:in:)``),
/// so that a request for a page a draw in flight covers waits for that draw instead of queuing
/// another: a reader (an app scrolling a long report, the viewer's page images) asks for ten
/// pages at once, and each would otherwise take a place in the user's turn of the tool line,
/// which refuses the fifth with 503.
actor PageDraws {
    private struct Draw {
        let id: UUID
        let pages: ClosedRange<Int>
        let task: Task<Void, any Error>
    }

    private var running: [String: [Draw]] = [:]

    /// Waits for a draw in flight of `folder` that covers `page`; else runs `draw`, which may draw
    /// `pages` (it holds `page`), letting the requests for any of them wait for it.
    func page(
        _ page: Int, of folder: String, drawing pages: ClosedRange<Int>, by draw: @escaping @Sendable () async throws -> Void
    ) async throws {
        if let draw = running[folder]?.first(where: { $0.pages.contains(page) }) {
            try await draw.task.value
            return
        }
        let started = Draw(id: UUID(), pages: pages, task: Task { try await draw() })
        running[folder, default: []].append(started)
        defer { finish(started.id, of: folder) }
        try await started.task.value
    }

    /// How many draws are in flight (for tests).
    var count: Int { running.values.reduce(0) { $0 + $1.count } }

    private func finish(_ id: UUID, of folder: String) {
        running[folder]?.removeAll { $0.id == id }
        if running[folder]?.isEmpty == true { running[folder] = nil }
    }
}
