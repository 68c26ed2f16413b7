import MediaIO

/// Sound handed out in order as 48 kHz stereo float, interleaved: a decoder read forward, or a
/// stretch of a file read backwards. `VarispeedReader` resamples either.
protocol SampleStream: AnyObject {
    /// Fills `buffer` with up to `count` stereo sample frames; returns how many were written
    /// (fewer only at the end of the sound).
    func read(into buffer: UnsafeMutablePointer<Float>, count: Int) throws(FileAccessError) -> Int
}

extension AudioDecoder: SampleStream {}
