import Vapor

/// Every path of the site, used both to register routes and to build links.
enum SiteURL: Hashable, Sendable {
    case home
    case login
    case signUp
    case logout
    case profile
    case settings
    case settingsLanguage
    case settingsTimeZone
    case settingsPassword
    case settingsTokens
    /// `/settings/tokens/{tokenId}/revoke`; nil registers the route's parameter.
    case revokeToken(id: String?)
    case fitnessSettings
    /// `/settings/address`: sends the link that confirms the account's address again.
    case settingsConfirmAddress
    /// `/address/{token}`: the page of a link that confirms an address; nil registers the parameter.
    case confirmAddress(token: String?)
    case forgotPassword
    /// `/mail/stop/{token}`: an e-mail's link that stops all e-mail from this server to its address.
    case mailOptOut(token: String?)
    /// `/password/reset/{token}`: the page of a link that sets a new password.
    case resetPassword(token: String?)
    case jumpHistory
    case editGoals
    case stepsImport
    case stepSources
    case module(Module)
    /// A Workouts page or form under `/workouts`.
    case workouts(WorkoutsPath)
    /// A Reports page or file under `/reports` (see `SiteURL+Reports.swift`).
    case reports(ReportsPath)
    /// A Wishes page under `/wishes` (see `SiteURL+Wishes.swift`).
    case wishes(WishesPath)
    case manifest
    case healthz
    case openAPI
    /// The JSON Schema of a report library's `library.json`.
    case reportLibrarySchema
    case api(API)

    /// The product modules reachable from the side and radial menus.
    enum Module: String, CaseIterable, Sendable {
        case goals, steps, workouts, reports, wishes
    }

    /// The Workouts module's pages and forms; an id of nil registers the route's parameter.
    enum WorkoutsPath: Hashable, Sendable {
        case new, music, themes
        case summary(id: String?)
        case play(id: String?)
        case save(id: String?)
        case delete(id: String?)
        case progress(id: String?)
        case song(id: String?)
        case deleteSong(id: String?)
        case songAudio(id: String?)
        case deleteTheme(id: String?)
        /// A finished workout: recorded, then its Summary with Track buttons.
        case complete(id: String?)
        case fitness, newFitnessTest
        case fitnessTest(id: String?)
        case fitnessResults(id: String?)
        /// A motion log file or "Skip exercise" for one exercise of a test.
        case fitnessExercise(testID: String?, exerciseID: String?)
        /// Track or untrack an exercise (a form with `tracked` and where to return).
        case track(exerciseID: String?)
        case goals, newGoal
        case goal(id: String?)
        case deleteGoal(id: String?)
    }

    /// The JSON API's routes, under `/api/v1`.
    enum API: Hashable, Sendable {
        case accounts, login, logout, profile, password, tokens, addressConfirmations, confirmedAddresses, passwordResets,
            passwordResetLinks, jumpSessions, stepsDaily, stepSources, healthSamples, healthImport, exercises
        case songs, themes, workouts, generateWorkout
        /// `/api/v1/songs/{songId}`; nil registers the route's parameter (so for the others).
        case song(id: String?)
        case songAudio(id: String?)
        case theme(id: String?)
        case workout(id: String?)
        case workoutProgress(id: String?)
        case workoutCompletions(id: String?)
        case fitnessRate, fitnessTests, trackedExercises, workoutGoals
        case fitnessTest(id: String?)
        case fitnessTestExercise(testID: String?, exerciseID: String?)
        case fitnessTestSkip(testID: String?, exerciseID: String?)
        case trackedExercise(exerciseID: String?)
        case workoutGoal(id: String?)
        /// The report library under `/api/v1/reports` (see `SiteURL+Reports.swift`).
        case reports(ReportsPath)
        /// Wishes under `/api/v1/wishes` (see `SiteURL+Wishes.swift`).
        case wishes(WishesPath)
        /// `/api/v1/profile/{customerId}/goals`; nil registers the route's parameter.
        case goals(customerId: String?)
        /// `/api/v1/tokens/{tokenId}`; nil registers the route's parameter.
        case token(id: String?)
    }

    /// The path, e.g. `/settings/fitness`.
    var path: String {
        "/" + pathComponents.map(\.description).joined(separator: "/")
    }

    /// The path's components, for registering routes.
    var pathComponents: [PathComponent] {
        switch self {
        case .home: []
        case .login: ["login"]
        case .signUp: ["signup"]
        case .logout: ["logout"]
        case .profile: ["profile"]
        case .settings: ["settings"]
        case .settingsLanguage: ["settings", "language"]
        case .settingsTimeZone: ["settings", "time-zone"]
        case .settingsPassword: ["settings", "password"]
        case .settingsTokens: ["settings", "tokens"]
        case .revokeToken(let id): ["settings", "tokens", parameter(id, "tokenId"), "revoke"]
        case .fitnessSettings: ["settings", "fitness"]
        case .settingsConfirmAddress: ["settings", "address"]
        case .confirmAddress(let token): ["address", parameter(token, "token")]
        case .forgotPassword: ["password", "forgot"]
        case .mailOptOut(let token): ["mail", "stop", parameter(token, "token")]
        case .resetPassword(let token): ["password", "reset", parameter(token, "token")]
        case .jumpHistory: ["goals", "history"]
        case .editGoals: ["goals", "edit"]
        case .stepsImport: ["steps", "import"]
        case .stepSources: ["steps", "sources"]
        case .module(let module): [.constant(module.rawValue)]
        case .workouts(let page):
            ["workouts"]
                + {
                    switch page {
                    case .new: ["new"]
                    case .music: ["music"]
                    case .themes: ["themes"]
                    case .summary(let id): [parameter(id, "workoutId")]
                    case .play(let id): [parameter(id, "workoutId"), "play"]
                    case .save(let id): [parameter(id, "workoutId"), "save"]
                    case .delete(let id): [parameter(id, "workoutId"), "delete"]
                    case .progress(let id): [parameter(id, "workoutId"), "progress"]
                    case .song(let id): ["music", parameter(id, "songId")]
                    case .deleteSong(let id): ["music", parameter(id, "songId"), "delete"]
                    case .songAudio(let id): ["music", parameter(id, "songId"), "audio"]
                    case .deleteTheme(let id): ["themes", parameter(id, "themeId"), "delete"]
                    case .complete(let id): [parameter(id, "workoutId"), "complete"]
                    case .fitness: ["fitness"]
                    case .newFitnessTest: ["fitness", "new"]
                    case .fitnessTest(let id): ["fitness", parameter(id, "testId")]
                    case .fitnessResults(let id): ["fitness", parameter(id, "testId"), "results"]
                    case .fitnessExercise(let test, let exercise):
                        ["fitness", parameter(test, "testId"), parameter(exercise, "exerciseId")]
                    case .track(let exercise): ["tracked", parameter(exercise, "exerciseId")]
                    case .goals: ["goals"]
                    case .newGoal: ["goals", "new"]
                    case .goal(let id): ["goals", parameter(id, "goalId")]
                    case .deleteGoal(let id): ["goals", parameter(id, "goalId"), "delete"]
                    }
                }()
        case .reports(let page): ["reports"] + page.pathComponents
        case .wishes(let page): ["wishes"] + page.pathComponents
        case .manifest: ["manifest.webmanifest"]
        case .healthz: ["healthz"]
        case .openAPI: ["api", "openapi.yaml"]
        case .reportLibrarySchema: ["api", "report-library.schema.json"]
        case .api(let api):
            ["api", "v1"]
                + {
                    switch api {
                    case .accounts: ["accounts"]
                    case .login: ["login"]
                    case .logout: ["logout"]
                    case .profile: ["profile"]
                    case .password: ["password"]
                    case .tokens: ["tokens"]
                    case .addressConfirmations: ["address", "confirmation-links"]
                    case .confirmedAddresses: ["address", "confirmations"]
                    case .passwordResetLinks: ["password", "reset-links"]
                    case .passwordResets: ["password", "resets"]
                    case .token(let id): ["tokens", parameter(id, "tokenId")]
                    case .jumpSessions: ["jump-sessions"]
                    case .stepsDaily: ["steps", "daily"]
                    case .stepSources: ["steps", "sources"]
                    case .healthSamples: ["health", "samples"]
                    case .healthImport: ["health", "import"]
                    case .exercises: ["exercises"]
                    case .songs: ["songs"]
                    case .song(let id): ["songs", parameter(id, "songId")]
                    case .songAudio(let id): ["songs", parameter(id, "songId"), "audio"]
                    case .themes: ["themes"]
                    case .theme(let id): ["themes", parameter(id, "themeId")]
                    case .workouts: ["workouts"]
                    case .generateWorkout: ["workouts", "generate"]
                    case .workout(let id): ["workouts", parameter(id, "workoutId")]
                    case .workoutProgress(let id): ["workouts", parameter(id, "workoutId"), "progress"]
                    case .workoutCompletions(let id): ["workouts", parameter(id, "workoutId"), "completions"]
                    case .fitnessRate: ["fitness-tests", "rate"]
                    case .fitnessTests: ["fitness-tests"]
                    case .fitnessTest(let id): ["fitness-tests", parameter(id, "testId")]
                    case .fitnessTestExercise(let test, let exercise):
                        ["fitness-tests", parameter(test, "testId"), "exercises", parameter(exercise, "exerciseId")]
                    case .fitnessTestSkip(let test, let exercise):
                        ["fitness-tests", parameter(test, "testId"), "exercises", parameter(exercise, "exerciseId"), "skip"]
                    case .trackedExercises: ["tracked-exercises"]
                    case .trackedExercise(let exercise): ["tracked-exercises", parameter(exercise, "exerciseId")]
                    case .workoutGoals: ["workout-goals"]
                    case .workoutGoal(let id): ["workout-goals", parameter(id, "goalId")]
                    case .goals(let id): ["profile", parameter(id, "customerId"), "goals"]
                    case .reports(let path): ["reports"] + path.pathComponents
                    case .wishes(let path): ["wishes"] + path.pathComponents
                    }
                }()
        }
    }

    /// A path component: the value, or the route parameter `name` when there is none.
    private func parameter(_ value: String?, _ name: String) -> PathComponent {
        value.map { .constant($0) } ?? .parameter(name)
    }

    /// The Goals page of a month and category, e.g. `/goals?month=2015-05&category=calories`.
    static func goals(month: String?, category: String? = nil, view: String? = nil) -> String {
        SiteURL.module(.goals).path + query([("month", month), ("category", category), ("view", view)])
    }

    /// The Steps page of a month, e.g. `/steps?month=2021-05`.
    static func steps(month: String?) -> String {
        SiteURL.module(.steps).path + query([("month", month)])
    }

    /// The path with a query, e.g. `SiteURL.settings.with([("saved", "language")])`.
    func with(_ items: [(name: String, value: String?)]) -> String {
        path + Self.query(items)
    }

    /// `?name=value&…` for the items with a value, each name and value percent-encoded; empty
    /// when no item has one.
    static func query(_ items: [(name: String, value: String?)]) -> String {
        let pairs = items.compactMap { item in item.value.map { encode(item.name) + "=" + encode($0) } }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// Unreserved characters (RFC 3986 §2.3): ASCII letters and digits and `-._~`.
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Unreserved characters stay; everything else is percent-encoded.
    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// A static asset under `Public/`, e.g. `SiteURL.asset("css/app.css")`.
    static func asset(_ path: String) -> String { "/" + path }
}
