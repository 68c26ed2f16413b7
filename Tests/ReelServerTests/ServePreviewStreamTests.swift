import Foundation
import ReelTestSupport
import Testing

/// Playback: `GET /v1/timelines/{id}/preview.mp4?from=n` streams the timeline from frame n as
/// fragmented MP4 while it renders, and a client that goes away stops the render.
@Suite struct ServePreviewStreamTests {
    /// Threads of the server process now.
    static func threads(_ server: ServerProcess) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/task")) ?? []).count
    }

    /// Waits (at most 20 s) until the server runs at most `count` threads; the count then.
    static func settle(_ server: ServerProcess, to count: Int) -> Int {
        let deadline = Date().addingTimeInterval(20)
        while threads(server) > count && Date() < deadline { usleep(100_000) }
        return threads(server)
    }

    @Test func theStreamStartsAtFrameNWithSoundAndStopsWhenTheClientLeaves() throws {
        let project = try ServeProject()
        let server = try project.start()
        let made = try server.request("POST", "/v1/timelines", route: "/v1/timelines", json: ServeProject.render)
        let id = try #require(made.json["id"] as? String, "\(made.text)")
        let baseline = Self.threads(server)

        // From frame 30: the blue clip's 20 frames (of 50), with the music.
        let start = Date()
        let streamed = try server.request("GET", "/v1/timelines/\(id)/preview.mp4?from=30&height=142", route: "/v1/timelines/{id}/preview.mp4")
        print("preview.mp4 from frame 30: \(streamed.body.count) bytes in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
        #expect(streamed.status == 200 && streamed.headers["content-type"] == "video/mp4", "\(streamed.text)")
        #expect(streamed.headers["transfer-encoding"] == "chunked" && streamed.headers["reel-frame-count"] == "20")
        let file = project.dir.file("stream.mp4")
        try streamed.body.write(to: URL(fileURLWithPath: file))
        let counted = try Tools.run(
            "ffprobe",
            ["-v", "error", "-count_frames", "-show_entries", "stream=codec_type,codec_name,nb_read_frames,width,height", "-of", "json", file])
        let streams = (try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any])?["streams"] as? [[String: Any]] ?? []
        let video = streams.first { $0["codec_type"] as? String == "video" }
        #expect(video?["nb_read_frames"] as? String == "20" && video?["codec_name"] as? String == "h264", "\(counted.stdout)")
        #expect(video?["width"] as? Int == 80 && video?["height"] as? Int == 142)
        #expect(streams.contains { $0["codec_type"] as? String == "audio" && $0["codec_name"] as? String == "aac" }, "\(counted.stdout)")
        let fragmented = try Tools.run("ffprobe", ["-v", "trace", file]).stderr
        #expect(fragmented.contains("type:'moof'"), "not a fragmented MP4")
        let first = try Tools.rgbFrame(file, index: 0).average(40, 71)
        #expect(first.b > 150 && first.r < 80, "frame 30 is the blue clip's: \(first)")
        let fromStart = try Tools.rgbFrame(
            try {
                let r = try server.request("GET", "/v1/timelines/\(id)/preview.mp4?height=142")
                try r.body.write(to: URL(fileURLWithPath: project.dir.file("start.mp4")))
                return project.dir.file("start.mp4")
            }(), index: 0
        ).average(40, 71)
        #expect(fromStart.r > 150 && fromStart.b < 80, "frame 0 is the red clip's: \(fromStart)")
        #expect(Self.settle(server, to: baseline) <= baseline, "threads left after complete streams")

        // A client that reads the head and a little, then hangs up, at a size that takes a while.
        let url = URL(string: server.url)!
        let client = """
            import socket, sys
            s = socket.create_connection(("\(url.host!)", \(url.port!)))
            s.sendall(b"GET /v1/timelines/\(id)/preview.mp4?height=2160 HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
            got = b""
            while len(got) < 2000:
                chunk = s.recv(4096)
                if not chunk: break
                got += chunk
            s.close()
            print(got.split(b"\\r\\n")[0].decode())
            """
        let hungUp = try Tools.run("python3", ["-c", client], timeout: 60)
        #expect(hungUp.stdout.hasPrefix("HTTP/1.1 200"), "\(hungUp.stdout)\(hungUp.stderr)")
        let hangUp = Date()
        let left = Self.settle(server, to: baseline)
        print("threads back to \(left) (\(baseline) before) \(Int(Date().timeIntervalSince(hangUp) * 1000)) ms after the client left")
        #expect(left <= baseline, "the render goes on after the client left: \(left) threads, \(baseline) before")

        // Past the end, and a start that is not a frame number.
        #expect(try server.request("GET", "/v1/timelines/\(id)/preview.mp4?from=50", route: "/v1/timelines/{id}/preview.mp4").status == 416)
        #expect(try server.request("GET", "/v1/timelines/\(id)/preview.mp4?from=x", route: "/v1/timelines/{id}/preview.mp4").status == 400)
        #expect(try server.request("GET", "/v1/health").status == 200)
        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
