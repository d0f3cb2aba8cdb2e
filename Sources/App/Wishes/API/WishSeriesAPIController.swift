import Foundation
import KineticCore
import Vapor

/// Yearly wishes over the API: the list, one, paused, resumed, ended. Each year's wish is an
/// ordinary wish (`yearlyId` names its yearly wish), changed or deleted as any other.
struct WishSeriesAPIController {
    /// `GET /api/v1/wishes/yearly`: the caller's yearly wishes that have not ended.
    func list(_ request: Request) async throws -> WishSeriesListDTO {
        let yearly = try request.wishes().yearly
        var items: [WishSeriesDTO] = []
        for series in try await yearly.list() { items.append(try await dto(series, yearly, request)) }
        return WishSeriesListDTO(items: items)
    }

    /// `GET /api/v1/wishes/yearly/{seriesId}`.
    func show(_ request: Request) async throws -> WishSeriesDTO {
        let yearly = try request.wishes().yearly
        return try await dto(try await yearly.record(request.requestedSeriesID), yearly, request)
    }

    /// `POST /api/v1/wishes/yearly/{seriesId}/pause`: no more years' wishes until it is
    /// resumed; the one waiting for its time stays (delete it to skip that year).
    func pause(_ request: Request) async throws -> WishSeriesDTO {
        let yearly = try request.wishes().yearly
        return try await dto(try await yearly.pause(request.requestedSeriesID), yearly, request)
    }

    /// `POST /api/v1/wishes/yearly/{seriesId}/resume`: the next year's wish is made again.
    func resume(_ request: Request) async throws -> WishSeriesDTO {
        let yearly = try request.wishes().yearly
        return try await dto(try await yearly.resume(request.requestedSeriesID), yearly, request)
    }

    /// `DELETE /api/v1/wishes/yearly/{seriesId}`: ends it; wishes already sent stay in Sent.
    func end(_ request: Request) async throws -> HTTPStatus {
        try await request.wishes().yearly.end(request.requestedSeriesID)
        return .noContent
    }

    private func dto(_ series: WishSeriesRecord, _ yearly: WishSeriesBook, _ request: Request) async throws -> WishSeriesDTO {
        WishSeriesDTO(
            series, recipients: try await yearly.recipients(of: series), upcoming: try await yearly.upcoming(of: series), now: request.now)
    }
}

extension Request {
    /// The yearly wish named by the `seriesId` parameter; nil when it is not an id.
    var requestedSeriesID: UUID? { parameters.get("seriesId").flatMap(UUID.init(uuidString:)) }
}
