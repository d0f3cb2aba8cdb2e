import Foundation
import KineticCore
import Vapor

/// `GET /workouts/body-map/{front|back}.svg?primary=chest&secondary=triceps,shoulders`: a view
/// of the body map (``BodyMap/svg(_:muscles:)``). It holds nothing of anyone's, so anyone may
/// fetch it and browsers and proxies keep it for a week. 404 for another view; 422 for a
/// muscle Kinetic does not know.
struct BodyMapController {
    func image(_ request: Request) async throws -> Response {
        guard let name = request.parameters.get("view"), name.hasSuffix(".svg"),
            let view = BodyMap.View(rawValue: String(name.dropLast(4)))
        else { throw AppError.notFound }
        var errors: [String: String] = [:]
        let primary = BodyMap.muscles(named: request.query[String.self, at: "primary"])
        let secondary = BodyMap.muscles(named: request.query[String.self, at: "secondary"])
        if primary == nil { errors["primary"] = "error.workout.muscleUnknown" }
        if secondary == nil { errors["secondary"] = "error.workout.muscleUnknown" }
        guard let primary, let secondary else { throw AppError.validation(FieldErrors(errors)) }
        return Response(
            status: .ok,
            headers: ["Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=604800"],
            body: .init(string: BodyMap.svg(view, muscles: BodyMap.Muscles(primary: primary, secondary: secondary))))
    }
}
