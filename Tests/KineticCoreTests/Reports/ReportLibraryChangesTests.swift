import KineticCore
import Testing

@Suite struct ReportLibraryChangesTests {
    private func item(_ id: String, _ title: String? = nil, _ contents: String?...) -> ReportLibraryChanges.Item {
        ReportLibraryChanges.Item(id: id, title: title ?? id.uppercased(), contents: contents)
    }

    @Test func addedChangedRemovedAndUnchanged_areToldApart_inEachSidesOrder() {
        let kind = ReportLibraryChanges.Kind(
            current: [item("a", nil, "1"), item("b", nil, "1"), item("c", nil, "1"), item("d", nil, "1")],
            next: [item("e", nil, "1"), item("c", nil, "2"), item("a", nil, "1"), item("f", nil, "1"), item("b", "Renamed", "1")])
        #expect(kind.added.map(\.id) == ["e", "f"])
        #expect(kind.changed.map(\.id) == ["c", "b"])
        #expect(kind.changed.last?.title == "Renamed")
        #expect(kind.removed.map(\.id) == ["d"])
        #expect(kind.unchanged == 1)
        #expect(!kind.isEmpty)
    }

    /// A field that appears or disappears (a summary added, a date taken away) is a change.
    @Test func aMissingValue_differsFromAnEmptyOne() {
        let kind = ReportLibraryChanges.Kind(
            current: [item("a", nil, nil), item("b", nil, "")], next: [item("a", nil, ""), item("b", nil, "")])
        #expect(kind.changed.map(\.id) == ["a"])
        #expect(kind.unchanged == 1)
    }

    @Test func theSameLibraryTwice_changesNothing_andAFirstImportAddsEverything() {
        let categories = [item("parks"), item("north")]
        let reports = [item("q1", nil, "x", nil), item("q2", nil, "y", "2026-01-02")]
        let again = ReportLibraryChanges(
            currentTitle: "Library", currentCategories: categories, currentReports: reports, nextTitle: "Library",
            nextCategories: categories, nextReports: reports)
        #expect(again.isEmpty)
        #expect(again.reports.unchanged == 2 && again.categories.unchanged == 2)

        let first = ReportLibraryChanges(
            currentTitle: nil, currentCategories: [], currentReports: [], nextTitle: "Library", nextCategories: categories,
            nextReports: reports)
        #expect(first.reports.added.map(\.id) == ["q1", "q2"])
        #expect(first.categories.added.map(\.id) == ["parks", "north"])
        #expect(first.newTitle == "Library")
    }

    /// Replacing everything with one report lists every removal, which is what the page warns about.
    @Test func aLibraryReplacedByAnother_listsEveryRemoval() {
        let current = (1...30).map { item("r\($0)", nil, "x") }
        let changes = ReportLibraryChanges(
            currentTitle: "Demo", currentCategories: [item("parks")], currentReports: current, nextTitle: "Other",
            nextCategories: [], nextReports: [item("new", nil, "y")])
        #expect(changes.reports.removed.count == 30 && changes.reports.removed.first?.id == "r1")
        #expect(changes.categories.removed.map(\.id) == ["parks"])
        #expect(changes.reports.added.map(\.id) == ["new"])
        #expect(changes.newTitle == "Other")
    }

    @Test func anIDListedTwice_countsOnce() {
        let kind = ReportLibraryChanges.Kind(current: [item("a"), item("a")], next: [item("a"), item("a"), item("b"), item("b")])
        #expect(kind.added.map(\.id) == ["b"])
        #expect(kind.unchanged == 1 && kind.removed.isEmpty)
    }
}
