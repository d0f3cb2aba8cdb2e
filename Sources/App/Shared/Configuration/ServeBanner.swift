import Foundation

/// The few lines `kinetic serve` prints before it listens: where it answers, where its data
/// is, how to sign in, whether it sends e-mail, and which optional programs are missing and
/// what that leaves out. Printed on the terminal only: it may hold the demo password.
public struct ServeBanner {
    /// What became of the demo account at this start.
    public enum Demo: Equatable {
        /// Made now, with this password.
        case created(email: String, password: String)
        /// Made at an earlier start (its password was printed then).
        case existing(email: String)
        /// `--no-demo`.
        case off
    }

    var address: String
    var dataDirectory: String
    var database: KineticConfiguration.Database
    var demo: Demo
    /// The mail server, `host:port`, or nil when no e-mail is sent.
    var mailServer: String?
    var tools: [SystemTool]
    var isInstalled: (SystemTool) -> Bool = \.isInstalled

    public var text: String {
        var lines = ["Kinetic serves \(address)"]
        switch database {
        case .sqlite(let path):
            lines.append(row("data", "\(dataDirectory) (SQLite: \((path as NSString).lastPathComponent))"))
        case .postgres(let url):
            lines.append(row("data", "\(dataDirectory) (uploads and media)"))
            lines.append(row("database", "PostgreSQL at \(Self.redacted(url))"))
        }
        switch demo {
        case .created(let email, let password): lines.append(row("sign in", "\(email) with the password \(password)"))
        case .existing(let email): lines.append(row("sign in", "\(email) (its password was printed when it was made)"))
        case .off: lines.append(row("sign in", "no demo account (--no-demo): sign up at \(address)/signup"))
        }
        lines.append(
            row(
                "e-mail",
                mailServer.map { "through \($0)" }
                    ?? "off: wishes go in-app only (KINETIC_SMTP_URL turns it on; `kinetic admin verify EMAIL` confirms addresses)"))
        let missing = Dictionary(grouping: tools.filter { !isInstalled($0) }, by: \.debianPackage)
        let present = Set(tools.map(\.debianPackage)).subtracting(missing.keys).sorted()
        if !present.isEmpty { lines.append(row("tools", present.joined(separator: ", "))) }
        if !missing.isEmpty {
            for (package, tools) in missing.sorted(by: { $0.key < $1.key }) {
                let uses = tools.map(\.neededFor).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                lines.append(
                    row("missing", "\(package) (\(tools.map(\.name).joined(separator: ", "))): no \(uses.joined(separator: "; no "))"))
            }
            lines.append(row("", "install with: sudo apt-get install \(missing.keys.sorted().joined(separator: " "))"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ label: String, _ value: String) -> String {
        "  " + label + String(repeating: " ", count: max(1, 10 - label.count)) + value
    }

    /// The address `serve` listens on, from its flags (as Vapor's `serve` reads them).
    public static func address(arguments: [String]) -> String {
        var host = "127.0.0.1", port = "8080"
        var index = arguments.startIndex
        func value(_ flag: String, _ short: String?) -> String? {
            let argument = arguments[index]
            if argument == flag || argument == short, index + 1 < arguments.endIndex { return arguments[index + 1] }
            if argument.hasPrefix(flag + "=") { return String(argument.dropFirst(flag.count + 1)) }
            return nil
        }
        while index < arguments.endIndex {
            if let socket = value("--unix-socket", nil) { return "unix:" + socket }
            if let value = value("--hostname", "-H") { host = value }
            if let value = value("--port", "-p") { port = value }
            if let value = value("--bind", "-b") {
                let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
                host = parts[0]
                if parts.count == 2 { port = parts[1] }
            }
            index += 1
        }
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// A PostgreSQL URL without its user and password: `host:port/database`.
    static func redacted(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return "(an unreadable URL)" }
        return host + (components.port.map { ":\($0)" } ?? "") + components.path
    }
}
