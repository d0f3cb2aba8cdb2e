import Vapor

/// The Workouts module: the exercise catalogue so far (the generator, the player, songs and
/// themes follow; its page is still "coming soon").
enum WorkoutsModule {
    static func register(on routes: ModuleRoutes) {
        routes.apiSignedIn.get(SiteURL.api(.exercises).pathComponents, use: ExercisesAPIController().list)
    }
}
