import Foundation
import Testing

@testable import TemplateFormat
@testable import TemplateResolver

/// Thousands of mutated templates: none may crash or hang the loader, and every one that is not
/// usable must say why with at least one error.
@Suite struct FuzzTests {
    /// Drawn from TemplateCore's seeded generator, so every run tests the same mutations.
    enum Mutation: CaseIterable {
        case flipByte, deleteKey, hugeNumber, notANumber, deepNesting, wrongType, truncate, duplicateSlot
    }

    static let hostileValues = [
        "1e999", "-1e999", "NaN", "Infinity", "123456789012345678901234567890", "-0", "1e-400",
        "\"\"", "null", "[]", "{}", "\"9999999999999999999f\"", "\"1/0s\"", "\"-5 beats\"", "\"\\u0000\"",
    ]

    @Test func mutatedTemplatesNeverCrashAndAlwaysExplain() throws {
        let fixture = try RichFixture.fixture()
        defer { fixture.remove() }
        let original = Array(RichFixture.json.utf8)
        var random = SeededGenerator(seed: 2026)
        var counts: [Mutation: Int] = [:]
        for _ in 0..<3000 {
            let mutation = Mutation.allCases.randomElement(using: &random) ?? .flipByte
            counts[mutation, default: 0] += 1
            let bytes = mutate(original, mutation, using: &random)
            let result = TemplateLoader.decode(bytes: bytes, file: fixture.templateFile, folder: fixture.folder)
            if result.template == nil {
                #expect(
                    result.diagnostics.contains { $0.severity == .error },
                    "\(mutation): unusable without an error: \(String(decoding: bytes, as: UTF8.self))")
            }
            // Mutations that always break the template must always be reported.
            if [.deepNesting, .truncate].contains(mutation) {
                #expect(!result.diagnostics.isEmpty, "\(mutation) gave no diagnostic")
            }
            for d in result.diagnostics { #expect(!d.message.isEmpty && !d.notes.isEmpty || d.code == .jsonSyntax || d.code == .nestingTooDeep) }
        }
        #expect(counts.count == Mutation.allCases.count)
    }

    func mutate(_ bytes: [UInt8], _ mutation: Mutation, using random: inout SeededGenerator) -> [UInt8] {
        var out = bytes
        let text = String(decoding: bytes, as: UTF8.self)
        switch mutation {
        case .flipByte:
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let i = Int.random(in: 0..<out.count, using: &random)
                out[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            }
        case .deleteKey:
            // Remove one `"key": value` member (the value up to the next comma or brace).
            let keys = ranges(of: "\": ", in: text)
            guard let hit = keys.randomElement(using: &random), let quote = text[..<hit.lowerBound].lastIndex(of: "\"") else { return out }
            let after = text[hit.upperBound...]
            let end = after.firstIndex(where: { $0 == "," || $0 == "}" }) ?? text.endIndex
            return Array((String(text[..<quote]) + String(text[end...])).utf8)
        case .hugeNumber, .notANumber, .wrongType:
            let numbers = ranges(ofNumbersIn: text)
            guard let hit = numbers.randomElement(using: &random) else { return out }
            let value =
                mutation == .hugeNumber
                ? "1" + String(repeating: "9", count: Int.random(in: 10...400, using: &random))
                : mutation == .notANumber
                    ? ["NaN", "Infinity", "-Infinity", "1e999"].randomElement(using: &random) ?? "NaN"
                    : Self.hostileValues.randomElement(using: &random) ?? "null"
            return Array((String(text[..<hit.lowerBound]) + value + String(text[hit.upperBound...])).utf8)
        case .deepNesting:
            let depth = Int.random(in: 65...5000, using: &random)
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return Array(text.replacingOccurrences(of: "\"cover\": 1.5", with: "\"cover\": \(nested)").utf8)
        case .truncate:
            return Array(out.prefix(Int.random(in: 0..<(out.count - 1), using: &random)))
        case .duplicateSlot:
            return Array(text.replacingOccurrences(of: "\"id\": \"wipe\"", with: "\"id\": \"opening\"").utf8)
        }
        return out
    }

    private func ranges(of needle: String, in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var from = text.startIndex
        while let r = text.range(of: needle, range: from..<text.endIndex) {
            found.append(r)
            from = r.upperBound
        }
        return found
    }

    /// Where numbers stand as values (after `: ` and before `,`, ` ` or `}`).
    private func ranges(ofNumbersIn text: String) -> [Range<String.Index>] {
        ranges(of: ": ", in: text).compactMap { r in
            let rest = text[r.upperBound...]
            guard let first = rest.first, first.isNumber || first == "-" else { return nil }
            let end = rest.firstIndex(where: { $0 == "," || $0 == " " || $0 == "}" }) ?? text.endIndex
            return r.upperBound..<end
        }
    }
}
