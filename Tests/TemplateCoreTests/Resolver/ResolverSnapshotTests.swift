import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver

/// What the resolver decides in typical situations, written as the summary a person reads.
/// A change of behaviour shows as a change of these lines.
@Suite struct ResolverSnapshotTests {
    /// Five slots: a video opening, two photos, two of any kind.
    static func fiveSlots() -> Template {
        var t = template(["2", "1.5", "1.5", "2", "3"], accepts: [.video, .image, .image, .any, .any])
        t.slots[0].transition = TransitionSpec(kind: "crossfade", duration: seconds("0.5"))
        t.slots[3].playback.whenLonger = .middle
        return t
    }

    func lines(_ media: [MediaAsset], _ t: Template = fiveSlots()) throws -> [String] {
        let r = try Resolver.resolve(template: t, templateFolder: "tpl", media: media, options: ResolveOptions(seed: 1))
        return r.summary + r.diagnostics.map { "\($0.severity.rawValue)[\($0.code.rawValue)] \($0.message)" }
    }

    @Test func tooFew() throws {
        #expect(
            try lines([video("a.mov", "6"), image("b.jpg")]) == [
                "slot 1 (s1) <- a.mov 00:00.00-00:02.00",
                "slot 2 (s2) <- b.jpg still for 00:01.50, panLeft",
                "slot 3 (s3) <- b.jpg still for 00:01.50, zoomOut",
                "slot 4 (s4) <- a.mov 00:02.00-00:04.00",
                "slot 5 (s5) <- b.jpg still for 00:03.00, zoomIn",
            ])
    }

    @Test func tooMany() throws {
        let media = [video("a.mov", "6"), image("b.jpg"), image("c.jpg"), video("d.mov", "1"), video("e.mov", "9"), image("f.jpg"), image("g.jpg")]
        #expect(
            try lines(media) == [
                "slot 1 (s1) <- a.mov 00:00.00-00:02.00",
                "slot 2 (s2) <- b.jpg still for 00:01.50, panLeft",
                "slot 3 (s3) <- c.jpg still for 00:01.50, panRight",
                "slot 4 (s4) <- e.mov 00:03.50-00:05.50",
                "slot 5 (s5) <- f.jpg still for 00:03.00, zoomOut",
                "note[R003] 2 of 7 media left out: d.mov, g.jpg",
            ])
    }

    @Test func mixedOrientations() throws {
        var t = Self.fiveSlots()
        t.slots[3].orientation = .landscape
        t.slots[4].orientation = .square
        let square = MediaAsset(path: "sq.jpg", kind: .image, duration: nil, displayWidth: 1000, displayHeight: 1020)
        #expect(
            try lines([video("a.mov", "6"), image("b.jpg"), square, landscapeVideo("w.mov", "6"), image("c.jpg")], t) == [
                "slot 1 (s1) <- a.mov 00:00.00-00:02.00",
                "slot 2 (s2) <- b.jpg still for 00:01.50, panLeft",
                "slot 3 (s3) <- sq.jpg still for 00:01.50, panRight",
                "slot 4 (s4) <- w.mov 00:02.00-00:04.00",
                "slot 5 (s5) <- c.jpg still for 00:03.00, zoomOut",
            ])
    }

    @Test func shortClips() throws {
        #expect(
            try lines([video("a.mov", "1.2"), video("b.mov", "0.5"), image("c.jpg")]) == [
                "slot 1 (s1) <- a.mov 00:00.00-00:01.20, slowed to 0.6x",
                "slot 2 (s2) <- c.jpg still for 00:01.50, panLeft",
                "slot 3 (s3) <- c.jpg still for 00:01.50, zoomOut",
                "slot 4 (s4) <- b.mov 00:00.00-00:00.50, slowed to 0.5x, last frame held for 00:01.00",
                "slot 5 (s5) <- a.mov 00:00.00-00:01.20, slowed to 0.5x, last frame held for 00:00.60",
                "note[R004] a.mov slowed to 0.6x to fill slot 's1'",
                "warning[R002] b.mov is too short for slot 's4'; its last frame is held",
                "warning[R002] a.mov is too short for slot 's5'; its last frame is held",
                "warning[R006] the crossfade between 's1' and 's2' became a cut: a.mov has 0 frames after its out-point, 8 needed",
            ])
    }

    @Test func photosOnly() throws {
        #expect(
            try lines([image("a.jpg"), image("b.jpg")]) == [
                "slot 1 (s1) <- a.jpg still for 00:02.00, panLeft, an image in a slot for videos",
                "slot 2 (s2) <- b.jpg still for 00:01.50, panRight",
                "slot 3 (s3) <- a.jpg still for 00:01.50, zoomIn",
                "slot 4 (s4) <- b.jpg still for 00:02.00, zoomOut",
                "slot 5 (s5) <- a.jpg still for 00:03.00, panLeft",
                "warning[R001] slot 's1' accepts videos only, but no video was given; used a.jpg",
            ])
    }

    @Test func videosOnly() throws {
        #expect(
            try lines([video("a.mov", "10"), video("b.mov", "10")]) == [
                "slot 1 (s1) <- a.mov 00:00.00-00:02.00",
                "slot 2 (s2) <- b.mov 00:00.23-00:01.73, a video in a slot for images",
                "slot 3 (s3) <- a.mov 00:02.00-00:03.50, a video in a slot for images",
                "slot 4 (s4) <- b.mov 00:04.00-00:06.00",
                "slot 5 (s5) <- a.mov 00:03.50-00:06.50",
                "warning[R001] slot 's2' accepts images only, but no image was given; used b.mov",
                "warning[R001] slot 's3' accepts images only, but no image was given; used a.mov",
            ])
    }
}
