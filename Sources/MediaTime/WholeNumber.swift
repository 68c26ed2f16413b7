/// A whole number 0 or more written as people and programs write it to Reel: ASCII digits only.
///
/// Swift's `Int(_:)` also takes a sign (`+1`, `-0`); this takes neither, nor spaces, exponents
/// (`1e3`) or other digits, and says nil for a number past `Int.max` rather than trapping, so a
/// value from the environment, an argument or a file is either read exactly or refused.
package enum WholeNumber {
    /// The number `text` spells, or nil for anything but plain ASCII digits or a value past `Int.max`.
    package static func parse<S: StringProtocol>(_ text: S) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }
}
