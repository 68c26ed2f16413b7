import Foundation

/// Files of the repository that tests check against (documentation, shipped templates).
enum RepositoryFiles {
    /// The repository's root, found from this source file (symbolic links resolved).
    static var root: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The first fenced ```json block of a Markdown file.
    static func firstJSONBlock(in relative: String) throws -> String? {
        let text = try text(relative)
        guard let start = text.range(of: "```json\n"), let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[start.upperBound..<end.lowerBound]) + "\n"
    }
}
