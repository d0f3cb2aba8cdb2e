import Fluent
import KineticCore
import SQLKit

/// Reports, categories and the library's title carry their language (`language`, a BCP 47
/// tag): each report's told from its indexed text, each category's and the title's the one most
/// of their reports are in (``ReportLibraryImporter/languages(of:prepared:existing:)`` does the
/// same for an import).
struct AddReportLanguages: AsyncMigration {
    func prepare(on database: Database) async throws {
        for schema in [ReportRecord.schema, ReportCategoryRecord.schema, ReportLibraryRecord.schema] {
            try await database.schema(schema).field("language", .string).update()
        }
        try await database.transaction { database in
            let bodies = try await ReportSearchIndex.bodies(on: database.sql())
            let reports = try await ReportRecord.query(on: database).all()
            var languages: [String: String] = [:]
            for report in reports {
                guard let id = report.id, let language = bodies[id].flatMap(TextLanguage.detected(in:)) else { continue }
                languages[id] = language
                report.language = language
                try await report.save(on: database)
            }
            let categories = try await ReportCategoryRecord.query(on: database).all()
            let categoryLanguages = ReportLibrary.languages(
                ofCategories: Dictionary(uniqueKeysWithValues: categories.map { ($0.id ?? "", $0.parentID) }),
                reports: reports.map { ($0.categoryID, languages[$0.id ?? ""]) }, library: nil)
            for category in categories {
                category.language = categoryLanguages[category.id ?? ""]
                try await category.save(on: database)
            }
            if let library = try await ReportLibraryRecord.find(ReportLibraryRecord.mainID, on: database) {
                library.language = TextLanguage.mostCommon(reports.map { languages[$0.id ?? ""] })
                try await library.save(on: database)
            }
        }
    }

    func revert(on database: Database) async throws {
        for schema in [ReportRecord.schema, ReportCategoryRecord.schema, ReportLibraryRecord.schema] {
            try await database.schema(schema).deleteField("language").update()
        }
    }
}
