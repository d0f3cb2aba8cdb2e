import Vapor

/// The Workouts module: the exercise catalogue, each user's song library and music themes,
/// generated workouts and where they were paused; its pages: View Workouts, Get Workout, the
/// Summary, the player, Music and Themes.
enum WorkoutsModule: KineticModule {
    /// The module's stylesheet, loaded by its pages after the shared one.
    static let stylesheet = "css/workouts.css"

    /// Songs are probed and decoded by ffmpeg; without it none can be added.
    static let systemTools = [
        SystemTool(path: AudioDecoder.ffprobe, debianPackage: "ffmpeg", neededFor: "adding songs, the demo songs"),
        SystemTool(path: AudioDecoder.ffmpeg, debianPackage: "ffmpeg", neededFor: "adding songs, the demo songs"),
    ]

    static func register(on routes: ModuleRoutes) {
        registerPages(on: routes.signedIn, configuration: routes.configuration)
        routes.web.get(SiteURL.workouts(.bodyMap(view: nil)).pathComponents, use: BodyMapController().image)
        registerFitness(on: routes)
        let api = routes.apiSignedIn
        api.get(SiteURL.api(.exercises).pathComponents, use: ExercisesAPIController().list)

        let songs = SongsAPIController()
        api.get(SiteURL.api(.songs).pathComponents, use: songs.list)
        api.on(.POST, SiteURL.api(.songs).pathComponents, streamingAtMost: routes.configuration.maximumSongBytes, use: songs.upload)
        api.patch(SiteURL.api(.song(id: nil)).pathComponents, use: songs.update)
        api.delete(SiteURL.api(.song(id: nil)).pathComponents, use: songs.delete)
        api.get(SiteURL.api(.songAudio(id: nil)).pathComponents, use: songs.audio)

        let themes = MusicThemesAPIController()
        api.get(SiteURL.api(.themes).pathComponents, use: themes.list)
        api.post(SiteURL.api(.themes).pathComponents, use: themes.create)
        api.delete(SiteURL.api(.theme(id: nil)).pathComponents, use: themes.delete)

        let workouts = WorkoutsAPIController()
        api.post(SiteURL.api(.generateWorkout).pathComponents, use: workouts.generate)
        api.refuseMethodsOtherThanPOST(.api(.generateWorkout))
        api.post(SiteURL.api(.workouts).pathComponents, use: workouts.create)
        api.get(SiteURL.api(.workouts).pathComponents, use: workouts.list)
        api.get(SiteURL.api(.workout(id: nil)).pathComponents, use: workouts.show)
        api.patch(SiteURL.api(.workout(id: nil)).pathComponents, use: workouts.update)
        api.delete(SiteURL.api(.workout(id: nil)).pathComponents, use: workouts.delete)
        api.post(SiteURL.api(.workoutPlay(id: nil)).pathComponents, use: workouts.claimPlay)
        api.delete(SiteURL.api(.workoutPlay(id: nil)).pathComponents, use: workouts.releasePlay)
        api.put(SiteURL.api(.workoutProgress(id: nil)).pathComponents, use: workouts.saveProgress)
        api.delete(SiteURL.api(.workoutProgress(id: nil)).pathComponents, use: workouts.clearProgress)
    }

    private static func registerPages(on web: any RoutesBuilder, configuration: KineticConfiguration) {
        let workouts = WorkoutsController()
        web.get(SiteURL.module(.workouts).pathComponents, use: workouts.home)
        web.get(SiteURL.workouts(.summary(id: nil)).pathComponents, use: workouts.summary)
        web.post(SiteURL.workouts(.save(id: nil)).pathComponents, use: workouts.save)
        web.post(SiteURL.workouts(.delete(id: nil)).pathComponents, use: workouts.delete)
        web.get(SiteURL.workouts(.play(id: nil)).pathComponents, use: workouts.play)
        web.post(SiteURL.workouts(.progress(id: nil)).pathComponents, use: workouts.progress)
        web.post(SiteURL.workouts(.play(id: nil)).pathComponents, use: workouts.claimPlay)

        let getWorkout = GetWorkoutController()
        web.get(SiteURL.workouts(.new).pathComponents, use: getWorkout.show)
        web.post(SiteURL.workouts(.new).pathComponents, use: getWorkout.generate)

        let music = MusicController()
        web.get(SiteURL.workouts(.music).pathComponents, use: music.show)
        web.on(.POST, SiteURL.workouts(.music).pathComponents, streamingAtMost: configuration.maximumSongBytes, use: music.upload)
        web.post(SiteURL.workouts(.song(id: nil)).pathComponents, use: music.edit)
        web.post(SiteURL.workouts(.deleteSong(id: nil)).pathComponents, use: music.delete)
        web.get(SiteURL.workouts(.songAudio(id: nil)).pathComponents, use: music.audio)

        let themes = ThemesController()
        web.get(SiteURL.workouts(.themes).pathComponents, use: themes.show)
        web.post(SiteURL.workouts(.themes).pathComponents, use: themes.create)
        web.post(SiteURL.workouts(.deleteTheme(id: nil)).pathComponents, use: themes.delete)
    }
}
