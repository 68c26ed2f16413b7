import Foundation
import ReelTestSupport
import Testing

/// A clip looped to fill its slot repeats its sound with its picture: a one-second clip with a tone
/// in a two-second slot is heard on both passes, not silent for the second.
@Suite struct LoopedSoundTests {
    @Test func aLoopedClipRepeatsItsSound() throws {
        let dir = TemporaryFolder()
        let template = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try """
        { "format": 1, "name": "Loop", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
          "slots": [{ "id": "a", "duration": 2, "whenShorter": "loop", "volume": 1 }] }
        """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        let clip = dir.file("beep.mp4")
        try TestMedia.colorClip(clip, color: "red", width: 160, height: 284, seconds: "1", rate: "25", tone: true)
        let out = dir.file("looped.mp4")
        let r = try Reel.run(["make", template, clip, "-o", out, "-q", "--loudness", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        let samples = try Tools.audioSamples(out)
        func rms(_ from: Double, _ to: Double) -> Double {
            let a = Int(from * 48000) * 2
            let b = min(samples.count, Int(to * 48000) * 2)
            guard b > a else { return 0 }
            return (samples[a..<b].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(b - a)).squareRoot()
        }
        let first = rms(0.2, 0.8)
        let second = rms(1.2, 1.8)
        #expect(first > 0.05, "the first pass is heard: RMS \(first)")
        #expect(second > first * 0.7, "the second pass is heard as loud: RMS \(second) against \(first)")
    }
}

/// A clip's sound starts with its first sample, at its own speed or slowed: reading a file from its
/// start keeps the decoder's handling of the encoder's priming instead of a seek and a flush.
@Suite struct ClipSoundStartTests {
    @Test(arguments: ["1", "0.25"]) func aClipIsHeardFromItsFirstSample(speed: String) throws {
        let dir = TemporaryFolder()
        let template = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try """
        { "format": 1, "name": "Start", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
          "slots": [{ "id": "a", "duration": 1, "speed": \(speed), "volume": 1 }] }
        """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        let clip = dir.file("tone.mp4")
        try TestMedia.colorClip(clip, color: "red", width: 160, height: 284, seconds: "2", rate: "25", tone: true)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", template, clip, "-o", out, "-q", "--loudness", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        let samples = try Tools.audioSamples(out)
        // The first 5 ms (240 stereo samples): the tone, not near-silence.
        let head = samples.prefix(480)
        let rms = (head.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, head.count))).squareRoot()
        #expect(rms > 0.04, "at \(speed)x the first 5 ms have RMS \(rms)")
    }
}
