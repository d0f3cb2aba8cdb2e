import Foundation
import Vapor

/// What an Apple Health import did, as the API and the Steps page's upload answer it.
struct StepImportDTO: Content {
    let id: UUID
    let recordsRead: Int
    let stepSamples: Int
    let samplesSkipped: Int
    let daysUpdated: Int
    let daysAdded: Int
    let daysChanged: Int
    let samplesRemoved: Int
    /// `yyyy-MM-dd`: the first and last day the export's step samples touch.
    @NullEncoded var firstDate: String?
    @NullEncoded var lastDate: String?

    init(_ summary: StepImport) {
        id = summary.id
        recordsRead = summary.recordsRead
        stepSamples = summary.stepSamples
        samplesSkipped = summary.samplesSkipped
        daysUpdated = summary.daysUpdated
        daysAdded = summary.daysAdded
        daysChanged = summary.daysChanged
        samplesRemoved = summary.samplesRemoved
        firstDate = summary.days?.lowerBound.description
        lastDate = summary.days?.upperBound.description
    }
}
