/// Who may make an account on a server (`KINETIC_SIGNUP`).
public enum SignUpMode: String, Sendable, CaseIterable {
    /// Anyone may sign up. With mail configured, each new address gets a link that confirms it.
    case open
    /// Only with an invitation link an administrator made for an address
    /// (`kinetic admin invite`); the address counts as confirmed.
    case invite
    /// Nobody signs up; administrators make accounts (`kinetic admin create-user`).
    case closed
}

/// What an account may do before its address is confirmed: nothing that reaches people outside
/// Kinetic under the server's name, and nothing that shows an address it may not own.
public enum AddressOwnership {
    /// How long a link that confirms an address works.
    public static let confirmationLifetime: Double = 48 * 3600
    /// How long a link that resets a password works.
    public static let passwordResetLifetime: Double = 3600
    /// How long an invitation works.
    public static let invitationLifetime: Double = 14 * 24 * 3600
}
