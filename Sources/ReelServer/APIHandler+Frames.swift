import FileAccess
import Foundation
import HTTPServer
import ReelKit

/// The preview engine's routes: frames of a timeline made through the API, drawn on demand from a
/// session that keeps its media open (`TimelinePreviews`), the timeline as it is after its edits.
extension APIHandler {
    /// `GET /v1/timelines/{id}/frames/{n}?height=540&source=auto`: frame `n` (from 0) as a PNG,
    /// drawn from the videos' proxies once they exist; with `source=original`, the pixels of
    /// `reel poster --at <n>f` at that size. 416 past the last frame.
    func timelineFrame(_ id: String, _ n: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let path = try timelinePath(id, for: request)
        guard !n.isEmpty, n.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw APIError.badRequest("the frame is its number from 0 (frames/0, frames/48), not '\(n)'")
        }
        let height = try previewHeight(request)
        let originals: Bool
        switch request.queryValue("source") {
        case nil, "auto": originals = false
        case "original": originals = true
        case let other?: throw APIError.badRequest("source is auto (a proxy once it exists) or original, not '\(other)'")
        }
        let result: PreviewFrameResult
        do { result = try previews.frame(timeline: path, key: id, index: Int64(n) ?? Int64.max, height: height, originals: originals) } catch {
            throw APIError(422, error.apiCode, Self.hidingData(error.description, folder: PathText.folder(of: path)))
        }
        switch result {
        case .outOfRange(let count):
            throw APIError(416, "frame_out_of_range", "the timeline has frames 0 to \(count - 1); there is no frame \(n)")
        case .frame(let frame):
            var response = HTTPResponse(status: 200, body: .bytes(frame.png))
            response.headers = [("Content-Type", "image/png"), ("Cache-Control", "no-store"), ("Reel-Frame-Count", "\(frame.frameCount)")]
            return response
        }
    }

    /// `GET /v1/timelines/{id}/preview.mp4?from=n&height=360`: the timeline from frame `n` as
    /// fragmented MP4, sent while it renders; a client that goes away stops the render.
    func timelinePreview(_ id: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let path = try timelinePath(id, for: request)
        let from = request.queryValue("from") ?? "0"
        guard !from.isEmpty, from.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw APIError.badRequest("from is a frame number from 0, not '\(from)'")
        }
        let height = try previewHeight(request, default: ServerLimits.defaultStreamHeight)
        let result: TimelineStreamResult
        do { result = try previews.stream(timeline: path, from: Int64(from) ?? Int64.max, height: height) } catch {
            throw APIError(422, error.apiCode, Self.hidingData(error.description, folder: PathText.folder(of: path)))
        }
        switch result {
        case .outOfRange(let count):
            throw APIError(416, "frame_out_of_range", "the timeline has frames 0 to \(count - 1); it cannot play from frame \(from)")
        case .stream(let stream):
            var response = HTTPResponse(status: 200, body: .stream(PreviewBody(stream)))
            response.headers = [("Content-Type", "video/mp4"), ("Cache-Control", "no-store"), ("Reel-Frame-Count", "\(stream.frameCount)")]
            return response
        }
    }

    /// `?height=` held to `ServerLimits.previewHeight`, `ServerLimits.defaultPreviewHeight` when absent.
    func previewHeight(_ request: HTTPRequest, default standard: Int = ServerLimits.defaultPreviewHeight) throws(APIError) -> Int {
        guard let text = request.queryValue("height") else { return standard }
        let bounds = ServerLimits.previewHeight
        guard let height = Int(text), bounds.contains(height) else {
            throw APIError.badRequest("height is a number of lines from \(bounds.lowerBound) to \(bounds.upperBound), not '\(text)'")
        }
        return height
    }
}

/// A preview stream as the HTTP server sends a body: read by the connection's thread, closed when
/// the exchange ends, whole or not (which stops the render).
final class PreviewBody: HTTPBodyStream {
    private let stream: TimelineStream
    init(_ stream: TimelineStream) { self.stream = stream }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int { stream.read(into: buffer) }
    func close() { stream.close() }
}
