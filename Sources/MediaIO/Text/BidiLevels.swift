import CText

/// The bidirectional class of a character, reduced to what simple bidi needs.
enum BidiClass: Equatable {
    /// Strong left-to-right (Latin, CJK, Cyrillic...).
    case left
    /// Strong right-to-left (Hebrew, Arabic...).
    case right
    /// Digits: kept left-to-right inside right-to-left text.
    case number
    /// Spaces, punctuation and symbols: they take the direction around them.
    case neutral
    /// Combining marks and joiners: they take the class of the character before them.
    case mark
}

/// Embedding levels for one paragraph, following the Unicode bidi algorithm without explicit
/// embeddings or isolates: paragraph direction from the first strong character (P2, P3), marks
/// after their base (W1), digits after Latin become Latin (W7), number separators between digits
/// (W4), neutrals from their neighbours or the paragraph direction (N1, N2), then levels (I1, I2).
/// That is enough for Arabic and Hebrew sentences with Latin words and numbers in them.
struct BidiLevels {
    let baseLevel: UInt8
    let levels: [UInt8]

    init(_ scalars: [UInt32], scripts: [hb_script_t]) {
        var classes = zip(scalars, scripts).map { BidiLevels.classify($0, script: $1) }
        let firstStrong = classes.first { $0 == .left || $0 == .right }
        let base: UInt8 = firstStrong == .right ? 1 : 0
        let paragraph: BidiClass = base == 1 ? .right : .left

        var previous = paragraph
        for i in classes.indices where classes[i] == .mark {
            classes[i] = i > 0 ? classes[i - 1] : paragraph
        }
        for i in classes.indices {
            switch classes[i] {
            case .left, .right: previous = classes[i]
            case .number where previous == .left: classes[i] = .left
            default: break
            }
        }
        for i in classes.indices where classes[i] == .neutral && i > 0 && i + 1 < classes.count {
            if classes[i - 1] == .number, classes[i + 1] == .number, BidiLevels.separatesNumbers(scalars[i]) {
                classes[i] = .number
            }
        }
        // Neutrals: the direction on both sides when it agrees, else the paragraph's. Numbers
        // count as right-to-left here (N1).
        func strong(_ c: BidiClass) -> BidiClass? {
            switch c {
            case .left: return .left
            case .right, .number: return .right
            default: return nil
            }
        }
        var i = 0
        while i < classes.count {
            guard classes[i] == .neutral else {
                i += 1
                continue
            }
            var end = i
            while end < classes.count, classes[end] == .neutral { end += 1 }
            let before = i > 0 ? (strong(classes[i - 1]) ?? paragraph) : paragraph
            let after = end < classes.count ? (strong(classes[end]) ?? paragraph) : paragraph
            let resolved = before == after ? before : paragraph
            for j in i..<end { classes[j] = resolved }
            i = end
        }
        baseLevel = base
        levels = classes.map { c in
            switch c {
            case .right: return 1
            case .number: return 2  // the even level above right-to-left text
            default: return base == 0 ? 0 : 2  // left-to-right inside a right-to-left paragraph: 2
            }
        }
    }

    static func classify(_ scalar: UInt32, script: hb_script_t) -> BidiClass {
        if isDigit(scalar) { return .number }
        if script == HB_SCRIPT_INHERITED { return .mark }
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_UNKNOWN { return .neutral }
        return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? .right : .left
    }

    /// ASCII, Arabic-Indic and Extended Arabic-Indic digits.
    static func isDigit(_ s: UInt32) -> Bool {
        (0x30...0x39).contains(s) || (0x660...0x669).contains(s) || (0x6F0...0x6F9).contains(s)
    }

    /// Separators that stay inside a number: "1,000", "3.5", "12:30", "1/2".
    static func separatesNumbers(_ s: UInt32) -> Bool {
        s == 0x2C || s == 0x2E || s == 0x3A || s == 0x2F || s == 0x66B || s == 0x66C
    }

    /// Order in which runs with these levels appear from left to right (rule L2: from the highest
    /// level down to the lowest odd one, reverse every sequence at that level or above).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
