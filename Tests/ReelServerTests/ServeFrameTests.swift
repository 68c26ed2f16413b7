import Foundation
import ReelTestSupport
import Testing

/// Frames on demand: `GET /v1/timelines/{id}/frames/{n}` draws frame n of the timeline as it is
/// now, the pixels `reel poster --at <n>f` writes, from a session that keeps its media open.
@Suite struct ServeFrameTests {
    /// Clips with detail and motion in short groups of pictures (B-frames, deblocking), so a frame
    /// drawn another way than the poster (another decode path) would show.
    static func texturedMedia(_ project: ServeProject) throws {
        for (name, filter) in [("c.mp4", "testsrc2=s=320x180:r=30:d=1.2"), ("d.mp4", "testsrc2=s=320x180:r=30:d=1.2,negate")] {
            try Tools.ffmpeg([
                "-f", "lavfi", "-i", filter, "-c:v", "libx264", "-preset", "veryfast", "-g", "12", "-pix_fmt", "yuv420p", project.media + "/" + name,
            ])
        }
    }

    static let request = #"{"template": "tiny", "media": ["c.mp4", "d.mp4"], "options": {"quality": "draft"}}"#

    /// The frame route's PNG and `reel poster`'s of the same frame, decoded.
    static func compare(
        _ server: ServerProcess, _ project: ServeProject, id: String, frame n: Int, height: Int, width: Int
    ) throws -> (served: RGBFrame, poster: RGBFrame) {
        let response = try server.request("GET", "/v1/timelines/\(id)/frames/\(n)?height=\(height)", route: "/v1/timelines/{id}/frames/{n}")
        #expect(response.status == 200 && response.headers["content-type"] == "image/png", "\(response.text)")
        let served = project.dir.file("served-\(n).png")
        try response.body.write(to: URL(fileURLWithPath: served))
        let poster = project.dir.file("poster-\(n).png")
        let timeline = project.data + "/timelines/\(id)/timeline.json"
        let made = try Reel.run(["poster", timeline, "--at", "\(n)f", "--width", "\(width)", "-o", poster, "-q"])
        #expect(made.status == 0, "\(made.stderr)")
        return (try Tools.rgbFrame(served, index: 0), try Tools.rgbFrame(poster, index: 0))
    }

    @Test func aFrameIsThePostersFrameAndFollowsEdits() throws {
        let project = try ServeProject()
        try Self.texturedMedia(project)
        let server = try project.start()
        let made = try server.request("POST", "/v1/timelines", route: "/v1/timelines", json: Self.request)
        #expect(made.status == 201, "\(made.text)")
        let id = try #require(made.json["id"] as? String)

        // The tiny canvas is 160x284: 142 lines are 80 columns, as reel poster --width 80 draws them.
        var first = 0.0
        for n in [7, 33] {
            let start = Date()
            let (served, poster) = try Self.compare(server, project, id: id, frame: n, height: 142, width: 80)
            if n == 7 { first = Date().timeIntervalSince(start) }
            #expect(served.width == 80 && served.height == 142)
            #expect(served.bytes == poster.bytes, "frame \(n) differs from reel poster's")
        }
        let start = Date()
        let again = try server.request("GET", "/v1/timelines/\(id)/frames/8?height=142")
        let warm = Date().timeIntervalSince(start)
        #expect(again.status == 200)
        print("frames/7 with the poster beside it \(Int(first * 1000)) ms; frames/8 from the warm session \(Int(warm * 1000)) ms")

        // An edit: the session is made anew from the edited timeline, and frame 7 is now the other clip's.
        let before = try Tools.rgbFrame(project.dir.file("served-7.png"), index: 0)
        let swapped = try server.request("POST", "/v1/timelines/\(id)/edits", json: #"{"operation": "swap", "operands": [1, 2]}"#)
        #expect(swapped.status == 200, "\(swapped.text)")
        let (served, poster) = try Self.compare(server, project, id: id, frame: 7, height: 142, width: 80)
        #expect(served.bytes == poster.bytes, "frame 7 after the swap differs from reel poster's")
        #expect(served.bytes != before.bytes, "the swap did not change frame 7")

        // Past the end, a frame that is not a number, a height out of bounds, a timeline that is not there.
        let count = try #require(Int(again.headers["reel-frame-count"] ?? ""))
        #expect(count == 50)
        let past = try server.request("GET", "/v1/timelines/\(id)/frames/\(count)", route: "/v1/timelines/{id}/frames/{n}")
        #expect(past.status == 416 && (past.json["error"] as? [String: Any])?["code"] as? String == "frame_out_of_range", "\(past.text)")
        #expect(try server.request("GET", "/v1/timelines/\(id)/frames/-1", route: "/v1/timelines/{id}/frames/{n}").status == 400)
        #expect(try server.request("GET", "/v1/timelines/\(id)/frames/1?height=4", route: "/v1/timelines/{id}/frames/{n}").status == 400)
        #expect(try server.request("GET", "/v1/timelines/t_nothing/frames/1", route: "/v1/timelines/{id}/frames/{n}").status == 404)

        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
