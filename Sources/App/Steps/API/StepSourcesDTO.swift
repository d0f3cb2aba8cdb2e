import KineticCore
import Vapor

/// `GET|PUT /api/v1/steps/sources`: the sources of a user's steps in the order their totals
/// follow, and whether that order is the user's own.
struct StepSourcesDTO: Content {
    struct Source: Content {
        let name: String
        /// `manual`, `watch`, `phone` or `other`.
        let kind: String
    }

    let customOrder: Bool
    let sources: [Source]

    init(_ listing: StepSourcesRepository.Listing) {
        customOrder = listing.isCustomOrder
        sources = listing.sources.map { Source(name: $0.name, kind: $0.kind.code) }
    }
}
