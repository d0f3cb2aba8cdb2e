import Foundation

/// Where the library's files live. Each report's under `reports/<folder>/` in the media store,
/// its folder named when it was rendered: `report.pdf` (the original), `page-1.jpg`… (the
/// viewer's pages: the first drawn by the import, each later one added the first time it is
/// read), `thumbnail.jpg` (its bubble) and `text.txt` (what search indexes). A new file gets a
/// new folder, so what a folder holds never changes once a row names it (pages are only added).
///
/// An import prepares its folders on this instance's disk (staging folders in `.report-import/`
/// in the media directory, hidden from the store) and keeps each in the store once it is whole.
struct ReportFiles: Sendable {
    let store: any MediaStore
    /// This instance's own folder for what an import prepares.
    let directory: URL

    init(store: any MediaStore, mediaDirectory: String) {
        self.store = store
        directory = URL(fileURLWithPath: mediaDirectory).appendingPathComponent(".report-import")
    }

    func folder(_ storedFolder: String) throws -> MediaKey {
        try MediaKey("reports/\(storedFolder)/")
    }

    func pdf(in storedFolder: String) throws -> MediaKey {
        try folder(storedFolder).appending("report.pdf")
    }

    /// Page `number` (from 1) as a JPEG.
    func page(_ number: Int, in storedFolder: String) throws -> MediaKey {
        try folder(storedFolder).appending("page-\(number).jpg")
    }

    func thumbnail(in storedFolder: String) throws -> MediaKey {
        try folder(storedFolder).appending("thumbnail.jpg")
    }

    /// The PDF's text as the search indexes it, kept so an undone import can index it again.
    func text(in storedFolder: String) throws -> MediaKey {
        try folder(storedFolder).appending("text.txt")
    }

    /// Runs `body` with the text kept for `storedFolder` as a file on this machine, for reading a
    /// batch of pages at a time (``ReportText``): the store's own file, or a copy deleted after;
    /// an empty text when there is none.
    func withStoredText<T>(in storedFolder: String, _ body: (ReportText) async throws -> T) async throws -> T {
        let key = try text(in: storedFolder)
        if let file = store.localFile(key) { return try await body(.file(file)) }
        let scratch = try stagingFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("text.txt")
        guard try await downloadWhole(key, to: copy) else { return try await body(.string("")) }
        return try await body(.file(copy))
    }

    /// Whether the text kept for `storedFolder` names its pages (form feeds between them, as
    /// every text kept since search named pages has), or is empty; false when there is none.
    /// Only its start is read.
    func storedTextNamesPages(in storedFolder: String) async throws -> Bool {
        try await withStoredText(in: storedFolder) { text in
            guard case .file(let url) = text, let handle = try? FileHandle(forReadingFrom: url) else { return false }
            defer { try? handle.close() }
            let start = try handle.read(upToCount: 4 << 20) ?? Data()
            return start.isEmpty || start.contains(0x0C)
        }
    }

    /// Whether the report folder `storedFolder` holds its PDF.
    func hasPDF(in storedFolder: String) async throws -> Bool {
        try await store.exists(pdf(in: storedFolder))
    }

    /// The PDF of `storedFolder` as a file on this machine, for a tool to read: the store's own
    /// file, or a copy this instance keeps in `.report-import/pdfs/` (a folder never changes, so
    /// the copy stays true; emptied at start with the staging folders). Nil when the folder has
    /// no PDF (another import replaced it meanwhile).
    func pdfOnDisk(in storedFolder: String) async throws -> URL? {
        let key = try pdf(in: storedFolder)
        if let file = store.localFile(key) { return file }
        let copies = copiesFolder
        let copy = copies.appendingPathComponent("\(storedFolder).pdf")
        if FileManager.default.fileExists(atPath: copy.path) { return copy }
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        return try await downloadWhole(key, to: copy) ? copy : nil
    }

    /// Copies the object `key` to `file` beside it first and renames it into place once whole
    /// (rename(2)), so a request reading the same copy beside this one never sees half of it;
    /// false when there is none.
    private func downloadWhole(_ key: MediaKey, to file: URL) async throws -> Bool {
        let arriving = file.deletingLastPathComponent().appendingPathComponent("arriving-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: arriving) }
        guard try await store.download(key, to: arriving) else { return false }
        guard rename(arriving.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return true
    }

    /// Keeps `file` (a JPEG; gone afterwards) as page `number` of `storedFolder`.
    func keepPage(_ file: URL, number: Int, in storedFolder: String) async throws {
        try await store.keep(file, as: page(number, in: storedFolder), contentType: MediaKey.contentType(ofName: file.lastPathComponent))
    }

    /// A folder for preparing files before they are kept.
    func stagingFolder() throws -> URL {
        let staging = directory.appendingPathComponent("staging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        return staging
    }

    /// Keeps a prepared report folder as `storedFolder`: every file in it, the PDF last, so a
    /// folder with its PDF is whole. The prepared folder is gone afterwards.
    func keep(_ prepared: URL, as storedFolder: String) async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: prepared.path).sorted {
            ($0 == "report.pdf" ? 1 : 0, $0) < ($1 == "report.pdf" ? 1 : 0, $1)
        }
        for name in names {
            try await store.keep(
                prepared.appendingPathComponent(name), as: folder(storedFolder).appending(name),
                contentType: MediaKey.contentType(ofName: name))
        }
        try? FileManager.default.removeItem(at: prepared)
    }

    /// Removes the folder `storedFolder`, and this instance's copy of its PDF.
    func remove(_ storedFolder: String) async {
        guard let key = try? folder(storedFolder) else { return }
        try? await store.removeAll(under: key)
        try? FileManager.default.removeItem(at: copiesFolder.appendingPathComponent("\(storedFolder).pdf"))
    }

    /// Where this instance keeps its copies of PDFs in a bucket (``pdfOnDisk(in:)``).
    private var copiesFolder: URL { directory.appendingPathComponent("pdfs") }

    /// Removes staging folders an interrupted import left behind, and the copies of PDFs drawn
    /// from; called at start.
    func clearStaging() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("staging-") || name == "pdfs" {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
