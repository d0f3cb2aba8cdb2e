import Vapor

/// The Account module: sign-up, login, profile, settings, password and API tokens.
enum AccountModule: KineticModule {
    /// The module's stylesheet, loaded by its pages after the shared one.
    static let stylesheet = "css/account.css"

    static func register(on routes: ModuleRoutes) {
        let auth = AuthWebController()
        routes.web.get(SiteURL.login.pathComponents, use: auth.showLogin)
        routes.web.post(SiteURL.login.pathComponents, use: auth.login)
        routes.web.get(SiteURL.signUp.pathComponents, use: auth.showSignUp)
        routes.web.post(SiteURL.signUp.pathComponents, use: auth.signUp)
        routes.web.post(SiteURL.logout.pathComponents, use: auth.logout)
        let address = AddressController()
        routes.web.get(SiteURL.confirmAddress(token: nil).pathComponents, use: address.showConfirmation)
        routes.web.post(SiteURL.confirmAddress(token: nil).pathComponents, use: address.confirm)
        routes.web.get(SiteURL.forgotPassword.pathComponents, use: address.showForgotPassword)
        routes.web.post(SiteURL.forgotPassword.pathComponents, use: address.forgotPassword)
        routes.web.get(SiteURL.resetPassword(token: nil).pathComponents, use: address.showResetPassword)
        routes.web.post(SiteURL.resetPassword(token: nil).pathComponents, use: address.resetPassword)
        routes.signedIn.post(SiteURL.settingsConfirmAddress.pathComponents, use: address.sendConfirmation)

        routes.signedIn.get(SiteURL.profile.pathComponents, use: ProfileController().show)
        let settings = SettingsController()
        routes.signedIn.get(SiteURL.settings.pathComponents, use: settings.show)
        routes.signedIn.post(SiteURL.settingsLanguage.pathComponents, use: settings.updateLanguage)
        routes.signedIn.post(SiteURL.settingsTimeZone.pathComponents, use: settings.updateTimeZone)
        let credentials = CredentialsController()
        routes.signedIn.get(SiteURL.settingsPassword.pathComponents, use: credentials.showPassword)
        routes.signedIn.post(SiteURL.settingsPassword.pathComponents, use: credentials.changePassword)
        routes.signedIn.get(SiteURL.settingsTokens.pathComponents, use: credentials.showTokens)
        routes.signedIn.post(SiteURL.revokeToken(id: nil).pathComponents, use: credentials.revoke)
        let fitness = FitnessSettingsController()
        routes.signedIn.get(SiteURL.fitnessSettings.pathComponents, use: fitness.show)
        routes.signedIn.post(SiteURL.fitnessSettings.pathComponents, use: fitness.update)

        let accounts = AccountsAPIController()
        routes.api.post(SiteURL.api(.accounts).pathComponents, use: accounts.signUp)
        routes.api.post(SiteURL.api(.login).pathComponents, use: accounts.login)
        routes.apiSignedIn.post(SiteURL.api(.logout).pathComponents, use: accounts.logout)
        let addressAPI = AddressAPIController()
        routes.apiSignedIn.post(SiteURL.api(.addressConfirmations).pathComponents, use: addressAPI.sendConfirmation)
        routes.api.post(SiteURL.api(.confirmedAddresses).pathComponents, use: addressAPI.confirm)
        routes.api.post(SiteURL.api(.passwordResetLinks).pathComponents, use: addressAPI.sendPasswordReset)
        routes.api.post(SiteURL.api(.passwordResets).pathComponents, use: addressAPI.resetPassword)
        let profile = ProfileAPIController()
        routes.apiSignedIn.get(SiteURL.api(.profile).pathComponents, use: profile.show)
        routes.apiSignedIn.put(SiteURL.api(.profile).pathComponents, use: profile.update)
        let credentialsAPI = CredentialsAPIController()
        routes.apiSignedIn.put(SiteURL.api(.password).pathComponents, use: credentialsAPI.changePassword)
        routes.apiSignedIn.get(SiteURL.api(.tokens).pathComponents, use: credentialsAPI.tokens)
        routes.apiSignedIn.delete(SiteURL.api(.token(id: nil)).pathComponents, use: credentialsAPI.revoke)
    }
}
