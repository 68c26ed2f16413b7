/// "Did you mean" for misspelt keys and words: the closest known word, when it is close enough.
package enum Suggestion {
    /// The candidate nearest to `word`: same letters in another case, or within an edit distance
    /// of about a third of its length (at least 1, at most 3). Nil when none is that close.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let limit = min(3, max(1, word.count / 3))
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let d = editDistance(lowered, candidate.lowercased())
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.word
    }

    /// The candidates nearest to `word` by edit distance, however far: the closest one when
    /// `closest` finds it, else those at the smallest distance (at most `count`), in their order.
    /// For a word of a fixed list, where even a distant guess helps more than none.
    static func nearest(to word: String, among candidates: [String], count: Int = 2) -> [String] {
        if let close = closest(to: word, among: candidates) { return [close] }
        let lowered = word.lowercased()
        let distances = candidates.map { editDistance(lowered, $0.lowercased()) }
        guard let best = distances.min() else { return [] }
        return Array(zip(candidates, distances).filter { $0.1 == best }.map(\.0).prefix(count))
    }

    /// "did you mean 'wipeLeft'?" or "did you mean 'wipeUp' or 'wipeDown'?"; nil without candidates.
    package static func question(_ word: String, among candidates: [String]) -> String? {
        let near = nearest(to: word, among: candidates)
        guard !near.isEmpty else { return nil }
        return "did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// Edit distance over characters where swapping two neighbours counts as one edit
    /// (optimal string alignment), since "vidoe" is one slip away from "video".
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
