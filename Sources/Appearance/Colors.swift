// Colours as documents write them and the renderer draws them: one pair of types for templates,
// timelines and the text rasterizer alike.

/// An 8-bit sRGB colour, written `#rrggbb` in documents.
public struct RGBColor: Sendable, Hashable {
    /// Red channel, 0…255, sRGB-encoded (not linear light).
    package var red: UInt8
    /// Green channel, 0…255, sRGB-encoded.
    package var green: UInt8
    /// Blue channel, 0…255, sRGB-encoded.
    package var blue: UInt8

    /// Any three bytes make a valid colour; documents reach this through `init?(hex:)`.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The default canvas background of templates and timelines.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// Opaque white, the usual text colour.
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// Reads `#rrggbb` (or `rrggbb`); nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.first == "#" { s = s.dropFirst() }
        guard s.count == 6, s.allSatisfy(\.isHexDigit), let v = UInt32(s, radix: 16) else { return nil }
        self.init(red: UInt8(v >> 16 & 0xff), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
    }

    /// Lower-case `#rrggbb`, the form documents are written back with; `init?(hex:)` reads it again unchanged.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }.joined()
    }
}

/// A colour with opacity, written `#rrggbbaa` (or `#rrggbb`, opaque).
public struct RGBAColor: Sendable, Hashable {
    /// Red channel, 0…255, sRGB-encoded, not premultiplied by `alpha`.
    package var red: UInt8
    /// Green channel, 0…255, sRGB-encoded, not premultiplied by `alpha`.
    package var green: UInt8
    /// Blue channel, 0…255, sRGB-encoded, not premultiplied by `alpha`.
    package var blue: UInt8
    /// Opacity: 0 is fully transparent, 255 opaque.
    package var alpha: UInt8

    /// Straight (not premultiplied) channels; `alpha` defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// An opaque colour with the given opacity.
    public init(_ rgb: RGBColor, alpha: UInt8 = 255) {
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: alpha)
    }

    /// Reads `#rrggbb` or `#rrggbbaa` (the `#` may be left out); nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.first == "#" { s = s.dropFirst() }
        guard s.count == 6 || s.count == 8, s.allSatisfy(\.isHexDigit), let v = UInt64(s, radix: 16) else { return nil }
        if s.count == 6 {
            self.init(red: UInt8(v >> 16 & 0xff), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
        } else {
            self.init(red: UInt8(v >> 24 & 0xff), green: UInt8(v >> 16 & 0xff), blue: UInt8(v >> 8 & 0xff), alpha: UInt8(v & 0xff))
        }
    }

    /// The colour without its opacity.
    package var rgb: RGBColor { RGBColor(red: red, green: green, blue: blue) }

    /// `#rrggbb` when opaque, else `#rrggbbaa`, lower case, so opaque colours round-trip in their shorter form.
    package var hex: String {
        let base = RGBColor(red: red, green: green, blue: blue).hex
        return alpha == 255 ? base : base + RGBColor(red: 0, green: 0, blue: alpha).hex.suffix(2)
    }

    /// Opaque white, `TextLook`'s default text colour.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    /// Opaque black, the usual stroke and shadow colour.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
}
