import Foundation

/// The colour space an ICC profile describes, when it is a matrix/TRC RGB profile (what cameras,
/// phones and editors write: Display P3, Adobe RGB, sRGB): its primaries as D50 colorants and the
/// tone curve of its channels. Anything else (lookup-table profiles, broken data) reads as nil,
/// and the picture is then taken as sRGB, as before.
struct ICCProfile {
    /// Columns: the XYZ (D50) of full red, green and blue.
    let colorants: Matrix3
    /// The shared tone curve (the green channel's, when they differ).
    let curve: ToneCurve

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 132, Self.tag(bytes, 12) == "mntr" || Self.tag(bytes, 12) == "scnr",
            Self.tag(bytes, 16) == "RGB ", Self.tag(bytes, 36) == "acsp"
        else { return nil }
        let count = Int(Self.uint32(bytes, 128) ?? 0)
        guard count > 0, count < 200 else { return nil }
        var tags: [String: ArraySlice<UInt8>] = [:]
        for i in 0..<count {
            let entry = 132 + 12 * i
            guard let signature = Self.tag(bytes, entry), let offset = Self.uint32(bytes, entry + 4),
                let size = Self.uint32(bytes, entry + 8), Int(offset) + Int(size) <= bytes.count
            else { return nil }
            tags[signature] = bytes[Int(offset)..<Int(offset) + Int(size)]
        }
        guard let r = tags["rXYZ"].flatMap(Self.xyz), let g = tags["gXYZ"].flatMap(Self.xyz), let b = tags["bXYZ"].flatMap(Self.xyz),
            let trc = tags["gTRC"].flatMap(ToneCurve.init(icc:))
        else { return nil }
        colorants = Matrix3(columns: r, g, b)
        curve = trc
    }

    private static func xyz(_ data: ArraySlice<UInt8>) -> (Double, Double, Double)? {
        let d = Array(data)
        guard d.count >= 20, tag(d, 0) == "XYZ " else { return nil }
        func fixed(_ at: Int) -> Double { Double(Int32(bitPattern: uint32(d, at) ?? 0)) / 65536 }
        return (fixed(8), fixed(12), fixed(16))
    }

    static func tag(_ d: [UInt8], _ at: Int) -> String? {
        guard at + 4 <= d.count else { return nil }
        return String(bytes: d[at..<at + 4], encoding: .ascii)
    }

    static func uint32(_ d: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= d.count else { return nil }
        return UInt32(d[at]) << 24 | UInt32(d[at + 1]) << 16 | UInt32(d[at + 2]) << 8 | UInt32(d[at + 3])
    }
}

/// A channel's tone curve: signal 0...1 to linear light 0...1.
enum ToneCurve: Equatable {
    case gamma(Double)
    /// ICC parametric curve (`para`), types 0 to 4: Y = (aX + b)^g + e above d, cX + f below.
    case parametric(g: Double, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)
    /// Sampled curve, evenly spaced over 0...1.
    case table([Double])

    static let sRGB = ToneCurve.parametric(g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045, e: 0, f: 0)

    init?(icc data: ArraySlice<UInt8>) {
        let d = Array(data)
        switch ICCProfile.tag(d, 0) {
        case "curv":
            guard let n = ICCProfile.uint32(d, 8), d.count >= 12 + 2 * Int(n) else { return nil }
            func u16(_ i: Int) -> Double { Double(UInt16(d[12 + 2 * i]) << 8 | UInt16(d[13 + 2 * i])) }
            if n == 0 {
                self = .gamma(1)
            } else if n == 1 {
                self = .gamma(u16(0) / 256)
            } else {
                self = .table((0..<Int(n)).map { u16($0) / 65535 })
            }
        case "para":
            guard d.count >= 12, let type = ICCProfile.uint32(d, 8).map({ $0 >> 16 }), type <= 4 else { return nil }
            let counts = [1, 3, 4, 5, 7]
            guard d.count >= 12 + 4 * counts[Int(type)] else { return nil }
            let p = (0..<counts[Int(type)]).map { Double(Int32(bitPattern: ICCProfile.uint32(d, 12 + 4 * $0) ?? 0)) / 65536 }
            switch type {
            case 0: self = .gamma(p[0])
            case 1: self = .parametric(g: p[0], a: p[1], b: p[2], c: 0, d: -p[2] / p[1], e: 0, f: 0)
            case 2: self = .parametric(g: p[0], a: p[1], b: p[2], c: 0, d: -p[2] / p[1], e: p[3], f: p[3])
            case 3: self = .parametric(g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: 0, f: 0)
            default: self = .parametric(g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: p[5], f: p[6])
            }
        default:
            return nil
        }
    }

    func linear(_ x: Double) -> Double {
        switch self {
        case .gamma(let g): return pow(max(0, x), g)
        case .parametric(let g, let a, let b, let c, let d, let e, let f):
            return x >= d ? pow(max(0, a * x + b), g) + e : c * x + f
        case .table(let t):
            let p = min(max(x, 0), 1) * Double(t.count - 1)
            let i = min(Int(p), t.count - 2)
            return t[i] + (t[i + 1] - t[i]) * (p - Double(i))
        }
    }
}
