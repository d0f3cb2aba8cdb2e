import Vapor

/// The Workouts module: the exercise catalogue, each user's song library and music themes,
/// generated workouts and where they were paused (its pages follow; `/workouts` is still
/// "coming soon").
enum WorkoutsModule {
    static func register(on routes: ModuleRoutes) {
        let api = routes.apiSignedIn
        api.get(SiteURL.api(.exercises).pathComponents, use: ExercisesAPIController().list)

        let songs = SongsAPIController()
        api.get(SiteURL.api(.songs).pathComponents, use: songs.list)
        api.on(.POST, SiteURL.api(.songs).pathComponents, body: .stream, use: songs.upload)
        api.patch(SiteURL.api(.song(id: nil)).pathComponents, use: songs.update)
        api.delete(SiteURL.api(.song(id: nil)).pathComponents, use: songs.delete)
        api.get(SiteURL.api(.songAudio(id: nil)).pathComponents, use: songs.audio)

        let themes = MusicThemesAPIController()
        api.get(SiteURL.api(.themes).pathComponents, use: themes.list)
        api.post(SiteURL.api(.themes).pathComponents, use: themes.create)
        api.delete(SiteURL.api(.theme(id: nil)).pathComponents, use: themes.delete)

        let workouts = WorkoutsAPIController()
        api.post(SiteURL.api(.generateWorkout).pathComponents, use: workouts.generate)
        api.post(SiteURL.api(.workouts).pathComponents, use: workouts.create)
        api.get(SiteURL.api(.workouts).pathComponents, use: workouts.list)
        api.get(SiteURL.api(.workout(id: nil)).pathComponents, use: workouts.show)
        api.patch(SiteURL.api(.workout(id: nil)).pathComponents, use: workouts.update)
        api.delete(SiteURL.api(.workout(id: nil)).pathComponents, use: workouts.delete)
        api.put(SiteURL.api(.workoutProgress(id: nil)).pathComponents, use: workouts.saveProgress)
        api.delete(SiteURL.api(.workoutProgress(id: nil)).pathComponents, use: workouts.clearProgress)
    }
}
