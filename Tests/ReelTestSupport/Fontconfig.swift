import Foundation

/// What this machine's fontconfig answers, asked through its own command-line tools (`fc-match`,
/// `fc-list`, from the `fontconfig` package scripts/setup installs), so that a test of Reel's font
/// findings expects what the installed fonts make true, whatever else is installed (URW fonts map
/// 'Comic Sans MS' to Z003, Noto fonts draw Mayan numerals), instead of one machine's answer.
public enum Fontconfig {
    /// The first family of the font fontconfig draws `pattern` with ("Comic Sans MS" gives "DejaVu
    /// Sans" on a machine with only DejaVu, "Z003" with the URW fonts).
    public static func match(_ pattern: String) throws -> String {
        let r = try Tools.run("fc-match", ["--format=%{family[0]}", pattern])
        guard r.status == 0, !r.stdout.isEmpty else { throw Unanswered(question: "fc-match \(pattern)", answer: r.stderr) }
        return r.stdout
    }

    /// The file of the font fontconfig draws `pattern` with.
    public static func file(_ pattern: String) throws -> String {
        let r = try Tools.run("fc-match", ["--format=%{file}", pattern])
        guard r.status == 0, !r.stdout.isEmpty else { throw Unanswered(question: "fc-match \(pattern)", answer: r.stderr) }
        return r.stdout
    }

    /// True when some installed font maps `scalar` to a glyph.
    public static func covers(_ scalar: Unicode.Scalar) throws -> Bool {
        let r = try Tools.run("fc-list", [":charset=" + String(scalar.value, radix: 16), "family"])
        guard r.status == 0 else { throw Unanswered(question: "fc-list :charset=\(String(scalar.value, radix: 16))", answer: r.stderr) }
        return !r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Characters (each needing a glyph) that no installed font draws on this machine, `count` of
    /// them, from a list of rarely covered ones: Mayan numerals, then private-use characters.
    /// Throws when the machine's fonts cover so many of them that fewer than `count` remain.
    public static func undrawable(_ count: Int) throws -> [Unicode.Scalar] {
        let candidates: [UInt32] = [0x1D2E0, 0xE000, 0xF0000, 0x10FFFD, 0xFFFFD, 0xF8F0, 0x10FF00]
        var found: [Unicode.Scalar] = []
        for value in candidates where found.count < count {
            guard let scalar = Unicode.Scalar(value), try !covers(scalar) else { continue }
            found.append(scalar)
        }
        guard found.count == count else {
            throw Unanswered(question: "\(count) characters no installed font draws", answer: "only \(found.count) of \(candidates.count) candidates")
        }
        return found
    }

    /// `U+1D2E0`: how Reel's findings name a character.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A question fontconfig's tools did not answer.
    public struct Unanswered: Error, CustomStringConvertible {
        public let question: String
        public let answer: String
        public var description: String { "fontconfig did not answer '\(question)': \(answer)" }
    }
}
