import Captions
import DocumentJSON
import DocumentLimits
import FileAccess
import MediaTime

extension Pipeline {
    /// Reads a caption file for `ResolveOptions.captions`: SRT or WebVTT (told apart by WebVTT's
    /// first line), or a words file (`.json`, grouped into cues); `words` names a words file that
    /// times the words of the subtitle file's cues. Files are read as regular files only, at most
    /// `Limits.maxCaptionFileSize` bytes; cues that cannot be read are findings of the track, not
    /// errors.
    public static func readCaptions(_ path: String, words: String? = nil) throws(ReelError) -> CaptionTrack {
        let text = try captionText(path)
        var track: CaptionTrack
        if path.lowercased().hasSuffix(".json") {
            let read = try wordsFile(text, path)
            track = CaptionTrack(words: read.words, file: path, diagnostics: read.diagnostics)
        } else {
            track = CaptionParser.parse(text, file: path)
        }
        if let words {
            let read = try wordsFile(try captionText(words), words)
            track = track.timingWords(read.words, from: words)
            track.diagnostics += read.diagnostics
        }
        return track
    }

    private static func captionText(_ path: String) throws(ReelError) -> String {
        do { return try ReadableFile.text(path, limit: Limits.maxCaptionFileSize, operation: "reading captions") } catch { throw .file(error) }
    }

    private static func wordsFile(_ text: String, _ path: String) throws(ReelError) -> (words: [CaptionWord], diagnostics: [Diagnostic]) {
        do { return try CaptionWordsFile.words(text, file: path) } catch { throw .captions(error) }
    }
}
