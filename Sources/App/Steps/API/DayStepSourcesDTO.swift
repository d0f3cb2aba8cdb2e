import KineticCore
import Vapor

/// `GET /api/v1/steps/daily/{date}/sources`: a day's steps per hour and source, and how many of
/// each counted (whole steps, rounded as the total is).
struct DayStepSourcesDTO: Content {
    struct Source: Content {
        let name: String
        /// `manual`, `watch`, `phone` or `other`.
        let kind: String
        let steps: Int
        let counted: Int
    }

    struct Hour: Content {
        let hour: Int
        let sources: [Source]
    }

    let date: String
    let steps: Int
    let hours: [Hour]

    init(_ breakdown: DayStepSources) {
        date = breakdown.date.description
        steps = Int(saturating: breakdown.total)
        hours = breakdown.hours.map { hour in
            Hour(
                hour: hour.hour,
                sources: hour.sources.map { source in
                    Source(
                        name: source.name, kind: source.kind.code, steps: Int(saturating: source.recorded.rounded()),
                        counted: Int(saturating: source.counted.rounded()))
                })
        }
    }
}
