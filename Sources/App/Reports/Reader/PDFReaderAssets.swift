import Foundation
import Vapor

/// pdf.js as Debian's `libjs-pdf` installs it, served under `/vendor/pdfjs/` for the report
/// reader: the library and its worker, the character maps and the standard fonts, nothing else
/// of the folder. Without the package the reader is not offered and the viewer shows the
/// rendered page images.
enum PDFReaderAssets {
    /// Where `libjs-pdf` puts pdf.js.
    static let directory = "/usr/share/javascript/pdf"
    /// The library the reader loads first; its presence says pdf.js is installed.
    static let script = directory + "/build/pdf.js"
    /// The URL folder the files are served under.
    static let urlPrefix = "vendor/pdfjs"
    /// How long a browser keeps a file: a package upgrade changes them rarely, and the worker
    /// is 2 MB.
    static let maxAge = 7 * 24 * 3_600

    static let tool = SystemTool(
        path: script, debianPackage: "libjs-pdf", neededFor: "the PDF reader (the viewer shows page images without it)", isProgram: false)

    static var isInstalled: Bool { tool.isInstalled }

    /// The file a request path below ``urlPrefix`` names, or nil when it is none of the files
    /// served: `build/pdf.js`, `build/pdf.worker.js`, `web/cmaps/<name>.bcmap` and
    /// `web/standard_fonts/<name>` (names of letters, digits, `-`, `_` and `.`, never `..`).
    static func file(for components: [String]) -> String? {
        let served: Bool
        switch components.count {
        case 2: served = components == ["build", "pdf.js"] || components == ["build", "pdf.worker.js"]
        case 3:
            let (folder, name) = (components[0] + "/" + components[1], components[2])
            served = isPlainName(name) && (folder == "web/standard_fonts" || (folder == "web/cmaps" && name.hasSuffix(".bcmap")))
        default: served = false
        }
        return served ? directory + "/" + components.joined(separator: "/") : nil
    }

    /// A file name of ASCII letters, digits, `-`, `_` and `.`, not starting with a dot.
    private static func isPlainName(_ name: String) -> Bool {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        return !name.isEmpty && !name.hasPrefix(".") && name.count <= 100 && name.unicodeScalars.allSatisfy(allowed.contains)
    }

    static func register(on routes: any RoutesBuilder) {
        routes.get(PathComponent(stringLiteral: "vendor"), "pdfjs", "**") { request async throws -> Response in
            guard let path = file(for: request.parameters.getCatchall()), FileManager.default.isReadableFile(atPath: path) else {
                throw AppError.notFound
            }
            let response = try await request.fileio.asyncStreamFile(at: path)
            response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=\(maxAge)")
            return response
        }
    }
}
