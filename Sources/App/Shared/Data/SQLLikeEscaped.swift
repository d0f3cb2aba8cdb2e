import SQLKit

/// `column LIKE pattern ESCAPE '\'`: a pattern whose `%`, `_` and `\` a user typed are escaped
/// with a backslash (SQLite has no escape character unless told; PostgreSQL's is the same).
struct SQLLikeEscaped: SQLExpression {
    let column: String
    let pattern: String

    func serialize(to serializer: inout SQLSerializer) {
        SQLColumn(column).serialize(to: &serializer)
        serializer.write(" LIKE ")
        SQLBind(pattern).serialize(to: &serializer)
        serializer.write(" ESCAPE '\\'")
    }
}
