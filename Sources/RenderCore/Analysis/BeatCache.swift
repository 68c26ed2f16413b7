import BeatTracking
import MediaIO

extension AnalysisCache {
    /// The beats of the music at `path` (`BeatAnalyzer`), analysed once and then read from the
    /// cache while the file is unchanged.
    public func beats(of path: String) throws(MediaError) -> BeatAnalysis {
        try value(of: path, kind: "beats", version: BeatAnalyzer.version) { p throws(MediaError) in try BeatAnalyzer.analyze(path: p) }
    }
}
