import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

@Suite struct MotionMappingTests {
    let d = RationalTime(seconds: 2)

    @Test(arguments: [
        ("zoomIn", [1.0, 1.2], [0.0, 0.0], [0.0, 0.0]),
        ("zoomOut", [1.2, 1.0], [0.0, 0.0], [0.0, 0.0]),
        ("panLeft", [1.2, 1.2], [-0.1, 0.1], [0.0, 0.0]),
        ("panRight", [1.2, 1.2], [0.1, -0.1], [0.0, 0.0]),
        ("panUp", [1.2, 1.2], [0.0, 0.0], [-0.1, 0.1]),
        ("panDown", [1.2, 1.2], [0.0, 0.0], [0.1, -0.1]),
    ])
    func presetsMoveWithinThePicture(kind: String, scales: [Double], xs: [Double], ys: [Double]) {
        let k = MotionMapping.preset(kind, amount: 1.2, duration: d, frame: .full)
        #expect(k.map(\.time) == [.zero, d])
        #expect(zip(k.map(\.scale), scales).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(zip(k.map(\.x), xs).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(zip(k.map(\.y), ys).allSatisfy { abs($0 - $1) < 1e-12 })
        // A cover-fitted picture scaled s may move (s - 1) / 2 before showing an edge.
        for key in k { #expect(abs(key.x) <= (key.scale - 1) / 2 + 1e-12 && abs(key.y) <= (key.scale - 1) / 2 + 1e-12) }
    }

    @Test func panInAPictureInPictureFrameScalesWithTheFrame() {
        let k = MotionMapping.preset("panLeft", amount: 1.2, duration: d, frame: LayerRect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(abs(k[0].x + 0.05) < 1e-12)
    }

    @Test func authorKeyframesBecomeTimesOfTheClip() {
        let spec = MotionSpec.keyframes([PoseKeyframe(at: 0), PoseKeyframe(at: 0.25, scale: 1.1, easing: .easeIn), PoseKeyframe(at: 1, rotation: 3)])
        let k = MotionMapping.keyframes(spec, duration: d, frame: .full)
        #expect(k.map(\.time) == [.zero, RationalTime(value: 1, timescale: 2), d])
        #expect(k[1].easing == .easeIn && k[2].rotation == 3)
        #expect(MotionMapping.keyframes(.preset(kind: "none", parameters: [:]), duration: d, frame: .full).isEmpty)
    }

    @Test func animatedParametersTakeTheirMiddleValue() {
        let keys = [ValueKeyframe(at: 0, value: 0, easing: .easeIn), ValueKeyframe(at: 1, value: 1)]
        #expect(EffectMapping.value(keys, at: 0.5) == 0.125)
        #expect(EffectMapping.value([ValueKeyframe(at: 0.6, value: 2)], at: 0.5) == 2)
    }
}
