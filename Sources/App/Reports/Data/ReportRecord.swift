import Fluent
import Foundation

/// A report of the library (`reports`): what the datasource says, what its PDF holds, and
/// where its files are (a folder under a generated name in the media directory).
final class ReportRecord: Model, @unchecked Sendable {
    static let schema = "reports"

    @ID(custom: "id", generatedBy: .user) var id: String?
    @Field(key: "title") var title: String
    @OptionalField(key: "summary") var summary: String?
    /// `yyyy-MM-dd`, when the datasource gives one.
    @OptionalField(key: "date") var date: String?
    /// The datasource's and the PDF's keywords, as a JSON array of strings.
    @Field(key: "keywords") var keywordsJSON: String
    /// The category listing it; nil when the root does.
    @OptionalField(key: "category_id") var categoryID: String?
    @Field(key: "position") var position: Int
    /// The PDF's name in the library (its last path part), offered on download.
    @Field(key: "file_name") var fileName: String
    /// The folder under `reports/` in the media directory holding `report.pdf`, the pages and the thumbnail.
    @Field(key: "stored_folder") var storedFolder: String
    /// The PDF's SHA-256, so a re-import keeps the pages of an unchanged file.
    @Field(key: "sha256") var sha256: String
    @Field(key: "byte_count") var byteCount: Int
    @Field(key: "page_count") var pageCount: Int
    /// The rendered pages' size in pixels (the first page's), for the viewer's placeholders.
    @Field(key: "page_width") var pageWidth: Int
    @Field(key: "page_height") var pageHeight: Int
    @Field(key: "imported_at") var importedAt: Date
    /// Pages that had no text and whose text was recognised by OCR.
    @Field(key: "recognised_pages") var recognisedPages: Int
    /// The language it is in (``TextLanguage``): the datasource's, else told from its text; nil
    /// when neither says.
    @OptionalField(key: "language") var language: String?

    init() {}
}

extension ReportRecord {
    var keywords: [String] { Self.keywords(fromJSON: keywordsJSON) }

    /// The stored keywords (a JSON array of strings) as a list; none when unreadable.
    static func keywords(fromJSON json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }
}
