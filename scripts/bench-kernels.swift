// The kernels benchmark of scripts/bench-kernels: every transition, filter and compositing entry
// point on a 1080x1920 picture, timed in process CPU time per call (median and least of the runs),
// each with an FNV-1a digest of its output so that two builds can be compared byte for byte.
// Usage (built by scripts/bench-kernels): kbench [runs] [name filter]
import Foundation
import MediaIO
import PixelKernels

// The kernels by catalog id (KERNELS_BY_ID), or by the TransitionKind and FilterKind enums of
// revisions before the kernels were registered by id.
#if KERNELS_BY_ID
func transition(_ id: String) -> TransitionKernel { TransitionKernels.kernel(id)! }
func filter(_ id: String) -> FilterKernel { FilterKernels.kernel(id)! }
#else
func transition(_ id: String) -> TransitionKind { TransitionKind(rawValue: id)! }
func filter(_ id: String) -> FilterKind { FilterKind(rawValue: id)! }
#endif

func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func pattern(_ w: Int, _ h: Int, seed: Int) -> Picture {
    let p = Picture(width: w, height: h)
    var s = UInt32(truncatingIfNeeded: seed &* 2654435761 &+ 1)
    func next() -> UInt8 {
        s ^= s << 13
        s ^= s >> 17
        s ^= s << 5
        return UInt8(truncatingIfNeeded: s)
    }
    for (base, pw, ph, stride) in [(p.y, w, h, p.lumaStride), (p.u, p.chromaWidth, p.chromaHeight, p.chromaStride), (p.v, p.chromaWidth, p.chromaHeight, p.chromaStride)] {
        for y in 0..<ph { for x in 0..<pw {
            let smooth = (x * (3 + seed) + y * (5 + seed)) / 7
            base[y * stride + x] = UInt8(truncatingIfNeeded: 16 + (smooth + Int(next() & 31)) % 220)
        } }
    }
    return p
}

func rgba(_ w: Int, _ h: Int, seed: Int) -> RGBAImage {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    var s = UInt32(truncatingIfNeeded: seed &* 2654435761 &+ 7)
    for i in 0..<(w * h) {
        s ^= s << 13
        s ^= s >> 17
        s ^= s << 5
        let x = i % w, y = i / w
        px[4 * i] = UInt8(truncatingIfNeeded: x &+ Int(s & 15))
        px[4 * i + 1] = UInt8(truncatingIfNeeded: y &+ Int((s >> 4) & 15))
        px[4 * i + 2] = UInt8(truncatingIfNeeded: (x ^ y))
        // alpha: opaque centre, soft edge, transparent border
        let edge = min(x, y, w - 1 - x, h - 1 - y)
        px[4 * i + 3] = edge < 4 ? 0 : (edge < 20 ? UInt8(edge * 12) : 255)
    }
    return RGBAImage(width: w, height: h, pixels: px)
}

func hash(_ p: Picture) -> UInt64 {
    var h: UInt64 = 0xcbf29ce484222325
    for (base, pw, ph, stride) in [(p.y, p.width, p.height, p.lumaStride), (p.u, p.chromaWidth, p.chromaHeight, p.chromaStride), (p.v, p.chromaWidth, p.chromaHeight, p.chromaStride)] {
        for y in 0..<ph { for x in 0..<pw { h = (h ^ UInt64(base[y * stride + x])) &* 0x100000001b3 } }
    }
    return h
}
func hash(_ i: RGBAImage) -> UInt64 {
    var h: UInt64 = 0xcbf29ce484222325
    for b in i.pixels { h = (h ^ UInt64(b)) &* 0x100000001b3 }
    return h
}

let args = CommandLine.arguments
let runs = args.count > 1 ? Int(args[1])! : 15
let only = args.count > 2 ? args[2] : nil
let W = 1080, H = 1920
let a = pattern(W, H, seed: 1)
let b = pattern(W, H, seed: 2)
let mask = pattern(W, H, seed: 3)
let out = Picture(width: W, height: H)
let work = Picture(width: W, height: H)

var lutValues: [Float] = []
let n = 17
for bb in 0..<n { for g in 0..<n { for r in 0..<n {
    let fr = Float(r) / 16, fg = Float(g) / 16, fb = Float(bb) / 16
    lutValues += [fg * 0.9 + 0.05, fb * fb, 1 - fr * 0.8]
} } }
let lut = LUT3D(size: n, values: lutValues)
let sticker = rgba(600, 400, seed: 5)
let big = rgba(1000, 800, seed: 6)
let smallLayer = pattern(720, 1280, seed: 4)

struct Case { let name: String; let setup: () -> Void; let body: () -> Void; let digest: () -> UInt64 }
var cases: [Case] = []
for (id, progress) in [("crossfade", 0.37), ("dipToBlack", 0.37), ("dipToWhite", 0.71), ("wipeLeft", 0.37), ("wipeUp", 0.37), ("pushLeft", 0.37), ("slideUp", 0.37), ("zoomIn", 0.37), ("circleOpen", 0.37), ("lumaWipe", 0.37)] {
    let inputs = TransitionInputs(progress: progress, softness: 0.1, mask: id == "lumaWipe" ? mask : nil)
    let kernel = transition(id)
    cases.append(Case(name: "transition.\(id)", setup: {}, body: { TransitionRenderer.render(kernel, from: a, to: b, into: out, inputs: inputs) }, digest: { hash(out) }))
}
let filters: [(String, [String: Double])] = [
    ("brightness", ["amount": 0.1]), ("contrast", ["amount": 1.3]), ("saturation", ["amount": 1.4]), ("grayscale", ["strength": 0.6]),
    ("temperature", ["amount": 0.4]), ("sepia", ["strength": 0.7]), ("filmFade", ["strength": 0.6]),
    ("vignette", ["strength": 0.6, "radius": 0.4]), ("blur", ["radius": 0.02]), ("sharpen", ["amount": 0.8]),
    ("grain", ["strength": 0.5]), ("lut", ["strength": 0.8]),
]
for (id, params) in filters {
    let kernel = filter(id)
    cases.append(Case(name: "filter.\(id)", setup: { work.copy(from: a) }, body: { FilterRenderer.apply(kernel, parameters: params, to: work, lut: lut, frame: 42) }, digest: { hash(work) }))
}
cases.append(Case(name: "compositor.blendImage", setup: { work.copy(from: a) }, body: { Compositor.blend(sticker, onto: work, x: 201, y: 333, opacity: 0.8) }, digest: { hash(work) }))
let turn = AffineTransform.rotation(degrees: 17).concatenating(.translation(x: 300, y: 500))
cases.append(Case(name: "compositor.drawImageTurned", setup: { work.copy(from: a) }, body: { Compositor.draw(sticker, onto: work, transform: turn, opacity: 0.9) }, digest: { hash(work) }))
let kenBurns = AffineTransform.scale(1.23, aboutX: 540, y: 960).concatenating(.translation(x: 7.3, y: -4.1))
cases.append(Case(name: "compositor.drawLayerScaled", setup: { work.copy(from: a) }, body: { Compositor.draw(b, onto: work, transform: kenBurns, opacity: 1) }, digest: { hash(work) }))
let pip = AffineTransform.scale(0.6).concatenating(.rotation(degrees: -8)).concatenating(.translation(x: 200, y: 300))
cases.append(Case(name: "compositor.drawLayerTurned", setup: { work.copy(from: a) }, body: { Compositor.draw(smallLayer, onto: work, transform: pip, opacity: 0.85) }, digest: { hash(work) }))
cases.append(Case(name: "compositor.blur20", setup: { work.copy(from: a) }, body: { Compositor.blur(work, radius: 20) }, digest: { hash(work) }))
var scaledResult = RGBAImage(width: 0, height: 0)
cases.append(Case(name: "compositor.scaledDown", setup: {}, body: { scaledResult = Compositor.scaled(big, width: 333, height: 222) }, digest: { hash(scaledResult) }))
cases.append(Case(name: "compositor.scaledUp", setup: {}, body: { scaledResult = Compositor.scaled(sticker, width: 1500, height: 1000) }, digest: { hash(scaledResult) }))

var total = 0.0
for c in cases where only == nil || c.name.contains(only!) {
    c.setup()
    c.body()
    let digest = c.digest()
    var times: [Double] = []
    for _ in 0..<runs {
        c.setup()
        let t0 = cpuNow()
        c.body()
        times.append(cpuNow() - t0)
    }
    times.sort()
    let median = times[times.count / 2] * 1000
    total += median
    print(c.name, String(format: "%.3f %.3f %016llx", median, times[0] * 1000, digest))
}

