import Vapor

extension WorkoutsModule {
    /// Fitness tests, tracked exercises, finished workouts and workout goals: API and pages.
    static func registerFitness(on routes: ModuleRoutes) {
        let api = routes.apiSignedIn
        let tests = FitnessTestsAPIController()
        api.on(.POST, SiteURL.api(.fitnessRate).pathComponents, body: .stream, use: tests.rate)
        // Without these, `/fitness-tests/rate` would be read as a test id by the route below.
        for method in [HTTPMethod.GET, .PUT, .PATCH, .DELETE] {
            api.on(method, SiteURL.api(.fitnessRate).pathComponents) { _ -> Response in throw AppError.methodNotAllowed(allowed: ["POST"]) }
                .refusesMethod = true
        }
        api.get(SiteURL.api(.fitnessTests).pathComponents, use: tests.list)
        api.post(SiteURL.api(.fitnessTests).pathComponents, use: tests.create)
        api.get(SiteURL.api(.fitnessTest(id: nil)).pathComponents, use: tests.show)
        api.on(.POST, SiteURL.api(.fitnessTestExercise(testID: nil, exerciseID: nil)).pathComponents, body: .stream, use: tests.record)
        api.post(SiteURL.api(.fitnessTestSkip(testID: nil, exerciseID: nil)).pathComponents, use: tests.skip)

        let tracked = TrackedExercisesAPIController()
        api.get(SiteURL.api(.trackedExercises).pathComponents, use: tracked.list)
        api.put(SiteURL.api(.trackedExercise(exerciseID: nil)).pathComponents, use: tracked.update)

        let goals = WorkoutGoalsAPIController()
        api.get(SiteURL.api(.workoutGoals).pathComponents, use: goals.list)
        api.post(SiteURL.api(.workoutGoals).pathComponents, use: goals.create)
        api.get(SiteURL.api(.workoutGoal(id: nil)).pathComponents, use: goals.show)
        api.put(SiteURL.api(.workoutGoal(id: nil)).pathComponents, use: goals.replace)
        api.delete(SiteURL.api(.workoutGoal(id: nil)).pathComponents, use: goals.delete)
        api.post(SiteURL.api(.workoutCompletions(id: nil)).pathComponents, use: goals.complete)
    }
}
