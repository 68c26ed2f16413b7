import Captions
import DocumentJSON
import DocumentLimits
import FileAccess
import MediaTime

/// The captions layer rules: at most one per template; a `style` of the four; `lines` within
/// `Limits.captionLines`; an `area` inside the canvas; a text size, font and colours as text layers
/// have them; and a caption `file` of the folder, read here so that `validate` reports its bad cues
/// (C codes, with the caption file's lines).
extension TemplateDecoder {
    mutating func readCaptionsLayer(_ object: JSONObject, at path: JSONPath) -> CaptionsLayerSpec? {
        var valid = true
        var layer = CaptionsLayerSpec()
        if hasCaptionsLayer {
            context.error(
                .tooMany, "a template has at most one captions layer", at: path, notes: ["remove this layer, or the captions layer before it"])
            valid = false
        }
        hasCaptionsLayer = true
        layer.style = choice(object, "style", at: path, default: CaptionStyle.Kind.plain, valid: &valid)
        if let raw = object["lines"] {
            let range = Limits.captionLines
            if let n = context.integer(raw, at: path.appending("lines"), example: "\"lines\": 2") {
                if range.contains(n) {
                    layer.lines = n
                } else {
                    context.error(
                        .outOfRange, "lines \(n) is outside \(range.lowerBound)...\(range.upperBound)", at: path.appending("lines"),
                        notes: ["use a whole number from \(range.lowerBound) to \(range.upperBound)"])
                    valid = false
                }
            } else {
                valid = false
            }
        }
        if let raw = object["area"] {
            if let rect = readRect(raw, at: path.appending("area")) { layer.area = rect } else { valid = false }
        }
        if let raw = object["size"] {
            if let x = context.number(raw, at: path.appending("size"), in: Limits.textSize, what: "size") {
                layer.size = x
            } else {
                valid = false
            }
        }
        if let raw = object["font"] {
            if let font = readFont(raw, at: path.appending("font")) { layer.font = font } else { valid = false }
        }
        if let raw = object["color"] {
            if let c = context.color(raw, at: path.appending("color"), alpha: true) { layer.color = c } else { valid = false }
        }
        if let raw = object["highlight"] {
            if let c = context.color(raw, at: path.appending("highlight"), alpha: true) { layer.highlight = c } else { valid = false }
        }
        if let raw = object["file"] {
            if let text = context.string(raw, at: path.appending("file"), example: "\"file\": \"captions/talk.srt\""),
                checkAsset(text, at: path.appending("file"), role: .captions)
            {
                layer.file = text
                checkCaptionGlyphs(AssetPath.join(folder, text), font: layer.font)
            } else {
                valid = false
            }
        }
        return valid ? layer : nil
    }

    /// Reads the caption file: one it cannot read is an error of the template; its bad cues are
    /// the file's own warnings.
    mutating func checkCaptions(_ full: String, relative: String, at path: JSONPath) -> Bool {
        let text: String
        do { text = try ReadableFile.text(full, limit: Limits.maxCaptionFileSize) } catch {
            context.error(
                .assetUnreadable, "'\(relative)' cannot be read as a caption file: \(error.reason)", at: path,
                notes: ["a caption file is UTF-8 text of at most \(Limits.maxCaptionFileSize >> 20) MiB"])
            return false
        }
        let findings: [Diagnostic]
        if relative.lowercased().hasSuffix(".json") {
            do { findings = try CaptionWordsFile.words(text, file: full).diagnostics } catch {
                context.error(.assetUnreadable, "'\(relative)' is not a words file: \(error.reason)", at: path)
                return false
            }
        } else {
            let track = CaptionParser.parse(text, file: full)
            // A cue no timeline could hold is refused here, as `make` refuses it (T017).
            let oversized = track.cues.filter { $0.text.unicodeScalars.count > Limits.maxTextScalars }.map { cue in
                Diagnostic(
                    .error, .textTooLong,
                    "the cue's text has \(cue.text.unicodeScalars.count) Unicode scalars; the limit is \(Limits.maxTextScalars)",
                    at: SourceLocation(file: full, path: nil, line: cue.line), notes: ["remove combining marks or shorten it"])
            }
            findings = track.diagnostics + oversized
        }
        for finding in findings { context.diagnostics.report(finding) }
        return true
    }

    /// Warns (T066) of the cues of a caption file with characters no installed font can draw in
    /// the layer's font, each with its line, as for the texts of text layers. A words file's cues
    /// are made at resolving, where `make` checks them.
    mutating func checkCaptionGlyphs(_ full: String, font: FontSpec?) {
        guard let inspector, !full.lowercased().hasSuffix(".json"), let text = try? ReadableFile.text(full, limit: Limits.maxCaptionFileSize)
        else {
            return  // an unreadable file is reported by checkCaptions
        }
        var spec = font ?? .family("sans-serif")
        if case .file(let file) = spec { spec = .file(AssetPath.join(folder, file)) }
        // Cues past the size limit are refused by checkCaptions; their characters are not looked at.
        let cues = CaptionParser.parse(text, file: full).cues.filter { $0.text.unicodeScalars.count <= Limits.maxTextScalars }
        let missing = Set(inspector.undrawableCharacters(in: cues.map(\.text).joined(separator: "\n"), font: spec))
        guard !missing.isEmpty else { return }
        for cue in cues {
            var seen = Set<Unicode.Scalar>()
            let own = cue.text.unicodeScalars.filter { missing.contains($0) && seen.insert($0).inserted }
            if !own.isEmpty { context.diagnostics.report(FontFindings.missingInCaption(file: full, line: cue.line, cue.text, Array(own))) }
        }
    }
}
