import Vapor

extension WorkoutsModule {
    /// Fitness tests, tracked exercises, finished workouts and workout goals: API and pages.
    static func registerFitness(on routes: ModuleRoutes) {
        let api = routes.apiSignedIn
        let tests = FitnessTestsAPIController()
        api.on(.POST, SiteURL.api(.fitnessRate).pathComponents, streamingAtMost: Request.largestMotionLog, use: tests.rate)
        api.refuseMethodsOtherThanPOST(.api(.fitnessRate))
        api.get(SiteURL.api(.fitnessTests).pathComponents, use: tests.list)
        api.post(SiteURL.api(.fitnessTests).pathComponents, use: tests.create)
        api.get(SiteURL.api(.fitnessTest(id: nil)).pathComponents, use: tests.show)
        api.on(
            .POST, SiteURL.api(.fitnessTestExercise(testID: nil, exerciseID: nil)).pathComponents,
            streamingAtMost: Request.largestMotionLog, use: tests.record)
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

        registerFitnessPages(on: routes.signedIn)
    }

    private static func registerFitnessPages(on web: any RoutesBuilder) {
        let fitness = FitnessController()
        web.get(SiteURL.workouts(.fitness).pathComponents, use: fitness.home)
        web.get(SiteURL.workouts(.newFitnessTest).pathComponents, use: fitness.pick)
        web.post(SiteURL.workouts(.newFitnessTest).pathComponents, use: fitness.start)
        web.get(SiteURL.workouts(.fitnessTest(id: nil)).pathComponents, use: fitness.runner)
        web.get(SiteURL.workouts(.fitnessResults(id: nil)).pathComponents, use: fitness.results)
        web.on(
            .POST, SiteURL.workouts(.fitnessExercise(testID: nil, exerciseID: nil)).pathComponents,
            collectingAtMost: Request.largestMotionLog + (64 << 10), use: fitness.exercise)
        web.post(SiteURL.workouts(.track(exerciseID: nil)).pathComponents, use: fitness.track)
        web.post(SiteURL.workouts(.complete(id: nil)).pathComponents, use: WorkoutsController().complete)

        let goals = WorkoutGoalsController()
        web.get(SiteURL.workouts(.goals).pathComponents, use: goals.list)
        web.get(SiteURL.workouts(.newGoal).pathComponents, use: goals.new)
        web.post(SiteURL.workouts(.newGoal).pathComponents, use: goals.create)
        web.get(SiteURL.workouts(.goal(id: nil)).pathComponents, use: goals.show)
        web.post(SiteURL.workouts(.goal(id: nil)).pathComponents, use: goals.update)
        web.post(SiteURL.workouts(.deleteGoal(id: nil)).pathComponents, use: goals.delete)
    }
}
