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

@Suite struct PDFPageSizeTests {
    private func info(_ pages: String, count: Int = 3) throws -> PDFDocumentInfo {
        try #require(PDFDocumentInfo(pdfinfoOutput: "Pages:           \(count)\nEncrypted:       no\n" + pages))
    }

    /// `pdfinfo -f 1 -l N` lists every page: each is read as drawn, its rotation applied.
    @Test func everyListedPage_isReadAsDrawn() throws {
        let read = try info(
            """
            Page    1 size:  612 x 792 pts (letter)
            Page    1 rot:   0
            Page    2 size:  612 x 792 pts (letter)
            Page    2 rot:   90
            Page    3 size:  inf x 792 pts
            Page    3 rot:   0
            """)
        #expect(
            read.drawnPageSizes == [
                .init(width: 612, height: 792), .init(width: 792, height: 612), nil,
            ])
        #expect(read.pageWidth == 612 && read.pageHeight == 792)
        #expect(read.firstPageTooLargeToDraw(width: 1240) == 3, "a page of no PDF's size cannot be drawn")
    }

    /// A page too tall for its width would be a JPEG past 65,535 pixels: refused by its number.
    @Test func aStripTooTallToDraw_isFound() throws {
        let read = try info(
            """
            Page    1 size:  595 x 842 pts (A4)
            Page    2 size:  10 x 14400 pts
            """, count: 2)
        #expect(read.firstPageTooLargeToDraw(width: 1240) == 2)
        #expect(try info("Page    1 size:  595 x 842 pts", count: 1).firstPageTooLargeToDraw(width: 1240) == nil)
        // 1240 × 14,400 / 272 = 65,647 px: just too tall; 1240 × 14,400 / 273 = 65,406: drawn.
        #expect(try info("Page    1 size:  272 x 14400 pts", count: 1).firstPageTooLargeToDraw(width: 1240) == 1)
        #expect(try info("Page    1 size:  273 x 14400 pts", count: 1).firstPageTooLargeToDraw(width: 1240) == nil)
    }

    @Test func encryption_isRead_andATitleCannotHideIt() throws {
        let output = "Title: x\nEncrypted: no\nPages: 1\nEncrypted:       yes (print:yes copy:no change:no algorithm:AES)"
        let locked = try #require(PDFDocumentInfo(pdfinfoOutput: output))
        #expect(locked.isEncrypted)
        #expect(try info("").isEncrypted == false)
    }
}
