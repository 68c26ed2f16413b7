import Foundation
import ReelTestSupport

/// A real HTTP client for the tests: the `curl` command, bounded by `--max-time` so no test can hang.
enum Curl {
    /// What one curl run saw: the final response's status, header fields (lower-cased names) and body.
    struct Result {
        /// 0 when nothing was answered.
        var status: Int
        var headers: [String: String]
        var body: Data
        /// curl's exit code: 0 for a transfer made, 7 for a refused connection, 28 for a timeout.
        var exitCode: Int32

        /// The body as a JSON object.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        /// The error code of an error JSON body.
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    /// Runs curl with `arguments` (the URL among them) and reads what it saved.
    static func run(_ arguments: [String], maxTime: Int = 10) throws -> Result {
        let folder = try TestFolder()
        let headerFile = folder.path("headers")
        let bodyFile = folder.path("body")
        let out = try Tools.run(
            "curl", ["-s", "-S", "--max-time", "\(maxTime)", "-D", headerFile, "-o", bodyFile, "-w", "%{http_code}"] + arguments,
            timeout: Double(maxTime + 5))
        let head = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
        return Result(
            status: Int(out.stdout.trimmingCharacters(in: .whitespaces)) ?? 0, headers: finalHeaders(head),
            body: (try? Data(contentsOf: URL(fileURLWithPath: bodyFile))) ?? Data(), exitCode: out.status)
    }

    /// The fields of the last response head (after any "100 Continue").
    private static func finalHeaders(_ text: String) -> [String: String] {
        let blocks = text.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }
        var fields: [String: String] = [:]
        for line in (blocks.last ?? "").components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}

/// A fresh temporary folder, removed when the value goes away.
final class TestFolder: Sendable {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "reel-http-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/" + name }

    /// Writes `count` bytes of a pattern that shows any misplaced byte, and returns them.
    @discardableResult
    func patternFile(_ name: String, count: Int) throws -> [UInt8] {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        return bytes
    }
}
