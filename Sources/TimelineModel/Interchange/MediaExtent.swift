import MediaTime

/// How long a media file is, as probed: what the OpenTimelineIO export writes as its reference's
/// available range, and where it splits a clip that loops or holds its last frame.
package struct MediaExtent: Sendable, Hashable {
    /// The file's playable length (a video's, or a sound's).
    package var duration: RationalTime
    /// How long one of the video's frames lasts, when known: its last frame starts this much
    /// before `duration`, and is the frame a clip holds past the video's end.
    package var frameDuration: RationalTime?

    /// `frameDuration` nil for a sound or a still, where no frame is held past the end.
    package init(duration: RationalTime, frameDuration: RationalTime? = nil) {
        self.duration = duration
        self.frameDuration = frameDuration
    }
}
