import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an S3 store answered instead of success: its status and, when its body said, the
/// error's code (`NoSuchBucket`, `AccessDenied`, `SignatureDoesNotMatch`…) and message.
public struct S3Error: Error, Equatable, CustomStringConvertible {
    public var status: Int
    public var code: String?
    public var message: String?

    public init(status: Int, code: String? = nil, message: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// Reads `<Error><Code>…</Code><Message>…</Message></Error>` from `xml` when it is there.
    init(status: Int, xml: Data) {
        let fields = XMLFields(xml, names: ["Code", "Message"])
        self.init(status: status, code: fields.values["Code"]?.first, message: fields.values["Message"]?.first)
    }

    public var description: String {
        "S3 answered \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
    }
}

/// One page of a ListObjectsV2 answer.
struct S3ListPage {
    var objects: [(key: String, size: Int64)]
    var isTruncated: Bool
    var nextToken: String?

    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "S3 answered a listing that is not ListObjectsV2 XML" }
    }

    init(xml: Data) throws {
        let fields = XMLFields(xml, names: ["Key", "Size", "IsTruncated", "NextContinuationToken"])
        guard fields.isWellFormed else { throw Unreadable() }
        let keys = fields.values["Key"] ?? []
        let sizes = (fields.values["Size"] ?? []).map { Int64($0) }
        guard keys.count == sizes.count, sizes.allSatisfy({ ($0 ?? -1) >= 0 }) else { throw Unreadable() }
        objects = zip(keys, sizes).map { ($0, $1 ?? 0) }
        isTruncated = fields.values["IsTruncated"]?.first == "true"
        nextToken = fields.values["NextContinuationToken"]?.first
        if isTruncated, nextToken?.isEmpty ?? true { throw Unreadable() }
    }
}

/// The text of every element named in `names`, in document order, wherever it is nested.
private final class XMLFields: NSObject, XMLParserDelegate {
    private let names: Set<String>
    private(set) var values: [String: [String]] = [:]
    private(set) var isWellFormed = false
    private var current: String?
    private var text = ""

    init(_ data: Data, names: Set<String>) {
        self.names = names
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        isWellFormed = parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if names.contains(name) {
            current = name
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard name == current else { return }
        values[name, default: []].append(text)
        current = nil
    }
}
