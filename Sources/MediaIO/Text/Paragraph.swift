import CText

/// A stretch of a paragraph that is shaped in one go: one face, one script, one direction.
struct TextRun {
    var range: Range<Int>
    var level: UInt8
    var script: hb_script_t
    var face: Int

    var isRightToLeft: Bool { level % 2 == 1 }
}

/// One paragraph (text between line feeds) split into runs. It does not depend on the size, so
/// shrink-to-fit itemizes once and only shapes again.
struct Paragraph {
    /// The paragraph's Unicode scalars; HarfBuzz clusters and line breaks index into them.
    let scalars: [UInt32]
    let runs: [TextRun]
    let baseLevel: UInt8

    init<Scalars: Collection<Unicode.Scalar>>(_ text: Scalars, fonts: FontSet, primary: Int, family: String) {
        scalars = text.map(\.value)
        let funcs = hb_unicode_funcs_get_default()
        let scripts = scalars.map { hb_unicode_script(funcs, $0) }
        let bidi = BidiLevels(scalars, scripts: scripts)
        let clusters = EmojiClusters.clusters(text)
        let faces = fonts.choose(scalars, clusters: clusters, scripts: scripts, primary: primary, family: family)
        var resolved = Paragraph.resolveScripts(scripts, levels: bidi.levels)
        var levels = bidi.levels
        // A grapheme cluster is never split between runs: its joiners, selectors and marks take
        // the script and level of its first character.
        for cluster in clusters where cluster.count > 1 {
            for i in cluster.dropFirst() {
                resolved[i] = resolved[cluster.lowerBound]
                levels[i] = levels[cluster.lowerBound]
            }
        }
        var runs: [TextRun] = []
        for i in scalars.indices {
            if var last = runs.last, last.level == levels[i], last.face == faces[i], last.script == resolved[i] {
                last.range = last.range.lowerBound..<(i + 1)
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(range: i..<(i + 1), level: levels[i], script: resolved[i], face: faces[i]))
            }
        }
        self.runs = runs
        self.baseLevel = bidi.baseLevel
    }

    /// Gives spaces, punctuation and marks the script of their neighbour at the same level (the one
    /// before, else the one after), so that they do not split a run of Arabic or Hebrew.
    static func resolveScripts(_ scripts: [hb_script_t], levels: [UInt8]) -> [hb_script_t] {
        func isReal(_ s: hb_script_t) -> Bool {
            s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN
        }
        var resolved = scripts
        for i in resolved.indices where !isReal(resolved[i]) {
            if i > 0, levels[i - 1] == levels[i], isReal(resolved[i - 1]) {
                resolved[i] = resolved[i - 1]
            } else if let next = (i..<resolved.count).first(where: { isReal(scripts[$0]) || levels[$0] != levels[i] }),
                levels[next] == levels[i]
            {
                resolved[i] = scripts[next]
            }
        }
        return resolved
    }
}
