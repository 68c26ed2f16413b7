import Foundation
import MediaTime
import Testing

@testable import Subjects
@testable import TemplateResolver
@testable import TimelineModel

/// The virtual camera of smart-framed videos, on synthetic detections: a 1920x1080 picture in a
/// 1080x1920 frame at 30 fps, the window 0.316 of the picture's width (608 source pixels, 1080
/// output pixels: one output pixel is 1/3413 of the picture's width).
@Suite struct CameraPathTests {
    static let rate = FrameRate(30)
    static let window = CoverWindow(pictureWidth: 1920, pictureHeight: 1080, frameWidth: 1080, frameHeight: 1920)
    /// Output pixels per picture width.
    static let pixels = 1080 / window.width

    static func clip(seconds s: Int64, speed: RationalTime = RationalTime(seconds: 1), reverse: Bool = false) -> CameraPath.Clip {
        let timeline = RationalTime(seconds: s)
        return CameraPath.Clip(
            VideoClip(
                id: "c", media: "a.mov", kind: .video, timelineRange: TimeRange(start: .zero, duration: timeline),
                sourceRange: TimeRange(start: .zero, duration: timeline * speed), speed: speed, fit: .smart, reverse: reverse),
            mediaDuration: timeline * speed)
    }

    /// Samples every `step` seconds up to `length`, with a face (0.06 x 0.2 of the picture) centred at `x(t)`,
    /// or none where `x` gives nil.
    static func subjects(length: Double, every step: Double = 0.2, shotChanges: [RationalTime] = [], x: (Double) -> Double?) -> MediaSubjects {
        var samples: [SubjectSample] = []
        var t = 0.0
        var i: Int64 = 0
        while t <= length + 1e-9 {
            let time = RationalTime(value: i, timescale: 5)
            let boxes = x(t).map { [SubjectBox(kind: .face, x: $0 - 0.03, y: 0.3, width: 0.06, height: 0.2, score: 0.9)] } ?? []
            samples.append(SubjectSample(time: time, boxes: boxes))
            i += Int64((step * 5).rounded())
            t = Double(i) / 5
        }
        return MediaSubjects(samples: samples, shotChanges: shotChanges)
    }

    /// The centre on every frame of `n`, as the renderer interpolates it.
    static func path(_ keys: [CropKeyframe], frames n: Int) -> [Double] {
        (0..<n).map { CropPath.centre(keys, at: rate.time(ofFrame: Int64($0)))?.x ?? 0.5 }
    }

    @Test func aStillSubjectGetsOneStationaryWindow() {
        // A seated person: the face wanders by a few pixels (detector jitter).
        let subjects = Self.subjects(length: 6) { t in 0.8 + 0.004 * sin(t * 7) }
        let keys = CameraPath.keyframes(Self.clip(seconds: 6), subjects: subjects, window: Self.window, rate: Self.rate)
        #expect(keys.count == 1)
        let centre = keys[0].x
        #expect(abs(centre - 0.8) < 0.01)
        let p = Self.path(keys, frames: 180)
        let most: Double = zip(p, p.dropFirst()).map { abs($1 - $0) * Self.pixels }.max() ?? 0
        #expect(most < 1, "moves \(most) px per frame")
    }

    @Test func aMovingSubjectIsFollowedWithinBoundedSpeedAndAcceleration() throws {
        // Walks from the left third to the right edge over 6 s, after 1 s standing.
        func walk(_ t: Double) -> Double { t < 1 ? 0.2 : min(0.85, 0.2 + (t - 1) * 0.11) }
        let subjects = Self.subjects(length: 8) { t in walk(t) + 0.003 * sin(t * 11) }
        let keys = CameraPath.keyframes(Self.clip(seconds: 8), subjects: subjects, window: Self.window, rate: Self.rate)
        #expect(keys.count > 2 && keys.count <= 8 * 4 + 2, "\(keys.count) keyframes")
        let p = Self.path(keys, frames: 240)
        var inside = 0
        for k in 0..<240 {
            let t = Double(k) / 30
            let x = walk(t)
            if x - 0.03 >= p[k] - Self.window.width / 2 && x + 0.03 <= p[k] + Self.window.width / 2 { inside += 1 }
        }
        #expect(inside >= 228, "face inside on \(inside) of 240 frames")
        let s = FramingSettings.standard
        let v: [Double] = zip(p, p.dropFirst()).map { ($1 - $0) * 30 }
        let a: [Double] = zip(v, v.dropFirst()).map { ($1 - $0) * 30 }
        let vmax: Double = v.map { abs($0) }.max() ?? 0
        let amax: Double = a.map { abs($0) }.max() ?? 0
        #expect(vmax <= s.maxSpeed * Self.window.width * 1.1, "speed \(vmax)")
        let worst = a.indices.max { abs(a[$0]) < abs(a[$1]) } ?? 0
        // The camera keeps the bound exactly; the cubic through quarter-second keyframes rounds a
        // short catch-up into a slightly sharper one (1.6 times the bound on this walk).
        #expect(
            amax <= s.maxAcceleration * Self.window.width * 1.75,
            "acceleration \(amax) at frame \(worst), keys \(keys.map { ($0.time.seconds, $0.x) })")
        // Still while the subject stands at the start (it sets off 0.3 s before the walk, looking ahead).
        #expect(p[0..<12].allSatisfy { $0 == p[0] })
    }

    @Test func aShotChangeLetsTheCameraJumpAtTheCut() {
        let cut = RationalTime(seconds: 3)
        let subjects = Self.subjects(length: 6, shotChanges: [cut]) { t in t < 3 ? 0.2 : 0.8 }
        let keys = CameraPath.keyframes(Self.clip(seconds: 6), subjects: subjects, window: Self.window, rate: Self.rate)
        let p = Self.path(keys, frames: 180)
        #expect(p[0..<90].allSatisfy { abs($0 - 0.2) < 0.005 }, "\(p[0..<90])")
        #expect(p[90..<180].allSatisfy { abs($0 - 0.8) < 0.005 }, "\(p[90..<180])")
    }

    @Test func twoPeopleAreBothKeptWhenTheyFit() {
        let two = MediaSubjects(samples: [
            SubjectSample(
                time: .zero,
                boxes: [
                    SubjectBox(kind: .face, x: 0.55, y: 0.3, width: 0.08, height: 0.2),
                    SubjectBox(kind: .face, x: 0.75, y: 0.32, width: 0.06, height: 0.18),
                ])
        ])
        let keys = CameraPath.keyframes(Self.clip(seconds: 2), subjects: two, window: Self.window, rate: Self.rate)
        #expect(keys.count == 1)
        let focus = SubjectFocus.of(two.samples[0].boxes, window: Self.window)
        #expect(focus?.faces == 2)
        #expect(focus.map { $0.isInside(Self.window, x: keys[0].x, y: keys[0].y) } == true)
        // Too far apart for one window: the larger face is kept.
        let apart = [
            SubjectBox(kind: .face, x: 0.05, y: 0.3, width: 0.08, height: 0.2), SubjectBox(kind: .face, x: 0.85, y: 0.3, width: 0.06, height: 0.2),
        ]
        let kept = SubjectFocus.of(apart, window: Self.window)
        #expect(kept?.faces == 1 && kept?.x == 0.05)
    }

    @Test func aReversedClipFollowsItsSubjectBackwards() {
        // The face moves right over the source; played reversed it moves left on the clip.
        let subjects = Self.subjects(length: 4) { t in 0.15 + t * 0.18 }
        let keys = CameraPath.keyframes(Self.clip(seconds: 4, reverse: true), subjects: subjects, window: Self.window, rate: Self.rate)
        let p = Self.path(keys, frames: 120)
        #expect(p[0] > 0.6 && p[119] < 0.35, "\(p[0]) → \(p[119])")
        #expect(zip(p, p.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "moves one way")
    }

    @Test func nothingFoundGivesNoPathAndAGapHoldsTheCamera() {
        #expect(
            CameraPath.keyframes(Self.clip(seconds: 2), subjects: Self.subjects(length: 2) { _ in nil }, window: Self.window, rate: Self.rate).isEmpty
        )
        // The person leaves the picture for a second and comes back where they were.
        let subjects = Self.subjects(length: 5) { t in t > 2 && t < 3 ? nil : 0.75 }
        let keys = CameraPath.keyframes(Self.clip(seconds: 5), subjects: subjects, window: Self.window, rate: Self.rate)
        #expect(keys.count == 1 && abs(keys[0].x - 0.75) < 0.001)
    }

    @Test func keyframesLieOnTheClipsFramesWithinIt() {
        let subjects = Self.subjects(length: 8) { t in 0.2 + t * 0.08 }
        let clip = Self.clip(seconds: 4, speed: RationalTime(seconds: 2))
        let keys = CameraPath.keyframes(clip, subjects: subjects, window: Self.window, rate: Self.rate)
        #expect(!keys.isEmpty)
        for k in keys {
            #expect(Self.rate.isOnGrid(k.time) && k.time >= .zero && k.time < RationalTime(seconds: 4))
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.time < $1.time })
    }
}
