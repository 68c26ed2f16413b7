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
    package struct Time: Codable {
        package var value: Int64
        package var timescale: Int64
    }
    package struct Box: Codable {
        package var kind: String
        package var x, y, width, height, score: Double
    }
    package struct Sample: Codable {
        package var time: Time
        package var boxes: [Box]
    }
    package var samples: [Sample]
    package var shotChanges: [Time]

    package init(_ s: MediaSubjects) {
        samples = s.samples.map { sample in
            Sample(
                time: Time(sample.time),
                boxes: sample.boxes.map { Box(kind: $0.kind.rawValue, x: $0.x, y: $0.y, width: $0.width, height: $0.height, score: $0.score) })
        }
        shotChanges = s.shotChanges.map(Time.init)
    }

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
