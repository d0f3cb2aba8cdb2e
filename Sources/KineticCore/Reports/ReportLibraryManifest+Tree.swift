extension ManifestReading {
    /// Places every category and report: each listed exactly once, reached from the root,
    /// at most ``ReportLibraryManifest/Limits/depth`` deep; problems otherwise.
    mutating func tree(
        title: String, root: ReportLibrary.Level,
        categories: [(id: String, definition: DefinedCategory)], reports: [(id: String, definition: DefinedReport)]
    ) -> ReportLibrary {
        var categoryByID: [String: DefinedCategory] = [:]
        for (id, category) in categories where categoryByID[id] == nil { categoryByID[id] = category }
        var reportByID: [String: DefinedReport] = [:]
        for (id, report) in reports where reportByID[id] == nil { reportByID[id] = report }

        // Who lists whom: the first listing counts, a second is a problem.
        var parentOf: [String: String?] = [:]
        var listerOf: [String: String?] = [:]
        // The root, then each category's first definition (a repeated id is already a problem).
        let levels: [(id: String?, path: String, contents: ReportLibrary.Level)] =
            [(nil, "root", root)]
            + categories.filter { categoryByID[$0.id]?.index == $0.definition.index }
            .map { ($0.id, "categories[\($0.definition.index)]", $0.definition.contents) }
        // A second listing of a category: a cycle when the lister is inside it, told once all
        // first listings are known.
        var listedAgain: [(path: String, id: String, lister: String?)] = []
        for level in levels {
            for (position, id) in level.contents.categoryIDs.enumerated() {
                let path = "\(level.path).categories[\(position)]"
                if categoryByID[id] == nil {
                    problems.append(ReportLibraryProblem(path, "error.reports.category.unknown", [id]))
                } else if parentOf[id] != nil {
                    listedAgain.append((path, id, level.id))
                } else {
                    parentOf[id] = .some(level.id)
                }
            }
            for (position, id) in level.contents.reportIDs.enumerated() {
                let path = "\(level.path).reports[\(position)]"
                if reportByID[id] == nil {
                    problems.append(ReportLibraryProblem(path, "error.reports.report.unknown", [id]))
                } else if listerOf[id] != nil {
                    problems.append(ReportLibraryProblem(path, "error.reports.report.listedTwice", [id]))
                } else {
                    listerOf[id] = .some(level.id)
                }
            }
        }

        for again in listedAgain {
            if let lister = again.lister, let inside = chain(from: lister, upTo: again.id, parentOf: parentOf) {
                let names = inside.reversed() + [again.id]
                problems.append(ReportLibraryProblem(again.path, "error.reports.category.cycle", [names.joined(separator: " → ")]))
            } else {
                problems.append(ReportLibraryProblem(again.path, "error.reports.category.listedTwice", [again.id]))
            }
        }

        var placedCategories: [ReportLibrary.Category] = []
        var placedReports: [ReportLibrary.Report] = []
        var tooDeepReported = false
        func place(_ contents: ReportLibrary.Level, in parent: String?, depth: Int) {
            for (position, id) in contents.reportIDs.enumerated() where listerOf[id] == .some(parent) {
                let report = reportByID[id]!
                placedReports.append(
                    ReportLibrary.Report(
                        id: id, title: report.title, file: report.file, keywords: report.keywords, summary: report.summary,
                        date: report.date, categoryID: parent, position: position, sourceIndex: report.index,
                        language: report.language
                    ))
            }
            for (position, id) in contents.categoryIDs.enumerated() where parentOf[id] == .some(parent) {
                let category = categoryByID[id]!
                if depth > ReportLibraryManifest.Limits.depth {
                    if !tooDeepReported {
                        problems.append(
                            ReportLibraryProblem(
                                "categories[\(category.index)]", "error.reports.tooDeep", [String(ReportLibraryManifest.Limits.depth)]))
                        tooDeepReported = true
                    }
                    continue
                }
                placedCategories.append(
                    ReportLibrary.Category(
                        id: id, title: category.title, summary: category.summary, parentID: parent,
                        position: position, depth: depth, contents: category.contents
                    ))
                place(category.contents, in: id, depth: depth + 1)
            }
        }
        place(root, in: nil, depth: 1)

        let reached = Set(placedCategories.map(\.id))
        var cyclesReported: Set<String> = []
        for (id, category) in categories where !reached.contains(id) && categoryByID[id]?.index == category.index {
            guard case .some(.some) = parentOf[id] else {
                if parentOf[id] == nil {
                    problems.append(ReportLibraryProblem("categories[\(category.index)]", "error.reports.category.unlisted", [id]))
                }
                continue
            }
            guard let found = cycle(from: id, parentOf: parentOf), cyclesReported.isDisjoint(with: found) else { continue }
            // Named from the member defined first, so one cycle always reads the same.
            let first = found.indices.min { categoryByID[found[$0]]!.index < categoryByID[found[$1]]!.index }!
            let cycle = Array(found[first...] + found[..<first])
            cyclesReported.formUnion(cycle)
            let names = cycle + [cycle[0]]
            problems.append(
                ReportLibraryProblem(
                    "categories[\(categoryByID[cycle[0]]!.index)]", "error.reports.category.cycle", [names.joined(separator: " → ")]))
        }
        for (id, report) in reports where listerOf[id] == nil && reportByID[id]?.index == report.index {
            problems.append(ReportLibraryProblem("reports[\(report.index)]", "error.reports.report.unlisted", [id]))
        }
        return ReportLibrary(
            title: title, root: root, categories: placedCategories, reports: placedReports
        )
    }

    /// `start` and its parents up to and including `ancestor`, when `ancestor` is one of them
    /// (`start` is inside it); nil when the root comes first.
    private func chain(from start: String, upTo ancestor: String, parentOf: [String: String?]) -> [String]? {
        var chain: [String] = []
        var current: String? = start
        while let id = current, !chain.contains(id) {
            chain.append(id)
            if id == ancestor { return chain }
            current = parentOf[id] ?? nil
        }
        return nil
    }

    /// The categories of the cycle above `start`, from its first member down, when following
    /// parents from `start` comes back to one already passed; nil when it reaches the root.
    private func cycle(from start: String, parentOf: [String: String?]) -> [String]? {
        var path: [String] = []
        var current: String? = start
        while let id = current {
            if let index = path.firstIndex(of: id) {
                // Listed from the top down: each member contains the next.
                return Array(path[index...].reversed())
            }
            path.append(id)
            current = parentOf[id] ?? nil
        }
        return nil
    }
}
