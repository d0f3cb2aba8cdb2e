/// One thing wrong with a report library, where it is (`reports[3].file`, `library.json`)
/// and a String Catalog key whose `%@` placeholders take ``arguments`` in order. An import
/// lists every problem it finds and stores nothing.
public struct ReportLibraryProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where in the datasource (or which file) the problem is.
    public let path: String
    /// A String Catalog key.
    public let messageKey: String
    /// What fills the message's placeholders.
    public let arguments: [String]

    public init(_ path: String, _ messageKey: String, _ arguments: [String] = []) {
        self.path = path
        self.messageKey = messageKey
        self.arguments = arguments
    }

    public var description: String {
        "\(path): \(messageKey)" + (arguments.isEmpty ? "" : " " + arguments.joined(separator: ", "))
    }
}

/// Every problem found in a report library; thrown when there is at least one.
public struct ReportLibraryProblems: Error, Equatable, Sendable {
    public let problems: [ReportLibraryProblem]

    public init(_ problems: [ReportLibraryProblem]) {
        self.problems = problems
    }
}
