/// How much a user may keep in songs and photos: a quota per account (the server's default,
/// or an administrator's figure for one account), checked before an upload is read when its
/// size is declared, and again with its real size before it is kept.
public enum StorageQuota {
    /// The server's default: 3 GiB, a few hundred songs.
    public static let defaultBytes = 3 << 30

    /// Whether `incoming` more bytes fit beside `used` under `quota`. Sizes come from the
    /// database and from headers, so they are checked, never trusted to add without overflow.
    public static func fits(incoming: Int, used: Int, quota: Int) -> Bool {
        guard incoming >= 0, used >= 0 else { return false }
        let (total, overflow) = used.addingReportingOverflow(incoming)
        return !overflow && total <= quota
    }
}
