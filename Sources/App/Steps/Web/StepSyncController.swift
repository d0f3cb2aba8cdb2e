import Foundation
import KineticCore
import Vapor

/// Settings › Sync From iPhone: the page, adding a phone (its key shown once, on a page no
/// cache keeps) and removing one.
struct StepSyncController {
    private struct AddForm: Content {
        var name: String?
        var way: String?
    }

    func show(_ request: Request) async throws -> Response {
        let devices = try request.stepSyncDevices()
        let model = StepSyncPage.Model(
            devices: try await devices.list(), timeZone: request.userCalendar.timeZone,
            removed: request.query[String.self, at: "removed"] != nil)
        return .html(StepSyncPage.render(model, context: PageContext(request: request)))
    }

    func add(_ request: Request) async throws -> Response {
        let form = try request.content.decode(AddForm.self)
        let devices = try request.stepSyncDevices()
        let way = form.way.flatMap(StepSyncWay.init(rawValue:)) ?? .autoExport
        return try await request.answeringRefusals(with: { refusal in
            StepSyncPage.render(
                .init(
                    devices: try await devices.list(), timeZone: request.userCalendar.timeZone, nameError: refusal.fieldMessages["name"],
                    name: form.name ?? "", way: way),
                context: PageContext(request: request))
        }) {
            let (device, token) = try await devices.add(name: form.name ?? "", way: way, at: request.now)
            let route = way == .autoExport ? SiteURL.api(.healthAutoExport) : SiteURL.api(.healthSamples)
            let url = request.siteOrigin + route.path
            let model = StepSyncPage.Model(
                devices: try await devices.list(), timeZone: request.userCalendar.timeZone, added: (device, token, url))
            return Response.html(StepSyncPage.render(model, context: PageContext(request: request))).keptNowhere()
        }
    }

    func remove(_ request: Request) async throws -> Response {
        guard let id = request.parameters.get("deviceId").flatMap(UUID.init(uuidString:)),
            try await request.stepSyncDevices().remove(id)
        else { throw AppError.notFound }
        return request.redirect(to: SiteURL.stepSync.with([("removed", "1")]), redirectType: .normal)
    }
}

extension Request {
    /// Where this server is reached from outside: its public address when one is set, else the
    /// scheme and host this request came to.
    var siteOrigin: String {
        if let configured = application.kineticConfiguration.publicURL { return configured }
        let scheme =
            headers.first(name: "X-Forwarded-Proto") ?? (application.http.server.configuration.tlsConfiguration == nil ? "http" : "https")
        return scheme + "://" + (headers.first(name: .host) ?? "localhost")
    }

    /// The signed-in user's phones that sync their steps.
    func stepSyncDevices() throws -> StepSyncDevices {
        StepSyncDevices(database: db, userID: try requireUser().requireID())
    }
}
