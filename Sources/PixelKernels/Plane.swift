import Dispatch
import Foundation
import MediaIO

/// One plane of a `Picture`, as raw memory that row bands on other threads may use.
///
/// `@unchecked Sendable` because it is a bare pointer: every kernel gives each band its own rows,
/// so no two threads ever write the same byte, and the picture outlives the call.
struct Plane: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int
    /// Luma pixels per sample along each axis: 1 for luma, 2 for the 4:2:0 chroma planes. Lets a
    /// kernel place a sample in canvas (luma) coordinates: its centre is at `(i + 0.5) * scale`.
    let scale: Int
    /// 0 for Y', 1 for Cb, 2 for Cr.
    let component: Int

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y &* stride }
}

extension Picture {
    var lumaPlane: Plane { Plane(base: y, width: width, height: height, stride: lumaStride, scale: 1, component: 0) }
    var cbPlane: Plane { Plane(base: u, width: chromaWidth, height: chromaHeight, stride: chromaStride, scale: 2, component: 1) }
    var crPlane: Plane { Plane(base: v, width: chromaWidth, height: chromaHeight, stride: chromaStride, scale: 2, component: 2) }
    /// Y', Cb, Cr, in that order.
    var planes: [Plane] { [lumaPlane, cbPlane, crPlane] }
}

/// Memory that row bands on several threads read (tables, weights, image pixels), or write in
/// disjoint parts; owned and freed by the caller after the bands finish.
struct SharedPointer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}

/// Splits rows into bands run concurrently when there is enough work to pay for the threads.
enum RowBands {
    /// Below this many samples a band is not worth a thread hop (about 0.1 ms of simple work).
    static let minimumSamplesPerBand = 1 << 16
    /// More bands than cores keeps both cores busy when one band's rows are cheaper than another's.
    static let bandsPerCore = 4
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Calls `body` with disjoint ranges of rows covering `0..<rows`; `samplesPerRow` sizes the work.
    static func run(rows: Int, samplesPerRow: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard rows > 0 else { return }
        let total = rows &* max(samplesPerRow, 1)
        let bands = min(rows, cores &* bandsPerCore, max(1, total / minimumSamplesPerBand))
        if bands <= 1 || cores == 1 {
            body(0..<rows)
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { i in
            body((rows &* i / bands)..<(rows &* (i &+ 1) / bands))
        }
    }
}
