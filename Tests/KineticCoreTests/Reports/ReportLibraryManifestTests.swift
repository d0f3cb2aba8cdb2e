import Foundation
import KineticCore
import Testing

@Suite struct ReportLibraryManifestTests {
    private func read(_ text: String) throws -> Result<ReportLibrary, ReportLibraryProblems> {
        ReportLibraryManifest.read(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))
    }

    private func problems(_ text: String) throws -> [ReportLibraryProblem] {
        guard case .failure(let failure) = try read(text) else {
            Issue.record("expected problems")
            return []
        }
        return failure.problems
    }

    private let valid = """
        {"version": 1, "title": " Kinetic reports ",
         "root": {"categories": ["fitness", "parks"], "reports": ["welcome"]},
         "categories": [
           {"id": "parks", "title": "Parks", "reports": ["visits"]},
           {"id": "fitness", "title": "Fitness", "summary": "How we move", "categories": ["fitness-2025"]},
           {"id": "fitness-2025", "title": "2025", "reports": ["q2", "q1"]}
         ],
         "reports": [
           {"id": "q1", "title": "Q1", "file": "pdfs/q1.pdf", "keywords": ["sales", " Sales ", "EMEA"], "date": "2025-04-01"},
           {"id": "q2", "title": "Q2", "file": "pdfs/q2.pdf"},
           {"id": "visits", "title": "Visits", "file": "visits.pdf", "summary": "Who came"},
           {"id": "welcome", "title": "Welcome", "file": "welcome.pdf"}
         ]}
        """

    @Test func validLibrary_placesCategoriesParentsFirstAndReportsInTheirLevelsOrder() throws {
        guard case .success(let library) = try read(valid) else {
            Issue.record("expected a library")
            return
        }
        #expect(library.title == "Kinetic reports")
        #expect(library.categories.map(\.id) == ["fitness", "fitness-2025", "parks"])
        #expect(library.categories.map(\.depth) == [1, 2, 1])
        #expect(library.categories.map(\.parentID) == [nil, "fitness", nil])
        #expect(library.categories.map(\.position) == [0, 0, 1])
        #expect(library.reports.map(\.id) == ["welcome", "q2", "q1", "visits"])
        #expect(library.reports.map(\.categoryID) == [nil, "fitness-2025", "fitness-2025", "parks"])
        #expect(library.reports.map(\.position) == [0, 0, 1, 0])
        let q1 = try #require(library.reports.first { $0.id == "q1" })
        #expect(q1.keywords == ["sales", "EMEA"])
        #expect(q1.date == LocalDate(year: 2025, month: 4, day: 1))
        #expect(q1.file == "pdfs/q1.pdf")
    }

    /// Reports an import leaves out go from the list and their levels; those after them move
    /// up a place, and the categories stay.
    @Test func leavingReportsOut_closesTheirPlaces_andKeepsTheTree() throws {
        guard case .success(let library) = try read(valid) else {
            Issue.record("expected a library")
            return
        }
        let kept = library.leavingOut(["q2", "welcome"])
        #expect(kept.reports.map(\.id) == ["q1", "visits"])
        #expect(kept.reports.map(\.position) == [0, 0])
        #expect(kept.reports.map(\.sourceIndex) == [0, 2], "problems are still named at their place in the datasource")
        #expect(kept.root.reportIDs.isEmpty)
        #expect(kept.categories.map(\.id) == library.categories.map(\.id))
        #expect(kept.categories.first { $0.id == "fitness-2025" }?.contents.reportIDs == ["q1"])
        #expect(library.leavingOut([]) == library)
    }

    @Test func aLibraryAndItsReports_mayNameTheirLanguage_andAWrongTagIsAProblem() throws {
        let named = """
            {"version": 1, "title": "Handbücher", "language": "de",
             "root": {"categories": ["de"], "reports": ["intro"]},
             "categories": [{"id": "de", "title": "Deutschsprachige Dokumentation", "reports": ["guide"]}],
             "reports": [
               {"id": "intro", "title": "Introduction", "file": "intro.pdf", "language": "en-gb"},
               {"id": "guide", "title": "Anleitung", "file": "guide.pdf"}
             ]}
            """
        guard case .success(let library) = try read(named) else {
            Issue.record("expected a library")
            return
        }
        #expect(library.language == "de")
        #expect(library.reports.map(\.language) == ["en-GB", nil])
        #expect(library.languages(ofCategoriesWith: ["intro": "en-GB"]) == ["de": "de"], "the library's language comes first")
        var unnamed = library
        unnamed.language = nil
        #expect(unnamed.languages(ofCategoriesWith: ["intro": "en-GB", "guide": "de"]) == ["de": "de"], "the language of its reports")
        #expect(unnamed.languages(ofCategoriesWith: [:]).isEmpty)

        let wrong = named.replacingOccurrences(of: #""language": "en-gb""#, with: #""language": "Englisch""#)
        #expect(try problems(wrong).map(\.path) == ["reports[0].language"])
    }

    @Test func duplicateIDs_areNamedAtTheirSecondUse() throws {
        let found = try problems(
            """
            {"version": 1, "title": "L", "root": {"categories": ["a"], "reports": ["r"]},
             "categories": [{"id": "a", "title": "A"}, {"id": "a", "title": "A again"}],
             "reports": [{"id": "r", "title": "R", "file": "r.pdf"}, {"id": "r", "title": "R2", "file": "r2.pdf"}]}
            """)
        #expect(found.contains(ReportLibraryProblem("categories[1].id", "error.reports.id.duplicate", ["a"])))
        #expect(found.contains(ReportLibraryProblem("reports[1].id", "error.reports.id.duplicate", ["r"])))
    }

    @Test func cycle_isNamedOnceWithItsMembers() throws {
        let found = try problems(
            """
            {"version": 1, "title": "L", "root": {"categories": ["a"]},
             "categories": [{"id": "a", "title": "A"}, {"id": "b", "title": "B", "categories": ["c"]},
                            {"id": "c", "title": "C", "categories": ["b"]}],
             "reports": []}
            """)
        #expect(found == [ReportLibraryProblem("categories[1]", "error.reports.category.cycle", ["b → c → b"])])
    }

    /// A category listed from the root and again by one inside it is a cycle, named from it
    /// down to the one listing it, however the categories are ordered.
    @Test func aCycleReachedFromTheRoot_isACycle_notATwiceListing() throws {
        for order in [
            #"[{"id": "a", "title": "A", "categories": ["b"]}, {"id": "b", "title": "B", "categories": ["a"]}]"#,
            #"[{"id": "b", "title": "B", "categories": ["a"]}, {"id": "a", "title": "A", "categories": ["b"]}]"#,
        ] {
            let found = try problems(
                #"{"version": 1, "title": "L", "root": {"categories": ["a"]}, "categories": \#(order), "reports": []}"#)
            #expect(found.count == 1)
            #expect(found.first?.messageKey == "error.reports.category.cycle", "\(order)")
            #expect(found.first?.arguments == ["a → b → a"], "\(order)")
        }
    }

    @Test func categoryInsideItself_isACycle() throws {
        let found = try problems(
            """
            {"version": 1, "title": "L", "root": {}, "categories": [{"id": "a", "title": "A", "categories": ["a"]}], "reports": []}
            """)
        #expect(found == [ReportLibraryProblem("categories[0]", "error.reports.category.cycle", ["a → a"])])
    }

    @Test func unknownUnlistedAndTwiceListed_areEachNamed() throws {
        let found = try problems(
            """
            {"version": 1, "title": "L", "root": {"categories": ["a", "ghost"], "reports": ["r", "r", "nope"]},
             "categories": [{"id": "a", "title": "A", "categories": ["b"]}, {"id": "b", "title": "B", "categories": ["c"]},
                            {"id": "lonely", "title": "Lonely"}, {"id": "c", "title": "C"}, {"id": "d", "title": "D", "categories": ["c"]}],
             "reports": [{"id": "r", "title": "R", "file": "r.pdf"}, {"id": "s", "title": "S", "file": "s.pdf"}]}
            """)
        #expect(found.contains(ReportLibraryProblem("root.categories[1]", "error.reports.category.unknown", ["ghost"])))
        #expect(found.contains(ReportLibraryProblem("root.reports[1]", "error.reports.report.listedTwice", ["r"])))
        #expect(found.contains(ReportLibraryProblem("root.reports[2]", "error.reports.report.unknown", ["nope"])))
        // d lists c, which b lists first: twice listed (d is not inside c, so no cycle); d itself is listed nowhere.
        #expect(found.contains(ReportLibraryProblem("categories[4].categories[0]", "error.reports.category.listedTwice", ["c"])))
        #expect(found.contains(ReportLibraryProblem("categories[2]", "error.reports.category.unlisted", ["lonely"])))
        #expect(found.contains(ReportLibraryProblem("categories[4]", "error.reports.category.unlisted", ["d"])))
        #expect(found.contains(ReportLibraryProblem("reports[1]", "error.reports.report.unlisted", ["s"])))
        #expect(found.count == 7)
    }

    @Test func fieldsOfTheWrongKind_areAllNamed() throws {
        let found = try problems(
            """
            {"version": 2, "title": "", "root": {"categories": "a"}, "extra": true,
             "categories": [{"id": "Bad Id", "title": "A"}, {"id": "root", "title": "R"}, 7],
             "reports": [{"id": "r", "title": "R", "file": "../etc/passwd", "date": "2025-02-30", "keywords": [1]},
                         {"id": "s", "file": "/abs.pdf"}]}
            """)
        let paths = Set(found.map(\.path))
        for path in [
            "version", "title", "extra", "root.categories", "categories[0].id", "categories[1].id", "categories[2]",
            "reports[0].file", "reports[0].date", "reports[0].keywords[0]", "reports[1].title", "reports[1].file",
        ] {
            #expect(paths.contains(path), "no problem at \(path): \(found)")
        }
        #expect(found.first { $0.path == "categories[1].id" }?.messageKey == "error.reports.id.reserved")
        #expect(found.first { $0.path == "categories[0].id" }?.messageKey == "error.reports.id.invalid")
    }

    @Test func notAnObject_isOneProblem() throws {
        #expect(try problems("[1, 2]") == [ReportLibraryProblem("library.json", "error.body.objectExpected")])
    }

    @Test func nestingBeyondTheLimit_isRefused() throws {
        let depth = ReportLibraryManifest.Limits.depth + 1
        let categories = (1...depth).map { level in
            #"{"id": "c\#(level)", "title": "C\#(level)", "categories": [\#(level < depth ? "\"c\(level + 1)\"" : "")]}"#
        }
        let found = try problems(
            #"{"version": 1, "title": "L", "root": {"categories": ["c1"]}, "categories": [\#(categories.joined(separator: ","))], "reports": []}"#
        )
        #expect(
            found == [
                ReportLibraryProblem("categories[\(depth - 1)]", "error.reports.tooDeep", [String(ReportLibraryManifest.Limits.depth)])
            ])
    }

    @Test func ids_andPaths() {
        #expect(ReportLibraryManifest.isValidID("q1-2025_a"))
        #expect(!ReportLibraryManifest.isValidID("-q1"))
        #expect(!ReportLibraryManifest.isValidID("Q1"))
        #expect(!ReportLibraryManifest.isValidID("search"))
        #expect(!ReportLibraryManifest.isValidID(String(repeating: "a", count: 65)))
        #expect(ReportLibraryManifest.isSafeRelativePath("pdfs/2025/q1.pdf"))
        #expect(!ReportLibraryManifest.isSafeRelativePath("pdfs/../q1.pdf"))
        #expect(!ReportLibraryManifest.isSafeRelativePath("/q1.pdf"))
        #expect(!ReportLibraryManifest.isSafeRelativePath("pdfs//q1.pdf"))
        #expect(!ReportLibraryManifest.isSafeRelativePath("pdfs\\q1.pdf"))
    }

    @Test func keywords_mergeWithoutRepeatsAndSplitPDFLists() {
        #expect(ReportKeywords.split(pdfKeywords: "sales, quarterly;EMEA\n2025") == ["sales", " quarterly", "EMEA", "2025"])
        #expect(ReportKeywords.merged(["Überblick", "sales"], [" uberblick ", "SALES", "", "EMEA"]) == ["Überblick", "sales", "EMEA"])
    }
}
