/// "Did you mean" for misspelt keys and words: the closest known word, when it is close enough.
enum Suggestion {
    /// The candidate nearest to `word`: same letters in another case, or within an edit distance
    /// of about a third of its length (at least 1, at most 3). Nil when none is that close.
    static func closest(to word: String, among candidates: [String]) -> String? {
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

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
