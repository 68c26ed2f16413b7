import BeatTracking
import MediaIO

extension AnalysisCache {
    /// The beats of the music at `path` (`BeatAnalyzer`), analysed once and then read from the
    /// cache while the file is unchanged.
    /// `progress` is told the samples gone through so far; a song read from the cache tells nothing.
    package func beats(of path: String, progress: ((Int64) -> Void)? = nil) throws(FileAccessError) -> BeatAnalysis {
        try value(of: path, kind: "beats", version: BeatAnalyzer.version) { p throws(FileAccessError) in
            try BeatAnalyzer.analyze(path: p, progress: progress)
        }
    }
}
