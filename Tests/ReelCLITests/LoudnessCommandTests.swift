import Foundation
import ReelTestSupport
import Testing

/// `reel make --loudness`: the target is reached with the limiter holding the peaks, and where it
/// is not, the summary line and the JSON summary say the loudness the file has and why; each
/// figure checked against ffmpeg's own meter on the file.
@Suite struct LoudnessCommandTests {
    /// A template with one video slot that keeps its clip's sound, and a 4 s clip whose sound is a
    /// 440 Hz tone at -20 dBFS with a clap reaching full scale every second.
    static func project(_ dir: TemporaryFolder) throws -> (template: String, clip: String) {
        let folder = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        { "format": 1, "name": "Claps", "canvas": { "width": 64, "height": 64, "frameRate": "25" },
          "slots": [{ "id": "a", "accepts": "video", "duration": 4, "volume": 1 }] }
        """.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let clip = dir.file("claps.mov")
        func channel(_ seed: Int) -> String {
            "0.1*sin(2*PI*440*t)+if(between(mod(t\\,1)\\,0.5\\,0.52)\\,clip(2*(2*random(\(seed))-1)*exp(-(mod(t\\,1)-0.5)*300)\\,-0.9\\,0.9)\\,0)"
        }
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=4", "-f", "lavfi", "-i", "aevalsrc=\(channel(0))|\(channel(1)):s=48000:d=4",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "pcm_f32le", "-shortest", clip,
        ])
        return (folder, clip)
    }

    static func meter(_ path: String) throws -> (loudness: Double, truePeak: Double) { try LoudnessMeasure.ebur128(path) }

    static func loudness(_ stdout: String) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
        return try #require(json["loudness"] as? [String: Any], "a loudness object: \(stdout)")
    }

    @Test func theTargetIsReachedDespiteALoudTransientAndTheSummarySaysSo() throws {
        let dir = TemporaryFolder()
        let (template, clip) = try Self.project(dir)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", template, clip, "-o", out, "--loudness", "-14", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let loudness = try Self.loudness(r.stdout)
        let measured = try Self.meter(out)
        #expect(abs(measured.loudness - -14) <= 1, "ffmpeg reads \(measured.loudness) LUFS")
        #expect(measured.truePeak <= -1, "true peak \(measured.truePeak) dBTP")
        #expect(loudness["onTarget"] as? Bool == true && loudness["reason"] is NSNull, "\(loudness)")
        let reached = try #require(loudness["reached"] as? Double)
        #expect(abs(reached - measured.loudness) <= 0.5, "the summary says \(reached), ffmpeg \(measured.loudness)")
        #expect(loudness["target"] as? Double == -14)
    }

    @Test func aTargetOutOfReachIsReportedInTheSummaryLineAndTheJSON() throws {
        let dir = TemporaryFolder()
        let (template, clip) = try Self.project(dir)
        let out = dir.file("out.mp4")
        let text = try Reel.run(["make", template, clip, "-o", out, "--loudness", "-2"])
        #expect(text.status == 0, "\(text.stderr)")
        let measured = try Self.meter(out)
        #expect(measured.truePeak <= -1, "true peak \(measured.truePeak) dBTP")
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("sound: ") }, "\(text.stdout)")
        #expect(line.contains("under the -2.0 LUFS target") && line.contains("limiter"), "\(line)")
        let said = try #require(line.dropFirst("sound: ".count).split(separator: " ").first.flatMap { Double($0) }, "\(line)")
        #expect(abs(said - measured.loudness) <= 0.5, "the line says \(said), ffmpeg \(measured.loudness)")
        #expect(measured.loudness < -2.5, "short of the target: \(measured.loudness)")

        let json = try Reel.run(["make", template, clip, "-o", dir.file("json.mp4"), "--loudness", "-2", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let loudness = try Self.loudness(json.stdout)
        #expect(loudness["onTarget"] as? Bool == false, "\(loudness)")
        #expect((loudness["reason"] as? String)?.contains("limiter") == true, "\(loudness)")
        let reached = try #require(loudness["reached"] as? Double)
        #expect(abs(reached - said) <= 0.1, "the line and the JSON agree: \(reached) and \(said)")
    }
}
