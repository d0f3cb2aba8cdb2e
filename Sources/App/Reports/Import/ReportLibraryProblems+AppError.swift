import KineticCore

extension ReportLibraryProblems: AppErrorConvertible {
    /// 422 for a report library with problems: each at its path (`reports[3].file`).
    var appError: AppError {
        var error = AppError(status: .unprocessableEntity, code: "library_invalid", messageKey: "error.reports.libraryInvalid")
        for problem in problems where error.fields.messages[problem.path] == nil {
            error.fields.add(problem.path, problem.messageKey)
            error.fieldArguments[problem.path] = problem.arguments
        }
        return error
    }
}

extension PDFTools {
    /// 503: the PDF tools (`qpdf`, `poppler-utils`) are not installed.
    static let toolsMissing = AppError(status: .serviceUnavailable, code: "tools_missing", messageKey: "error.reports.toolsMissing")
}
