import CVision
import Foundation
import MediaIO

/// OpenCV's face cascades, loaded once per process and lent to one detector at a time.
///
/// Loading the frontal and profile cascades parses a few megabytes of XML, far more than a
/// photo's analysis costs, so a run that frames many files loads them once, not once a file. A
/// loaded pair (OpenCV's `CascadeClassifier`) must not detect on two threads at once: each
/// `SubjectDetector` borrows a pair for its life and gives it back when it goes, and a new pair is
/// loaded only while every loaded one is lent (as many as analyses run at the same time).
/// Loaded pairs stay for the life of the process.
final class FaceCascades: @unchecked Sendable {
    /// The process's cascades, lent to every `SubjectDetector`.
    static let shared = FaceCascades()

    private let lock = NSLock()
    private var idle: [OpaquePointer] = []
    private var loadCount = 0

    /// How many pairs were loaded so far.
    var loads: Int { lock.withLock { loadCount } }

    /// A loaded pair for the caller's use alone until `giveBack`: an idle one, else a new one.
    /// Fails with a `missingComponent` error naming where it looked when the cascades are not
    /// installed, or the file that would not load.
    func borrow() throws(FileAccessError) -> OpaquePointer {
        if let ready = lock.withLock({ idle.popLast() }) { return ready }
        let files = try OpenCVData.cascades()
        var error = [CChar](repeating: 0, count: 512)
        guard let created = reel_face_detector_create(files.frontal, files.profile, &error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FileAccessError(.missingComponent, file: files.frontal, operation: "loading the face detector", reason: reason)
        }
        lock.withLock { loadCount += 1 }
        return created
    }

    /// Takes back a pair `borrow` gave, for the next detector.
    func giveBack(_ pair: OpaquePointer) {
        lock.withLock { idle.append(pair) }
    }
}
