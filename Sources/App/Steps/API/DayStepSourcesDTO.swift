import Foundation
import KineticCore
import Vapor

/// `GET /api/v1/steps/daily/{date}/sources`: a day's steps per hour and source, and how many of
/// each counted (whole steps, rounded as the total is), and what is set aside.
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

    /// A sample set aside as faster than a person: what `POST …/count-anyway` takes back.
    struct SetAsideSample: Content {
        let source: String
        /// RFC 3339, in the sample's own offset.
        let start: String
        let end: String
        let steps: Double
    }

    struct SetAside: Content {
        /// The day's total when the whole day is set aside (over 100,000); null otherwise.
        @NullEncoded var total: Int?
        let samples: [SetAsideSample]
    }

    let date: String
    let steps: Int
    let hours: [Hour]
    let setAside: SetAside

    init(_ day: StepsService.Day) {
        let breakdown = day.sources
        date = breakdown.date.description
        steps = day.setAsideTotal == nil ? Int(saturating: breakdown.total) : 0
        hours = breakdown.hours.map { hour in
            Hour(
                hour: hour.hour,
                sources: hour.sources.map { source in
                    Source(
                        name: source.name, kind: source.kind.code, steps: Int(saturating: source.recorded.rounded()),
                        counted: Int(saturating: source.counted.rounded()))
                })
        }
        setAside = SetAside(
            total: day.setAsideTotal.map { Int(saturating: $0) },
            samples: day.setAside.map { sample in
                SetAsideSample(
                    source: sample.sourceName, start: Self.time(sample.start, offset: sample.utcOffset),
                    end: Self.time(sample.end, offset: sample.utcOffset), steps: sample.value)
            })
    }

    /// `seconds` since 1970 as RFC 3339 in `offset`.
    static func time(_ seconds: Double, offset: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")!
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// An RFC 3339 time as seconds since 1970; nil when it is not one.
    static func seconds(_ text: String) -> Double? {
        ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970
    }
}
