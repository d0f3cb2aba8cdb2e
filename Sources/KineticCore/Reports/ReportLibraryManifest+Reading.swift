import Foundation

/// One pass over a datasource, collecting problems as it goes (see ``ReportLibraryManifest``).
struct ManifestReading {
    typealias Limits = ReportLibraryManifest.Limits

    var problems: [ReportLibraryProblem] = []

    /// A category as written, before the tree is known.
    struct DefinedCategory {
        let index: Int
        let id: String
        let title: String
        let summary: String?
        let contents: ReportLibrary.Level
    }

    /// A report as written, before its place is known.
    struct DefinedReport {
        let index: Int
        let id: String
        let title: String
        let file: String
        let keywords: [String]
        let summary: String?
        let date: LocalDate?
        let language: String?
    }

    mutating func read(_ json: JSONValue) -> Result<ReportLibrary, ReportLibraryProblems> {
        guard let members = json.objectValue else {
            return .failure(ReportLibraryProblems([ReportLibraryProblem(ReportLibraryManifest.fileName, "error.body.objectExpected")]))
        }
        var reader = JSONMemberReader(members, known: ["$schema", "version", "title", "language", "root", "categories", "reports"])
        if let version = reader.integer("version"), version != ReportLibraryManifest.version {
            reader.fail("version", "error.reports.version")
        }
        let title = text(reader.string("title"), at: "title", limit: Limits.titleLength)
        let language = self.language(&reader)
        let root = reader.object("root").map { level($0, at: "root") }
        let categoryItems = array(members["categories"], at: "categories", reader: &reader, limit: Limits.categories)
        let reportItems = array(members["reports"], at: "reports", reader: &reader, limit: Limits.reports)
        problems += reader.errors.messages.sorted { $0.key < $1.key }.map { ReportLibraryProblem($0.key, $0.value) }

        let categories = definitions(categoryItems, at: "categories") { $0.category($1, index: $2, path: $3) }
        let reports = definitions(reportItems, at: "reports") { $0.report($1, index: $2, path: $3) }
        // The tree is checked even after other problems (with the definitions that read
        // well), so one pass names as many problems as it can.
        guard let root else { return .failure(ReportLibraryProblems(problems)) }
        var library = tree(title: title ?? "", root: root, categories: categories, reports: reports)
        library.language = language
        return problems.isEmpty ? .success(library) : .failure(ReportLibraryProblems(problems))
    }

    // MARK: Members

    private mutating func array(_ value: JSONValue?, at path: String, reader: inout JSONMemberReader, limit: Int) -> [JSONValue] {
        guard case .array(let items)? = value else {
            reader.fail(path, "error.field.arrayExpected")
            return []
        }
        if items.count > limit { problems.append(ReportLibraryProblem(path, "error.reports.tooMany", [String(limit)])) }
        return Array(items.prefix(limit))
    }

    /// The definitions that read well, keyed by id; a repeated id is a problem at its second use.
    private mutating func definitions<Definition>(
        _ items: [JSONValue], at path: String, read: (inout Self, [String: JSONValue], Int, String) -> Definition?
    ) -> [(id: String, definition: Definition)] {
        var seen: Set<String> = []
        var definitions: [(id: String, definition: Definition)] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let members = item.objectValue else {
                problems.append(ReportLibraryProblem(itemPath, "error.field.objectExpected"))
                continue
            }
            guard let id = identifier(members["id"], at: "\(itemPath).id") else {
                _ = read(&self, members, index, itemPath)
                continue
            }
            if !seen.insert(id).inserted { problems.append(ReportLibraryProblem("\(itemPath).id", "error.reports.id.duplicate", [id])) }
            if let definition = read(&self, members, index, itemPath) { definitions.append((id, definition)) }
        }
        return definitions
    }

    private mutating func category(_ members: [String: JSONValue], index: Int, path: String) -> DefinedCategory? {
        var reader = JSONMemberReader(members, known: ["id", "title", "summary", "categories", "reports"])
        let title = text(reader.string("title"), at: "\(path).title", limit: Limits.titleLength)
        let summary = text(reader.string("summary", .optional), at: "\(path).summary", limit: Limits.summaryLength)
        let contents = level(members, at: path, reader: &reader)
        merge(reader, at: path, ignoring: ["id"])
        guard let id = members["id"]?.stringValue, let title else { return nil }
        return DefinedCategory(index: index, id: id, title: title, summary: summary, contents: contents)
    }

    private mutating func report(_ members: [String: JSONValue], index: Int, path: String) -> DefinedReport? {
        var reader = JSONMemberReader(members, known: ["id", "title", "file", "keywords", "summary", "date", "language"])
        let title = text(reader.string("title"), at: "\(path).title", limit: Limits.titleLength)
        let summary = text(reader.string("summary", .optional), at: "\(path).summary", limit: Limits.summaryLength)
        let file = reader.string("file")
        if let file, !ReportLibraryManifest.isSafeRelativePath(file) { reader.fail("file", "error.reports.file.path") }
        var keywords: [String] = []
        if members["keywords"] != nil, let listed = reader.strings("keywords", missingKey: "error.field.arrayExpected") {
            if listed.count > Limits.keywords { reader.fail("keywords", "error.reports.keywords.tooMany") }
            for (position, keyword) in listed.enumerated() {
                if let kept = text(keyword, at: "\(path).keywords[\(position)]", limit: Limits.keywordLength) { keywords.append(kept) }
            }
        }
        let dateText = reader.string("date", .optional)
        let date = dateText.flatMap(LocalDate.init)
        if dateText != nil, date == nil { reader.fail("date", "error.reports.date") }
        let language = self.language(&reader)
        merge(reader, at: path, ignoring: ["id"])
        guard let id = members["id"]?.stringValue, let title, let file, ReportLibraryManifest.isSafeRelativePath(file) else { return nil }
        return DefinedReport(
            index: index, id: id, title: title, file: file, keywords: ReportKeywords.merged(keywords), summary: summary, date: date,
            language: language)
    }

    /// The optional `language`: a BCP 47 tag (``TextLanguage/tag(_:)``) such as `de` or `en-GB`.
    private func language(_ reader: inout JSONMemberReader) -> String? {
        guard let written = reader.string("language", .optional) else { return nil }
        guard let tag = TextLanguage.tag(written) else {
            reader.fail("language", "error.reports.language")
            return nil
        }
        return tag
    }

    /// A level's `categories` and `reports` lists (each optional, empty when absent).
    private mutating func level(_ members: [String: JSONValue], at path: String) -> ReportLibrary.Level {
        var reader = JSONMemberReader(members, known: ["categories", "reports"])
        let contents = level(members, at: path, reader: &reader)
        merge(reader, at: path, ignoring: [])
        return contents
    }

    private mutating func level(_ members: [String: JSONValue], at path: String, reader: inout JSONMemberReader) -> ReportLibrary.Level {
        func ids(_ name: String) -> [String] {
            guard members[name] != nil else { return [] }
            return reader.strings(name, missingKey: "error.field.arrayExpected") ?? []
        }
        return ReportLibrary.Level(categoryIDs: ids("categories"), reportIDs: ids("reports"))
    }

    private mutating func identifier(_ value: JSONValue?, at path: String) -> String? {
        guard let value else {
            problems.append(ReportLibraryProblem(path, "error.field.required"))
            return nil
        }
        guard let id = value.stringValue else {
            problems.append(ReportLibraryProblem(path, "error.field.stringExpected"))
            return nil
        }
        guard ReportLibraryManifest.isValidID(id) else {
            let reserved = ReportLibraryManifest.reservedIDs.contains(id)
            problems.append(ReportLibraryProblem(path, reserved ? "error.reports.id.reserved" : "error.reports.id.invalid", [id]))
            return nil
        }
        return id
    }

    /// Trimmed text of 1…`limit` characters, or a problem.
    private mutating func text(_ value: String?, at path: String, limit: Int) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= limit, !trimmed.contains("\0") else {
            problems.append(ReportLibraryProblem(path, "error.reports.text.length", [String(limit)]))
            return nil
        }
        return trimmed
    }

    private mutating func merge(_ reader: JSONMemberReader, at path: String, ignoring: Set<String>) {
        for (field, key) in reader.errors.messages.sorted(by: { $0.key < $1.key }) where !ignoring.contains(field) {
            problems.append(ReportLibraryProblem("\(path).\(field)", key))
        }
    }
}
