import KineticCore
import Vapor

/// `GET /api/v1/exercises?category=&muscle=&equipment=&difficulty=`: the catalogue, filtered.
struct ExercisesAPIController {
    func list(_ request: Request) async throws -> [ExerciseDTO] {
        _ = try request.requireUser()
        var query: [String: String] = [:]
        for field in ["category", "muscle", "equipment", "difficulty"] {
            query[field] = request.query[String.self, at: field]
        }
        let filter = try ExerciseFilter.parse(query).get()
        let l = request.localizer
        return request.application.exerciseCatalogue.exercises.filter(filter.admits).map { ExerciseDTO($0, l: l) }
    }
}
