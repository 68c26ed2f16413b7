import MediaTime
import Testing

@testable import Subjects
@testable import TemplateResolver
@testable import TimelineModel

/// Photos framed smart: the window on the faces that fit (else the salient region, else the
/// centre), a drift toward the subject that never pushes it out, and the interpolation the
/// renderer reads crop paths by.
@Suite struct PhotoFramingTests {
    static let window = CoverWindow(pictureWidth: 4000, pictureHeight: 3000, frameWidth: 1080, frameHeight: 1920)

    static func photo(_ boxes: [SubjectBox]) -> MediaAsset {
        MediaAsset(
            path: "p.jpg", kind: .image, duration: nil, displayWidth: 4000, displayHeight: 3000,
            subjects: MediaSubjects(samples: [SubjectSample(time: .zero, boxes: boxes)]))
    }

    func resolve(_ asset: MediaAsset, fit: Fit = .cover, reframe: Reframe = .smart, canvas: Canvas = Canvas(width: 1080, height: 1920))
        throws -> Resolution
    {
        var t = template(["3"])
        t.canvas = canvas
        t.slots[0].fit = fit
        return try Resolver.resolve(template: t, templateFolder: "tpl", media: [asset], options: ResolveOptions(reframe: reframe))
    }

    @Test func theWindowGoesToTheFaceAndTheMoveDriftsTowardIt() throws {
        let face = SubjectBox(kind: .face, x: 0.78, y: 0.2, width: 0.08, height: 0.12)
        let r = try resolve(Self.photo([face]))
        let clip = try #require(r.timeline.clips.first)
        #expect(clip.fit == .smart)
        #expect(clip.crop.count == 1)
        let c = try #require(clip.crop.first)
        #expect(SubjectFocus.of([face], window: Self.window)?.isInside(Self.window, x: c.x, y: c.y) == true)
        #expect(r.summary[0].hasSuffix("still for 00:03.00, drift, framed on a face"), "\(r.summary)")
        // The move ends zoomed in with the face nearer the centre, and keeps it in view.
        let end = try #require(clip.motion.last)
        #expect(end.scale > 1)
        let q = (face.centerX - c.x) / Self.window.width
        #expect(abs(end.x + end.scale * q) <= abs(q) + 1e-9)
        let half = 0.5
        let left = (face.x - c.x) / Self.window.width
        let right = (face.x + face.width - c.x) / Self.window.width
        #expect(end.x + end.scale * left >= -half && end.x + end.scale * right <= half)
    }

    @Test func allFacesAreKeptWhereTheyFitLargestFirst() throws {
        let big = SubjectBox(kind: .face, x: 0.6, y: 0.3, width: 0.1, height: 0.13)
        let small = SubjectBox(kind: .face, x: 0.45, y: 0.35, width: 0.06, height: 0.08)
        let far = SubjectBox(kind: .face, x: 0.02, y: 0.35, width: 0.07, height: 0.09)
        let focus = try #require(SubjectFocus.of([far, small, big], window: Self.window))
        #expect(focus.faces == 2 && focus.minX == 0.45 && focus.maxX == 0.7)
        let r = try resolve(Self.photo([far, small, big]))
        let c = try #require(r.timeline.clips.first?.crop.first)
        #expect(focus.isInside(Self.window, x: c.x, y: c.y))
        #expect(r.summary[0].hasSuffix("framed on 2 faces"), "\(r.summary)")
    }

    @Test func noFaceTakesTheSalientRegionAndNothingTheCentre() throws {
        let salient = SubjectBox(kind: .salient, x: 0.05, y: 0.4, width: 0.15, height: 0.2)
        let r = try resolve(Self.photo([salient]))
        let c = try #require(r.timeline.clips.first?.crop.first)
        #expect(abs(c.x - Self.window.width / 2) < 1e-4, "against the left edge")
        let none = try resolve(Self.photo([]))
        #expect(none.timeline.clips.first?.crop == [] && none.timeline.clips.first?.fit == .smart)
        #expect(none.summary[0].hasSuffix("framed on the centre"), "\(none.summary)")
    }

    @Test func reframeSmartAppliesOnlyWhereCoverCutsAwayMoreThanItsShare() throws {
        let face = SubjectBox(kind: .face, x: 0.78, y: 0.2, width: 0.08, height: 0.12)
        // 4:3 in 16:9: a quarter is cut away, not more: cover stays.
        let wide = try resolve(Self.photo([face]), canvas: Canvas(width: 1920, height: 1080))
        #expect(wide.timeline.clips.first?.fit == .cover && wide.timeline.clips.first?.crop == [])
        let cover = try resolve(Self.photo([face]), reframe: .cover)
        #expect(cover.timeline.clips.first?.fit == .cover)
        // A template's fit smart applies whatever the option and the shapes.
        let asked = try resolve(Self.photo([face]), fit: .smart, reframe: .cover, canvas: Canvas(width: 1920, height: 1080))
        #expect(asked.timeline.clips.first?.fit == .smart && asked.timeline.clips.first?.crop.count == 1)
        #expect(TimelineValidation.problems(asked.timeline).isEmpty)
    }

    @Test func theCropPathHoldsStillBetweenEqualKeyframesAndNeverOvershoots() {
        let keys = [
            CropKeyframe(time: .zero, x: 0.2), CropKeyframe(time: RationalTime(seconds: 1), x: 0.2),
            CropKeyframe(time: RationalTime(seconds: 2), x: 0.6), CropKeyframe(time: RationalTime(seconds: 3), x: 0.6),
        ]
        let xs = (0...90).map { CropPath.centre(keys, at: RationalTime(value: Int64($0), timescale: 30))?.x ?? -1 }
        #expect(xs[0...30].allSatisfy { $0 == 0.2 })
        #expect(xs[60...90].allSatisfy { $0 == 0.6 })
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $1 >= $0 })
        #expect(CropPath.centre(keys, at: RationalTime(seconds: 9))?.x == 0.6)
        #expect(CropPath.centre([], at: .zero) == nil)
    }
}
