/// How often one account, and one client address, may learn whether addresses have a Kinetic
/// account. A wish's Send Options says so for each recipient (it decides how they are reached),
/// and changing one's address says when another account has it: both are needed, and both
/// would let anyone probe a list of addresses for who uses Kinetic. So each address looked up
/// spends one lookup; an address looked up again within ``repeatWindow`` spends none (Next,
/// Edit and Confirm of the same wish count it once); past the burst, one comes back every
/// refill interval.
public enum AddressLookupLimits {
    /// Lookups one account has in a burst, and the seconds that bring one back (200 an hour).
    public static let accountBurst = 200
    public static let accountRefillSeconds: Double = 18
    /// Lookups one client address has (several accounts opened from one network share them),
    /// and the seconds that bring one back (600 an hour).
    public static let clientBurst = 600
    public static let clientRefillSeconds: Double = 6
    /// Seconds an address stays looked up for an account: looking at it again costs nothing.
    public static let repeatWindow: Double = 3600
}
