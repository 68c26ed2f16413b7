import MediaIO
import MediaTime
import Subjects

extension AnalysisCache {
    /// The faces, salient regions and shot changes of the photo or video at `path`
    /// (`SubjectAnalyzer`), analysed once and then read from the cache while the file is unchanged.
    /// `progress` is told the samples analysed so far; a file read from the cache tells nothing.
    package func subjects(of path: String, progress: ((Int64) -> Void)? = nil) throws(FileAccessError) -> MediaSubjects {
        let stored = try value(of: path, kind: "subjects", version: SubjectAnalyzer.version) { p throws(FileAccessError) in
            StoredSubjects(try SubjectAnalyzer.analyze(path: p, progress: progress))
        }
        return stored.subjects
    }
}

/// `MediaSubjects` as a cache entry holds it: times as exact value/timescale pairs.
package struct StoredSubjects: Codable {
    /// A `RationalTime` as JSON: integers, so the round trip is exact.
    package struct Time: Codable {
        /// Count of `1/timescale` units.
        package var value: Int64
        /// Units per second; must be positive, else the entry fails to decode.
        package var timescale: Int64
    }
    /// A `SubjectBox` with its kind as raw text; a kind this build does not know is dropped on read.
    package struct Box: Codable {
        /// `SubjectBox.Kind`'s raw value.
        package var kind: String
        /// The box in 0...1 fractions of the picture, top-left origin, and the detector's confidence, as `SubjectBox`.
        package var x, y, width, height, score: Double
    }
    /// One sampled picture's time and the subjects found in it.
    package struct Sample: Codable {
        /// When the picture shows, from the start of the file.
        package var time: Time
        /// The subjects found in the picture; empty when none.
        package var boxes: [Box]
    }
    /// The sampled pictures in time order, as `MediaSubjects.samples`.
    package var samples: [Sample]
    /// Times where the shot changes, as `MediaSubjects.shotChanges`.
    package var shotChanges: [Time]

    /// The entry to store for an analysis result.
    package init(_ s: MediaSubjects) {
        samples = s.samples.map { sample in
            Sample(
                time: Time(sample.time),
                boxes: sample.boxes.map { Box(kind: $0.kind.rawValue, x: $0.x, y: $0.y, width: $0.width, height: $0.height, score: $0.score) })
        }
        shotChanges = s.shotChanges.map(Time.init)
    }

    /// The analysis result again, boxes of unknown kinds left out.
    package var subjects: MediaSubjects {
        MediaSubjects(
            samples: samples.map { sample in
                SubjectSample(
                    time: sample.time.rational,
                    boxes: sample.boxes.compactMap { b in
                        SubjectBox.Kind(rawValue: b.kind).map {
                            SubjectBox(kind: $0, x: b.x, y: b.y, width: b.width, height: b.height, score: b.score)
                        }
                    })
            },
            shotChanges: shotChanges.map(\.rational))
    }
}

extension StoredSubjects.Time {
    /// The exact pair of `t`, no rounding.
    package init(_ t: RationalTime) { self.init(value: t.value, timescale: t.timescale) }

    /// A damaged entry's time (no positive timescale, an impossible value) fails to decode, and
    /// the file is analysed afresh.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let value = try c.decode(Int64.self, forKey: .value)
        let timescale = try c.decode(Int64.self, forKey: .timescale)
        guard timescale > 0, value != .min else {
            throw DecodingError.dataCorruptedError(forKey: .timescale, in: c, debugDescription: "not a time")
        }
        self.init(value: value, timescale: timescale)
    }

    var rational: RationalTime { RationalTime(value: value, timescale: timescale) }
}
