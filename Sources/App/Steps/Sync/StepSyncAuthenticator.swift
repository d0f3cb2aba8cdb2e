import Vapor

/// Signs a phone's step sync in from `Authorization: Bearer kss_…`, the token Settings made
/// for it: its owner, for the two routes a phone posts its steps to and nothing else. A request
/// another authenticator signed in already (an API token) is left as it is.
struct StepSyncAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard !request.auth.has(User.self),
            let device = try await StepSyncDevices.device(token: bearer.token, on: request.db),
            let user = try await User.find(device.$user.id, on: request.db)
        else { return }
        request.auth.login(user)
        request.stepSyncDeviceID = device.id
    }
}

extension Request {
    private struct StepSyncDeviceKey: StorageKey { typealias Value = UUID }

    /// The phone whose token signed this request in, when one did.
    var stepSyncDeviceID: UUID? {
        get { storage[StepSyncDeviceKey.self] }
        set { storage[StepSyncDeviceKey.self] = newValue }
    }
}
