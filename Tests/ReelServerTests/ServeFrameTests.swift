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
        let response = try server.request(
            "GET", "/v1/timelines/\(id)/frames/\(n)?height=\(height)&source=original", route: "/v1/timelines/{id}/frames/{n}")
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
        let again = try server.request("GET", "/v1/timelines/\(id)/frames/8?height=142&source=original")
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

    /// The peak signal-to-noise ratio of two pictures of one size, in dB.
    static func psnr(_ a: RGBFrame, _ b: RGBFrame) -> Double {
        var sum = 0.0
        for (x, y) in zip(a.bytes, b.bytes) {
            let d = Double(Int(x) - Int(y))
            sum += d * d
        }
        let mse = sum / Double(max(1, a.bytes.count))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// A render of the timeline through the API, as the MD5 of each decoded picture.
    static func renderedPictures(_ server: ServerProcess, _ project: ServeProject, id: String, name: String) throws -> String {
        let render = try server.request("POST", "/v1/timelines/\(id)/renders", json: #"{"options": {"quality": "draft"}}"#)
        let job = try #require(render.json["id"] as? String, "\(render.text)")
        #expect(try server.wait(for: job)["status"] as? String == "done")
        let out = project.dir.file(name)
        try server.request("GET", "/v1/renders/\(job)/output").body.write(to: URL(fileURLWithPath: out))
        return try Tools.run("ffmpeg", ["-v", "error", "-i", out, "-map", "0:v", "-f", "framemd5", "-"]).stdout
    }

    @Test func previewsReadProxiesMadeOnceInTheBackgroundAndExportsNever() throws {
        let project = try ServeProject()
        try Self.texturedMedia(project)
        let server = try project.start()
        let made = try server.request("POST", "/v1/timelines", json: Self.request)
        let id = try #require(made.json["id"] as? String, "\(made.text)")
        let before = try Self.renderedPictures(server, project, id: id, name: "before.mp4")

        // The first frame queues a proxy of each video; they appear whole, named by content.
        let first = try server.request("GET", "/v1/timelines/\(id)/frames/7?height=142", route: "/v1/timelines/{id}/frames/{n}")
        #expect(first.status == 200, "\(first.text)")
        let folder = project.data + "/proxies"
        let digests = try ["c.mp4", "d.mp4"].map { name in
            String(try Tools.run("sha256sum", [project.media + "/" + name]).stdout.prefix(64)) + ".mp4"
        }
        let deadline = Date().addingTimeInterval(60)
        func listed() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
        while listed() != digests.sorted() && Date() < deadline { usleep(100_000) }
        #expect(listed() == digests.sorted(), "\(listed())")

        // Every picture of a proxy is a keyframe, one per source frame.
        for proxy in listed() {
            let keys = try Tools.run(
                "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "frame=key_frame", "-of", "csv=p=0", folder + "/" + proxy]
            ).stdout.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ", ")) }
            // (ffprobe ends the first line with a comma for the frame's side data.)
            #expect(keys.count == 36 && keys.allSatisfy { $0 == "1" }, "\(proxy): \(keys)")
        }

        // A frame from the proxies is close to the original's, not the same picture.
        func frame(_ query: String, _ name: String) throws -> RGBFrame {
            let r = try server.request("GET", "/v1/timelines/\(id)/frames/7?height=142\(query)", route: "/v1/timelines/{id}/frames/{n}")
            #expect(r.status == 200, "\(r.text)")
            try r.body.write(to: URL(fileURLWithPath: project.dir.file(name)))
            return try Tools.rgbFrame(project.dir.file(name), index: 0)
        }
        let proxied = try frame("", "proxied.png")
        let original = try frame("&source=original", "original.png")
        let psnr = Self.psnr(proxied, original)
        #expect(psnr > 30 && psnr.isFinite, "PSNR \(psnr) dB")
        print("frame 7 from the proxies against the originals: PSNR \(String(format: "%.1f", psnr)) dB")
        #expect(try server.request("GET", "/v1/timelines/\(id)/frames/7?source=proxy").status == 400)

        // A render after the proxies exist reads the originals: the same pictures as before.
        #expect(try Self.renderedPictures(server, project, id: id, name: "after.mp4") == before)
    }
}
