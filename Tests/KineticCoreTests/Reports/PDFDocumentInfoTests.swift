import Testing

@testable import KineticCore

@Suite struct PDFDocumentInfoTests {
    private let honest = """
        Title:           Quarterly report
        Keywords:        sales, Q3
        Pages:           12
        Page size:       595.276 x 841.89 pts (A4)
        """

    @Test func pdfinfoOutput_isRead() throws {
        let info = try #require(PDFDocumentInfo(pdfinfoOutput: honest))
        #expect(
            info == PDFDocumentInfo(pages: 12, title: "Quarterly report", keywords: "sales, Q3", pageWidth: 595.276, pageHeight: 841.89))
    }

    /// A title with line breaks must not pass for the lines pdfinfo computes after it.
    @Test func aTitleCannotMakeUpThePageCountOrSize() throws {
        let output = """
            Title:           Innocent
            Pages:           999999
            Page size:       1 x inf pts
            Pages:           3
            Page size:       612 x 792 pts (letter)
            """
        let info = try #require(PDFDocumentInfo(pdfinfoOutput: output))
        #expect(info.pages == 3)
        #expect(info.pageWidth == 612)
        #expect(info.pageHeight == 792)
        #expect(info.title == "Innocent")
    }

    @Test(arguments: ["inf x 842", "1e400 x 842", "nan x 842", "595 x 0.000001", "1e-10 x 1e+06", "595 x 20000", "-595 x 842"])
    func pageSizesNoPDFHas_areLeftOut(size: String) throws {
        let info = try #require(PDFDocumentInfo(pdfinfoOutput: "Pages: 1\nPage size: \(size) pts"))
        #expect(info.pageWidth == nil)
        #expect(info.pageHeight == nil)
    }
}
