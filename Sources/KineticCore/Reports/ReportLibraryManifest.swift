/// Reads a report library's datasource, `library.json` (schema: `Resources/report-library.schema.json`):
///
/// ```json
/// {"version": 1, "title": "Annual reports",
///  "root": {"categories": ["finance"], "reports": ["welcome"]},
///  "categories": [{"id": "finance", "title": "Finance", "summary": "…", "categories": [], "reports": ["q1"]}],
///  "reports": [{"id": "q1", "title": "Q1 review", "file": "pdfs/q1.pdf", "keywords": ["sales"],
///               "summary": "…", "date": "2025-04-01"}]}
/// ```
///
/// Categories and reports are defined once and listed by id, so the checks are about the
/// tree: every id well formed and used once, every listed id defined, every category and
/// report listed exactly once, no category inside itself (a cycle), at most
/// ``Limits/depth`` levels. Every problem is reported, each at its path.
public enum ReportLibraryManifest {
    /// The datasource's name at the top of a library folder or zip.
    public static let fileName = "library.json"
    /// The only format version so far.
    public static let version = 1

    /// How much one library may hold; beyond these a datasource is refused.
    public enum Limits {
        public static let categories = 5_000
        public static let reports = 50_000
        public static let depth = 10
        public static let idLength = 64
        public static let titleLength = 200
        public static let summaryLength = 2_000
        public static let keywords = 50
        public static let keywordLength = 100
        public static let pathLength = 500
    }

    /// Ids that name routes beside a report's or a category's own and may not be used.
    public static let reservedIDs: Set<String> = ["root", "search", "import", "categories", "new"]

    /// The library the datasource describes, or every problem with it.
    public static func read(_ json: JSONValue) -> Result<ReportLibrary, ReportLibraryProblems> {
        var reading = ManifestReading()
        return reading.read(json)
    }

    /// The datasource's bytes as JSON, strictly (``JSONSyntax``: no comma before `]` or `}`),
    /// or the problem at its line and column.
    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, ReportLibraryProblems> {
        JSONValue.parse(strictly: bytes).mapError { problem in
            let at = [String(problem.line), String(problem.column)]
            let found: ReportLibraryProblem =
                switch problem.kind {
                case .trailingComma: ReportLibraryProblem(fileName, "error.reports.manifest.trailingComma", at)
                case .unexpectedEnd: ReportLibraryProblem(fileName, "error.reports.manifest.unexpectedEnd", at)
                case .tooDeep: ReportLibraryProblem(fileName, "error.reports.manifest.tooDeep", at)
                case .unexpected(let character): ReportLibraryProblem(fileName, "error.reports.manifest.syntax", at + [character])
                case .unreadable: ReportLibraryProblem(fileName, "error.reports.manifest.notJSON")
                }
            return ReportLibraryProblems([found])
        }
    }

    /// The file each report names (`reports[i].file`), by the report's place in the list, for
    /// those that name one safely: the files are checked even when the tree has problems, so
    /// one import names every problem at once.
    public static func fileReferences(in json: JSONValue) -> [(index: Int, file: String)] {
        guard case .array(let items)? = json.objectValue?["reports"] else { return [] }
        return items.prefix(Limits.reports).enumerated().compactMap { index, item in
            guard case .string(let file)? = item.objectValue?["file"], isSafeRelativePath(file) else { return nil }
            return (index, file)
        }
    }

    /// Whether `id` may name a category or report: 1–64 of `a–z 0–9 - _`, starting with a
    /// letter or digit, and not reserved.
    public static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...Limits.idLength).contains(bytes.count), !reservedIDs.contains(id) else { return false }
        func allowed(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        return allowed(bytes[0]) && bytes.allSatisfy { allowed($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// Whether `path` stays inside the library folder: relative, `/`-separated, no empty,
    /// `.` or `..` part, no backslash or NUL, at most ``Limits/pathLength`` characters.
    public static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, path.count <= Limits.pathLength, !path.contains("\\"), !path.contains("\0") else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
