/// Puts the person's media in the order they fill slots (`--order given|name|date`).
///
/// Every order is stable and total, so the same media always come out the same way: names
/// compare digit runs as numbers (`IMG_2` before `IMG_10`), then byte by byte; dates compare
/// as written (ISO 8601 sorts as text), and undated media follow the dated ones in their given order.
package enum MediaOrdering {
    /// `media` in the order they fill slots; stable, so equal keys keep the order given.
    package static func ordered(_ media: [MediaAsset], by order: MediaOrder) -> [MediaAsset] {
        let indexed = Array(media.enumerated())
        switch order {
        case .given:
            return media
        case .name:
            return indexed.sorted { a, b in
                let c = naturalCompare(a.element.fileName, b.element.fileName)
                return c != 0 ? c < 0 : a.offset < b.offset
            }.map(\.element)
        case .date:
            return indexed.sorted { a, b in
                switch (a.element.captureDate, b.element.captureDate) {
                case (let x?, let y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: return a.offset < b.offset
                }
            }.map(\.element)
        }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    static func naturalCompare(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var i = 0
        var j = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var i2 = i
                var j2 = j
                while i2 < x.count && isDigit(x[i2]) { i2 += 1 }
                while j2 < y.count && isDigit(y[j2]) { j2 += 1 }
                // Compare the runs as numbers: strip leading zeros, then longer is larger.
                let p = x[i..<i2].drop { $0 == 48 }
                let q = y[j..<j2].drop { $0 == 48 }
                if p.count != q.count { return p.count < q.count ? -1 : 1 }
                for (u, v) in zip(p, q) where u != v { return u < v ? -1 : 1 }
                i = i2
                j = j2
            } else {
                let u = lower(x[i])
                let v = lower(y[j])
                if u != v { return u < v ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        if x.count - i != y.count - j { return (x.count - i) < (y.count - j) ? -1 : 1 }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    private static func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
}
