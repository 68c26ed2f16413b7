import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs command-line tools for tests: the ffmpeg CLI to make small media and check results
/// independently of Reel's own reader, and the built `reel` binary.
public enum Tools {
    public struct Output: Sendable {
        public let status: Int32
        /// Whether the process was ended by a signal (`status` is then the signal's number).
        public var signaled: Bool = false
        public let stdout: String
        public let stderr: String
        public let data: Data
    }

    /// Runs `executable` (looked up on PATH when not a path) and waits for it.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double? = nil
    ) throws -> Output {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A process that outlives its timeout is killed, so a hang fails the test instead of the suite.
        let killer = timeout.map { seconds in
            let item = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
            return item
        }
        defer { killer?.cancel() }
        // Read both pipes while the process runs so neither fills up.
        let errData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.set(readToEnd(err.fileHandleForReading.fileDescriptor))
            group.leave()
        }
        let outData = readToEnd(out.fileHandleForReading.fileDescriptor)
        group.wait()
        process.waitUntilExit()
        var output = Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.get(), as: UTF8.self), data: outData)
        output.signaled = process.terminationReason == .uncaughtSignal
        return output
    }

    /// Everything a pipe gives until its writers close it. Foundation's `readDataToEndOfFile` traps
    /// when a signal interrupts the read (EINTR), which happens when many children run at once.
    static func readToEnd(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                data.append(contentsOf: buffer[0..<n])
                continue
            }
            if n < 0 && errno == EINTR { continue }
            return data
        }
    }

    /// Runs the ffmpeg CLI; throws with its message when it fails.
    public static func ffmpeg(_ arguments: [String]) throws {
        let r = try run("ffmpeg", ["-v", "error", "-y"] + arguments)
        if r.status != 0 { throw ToolError(message: "ffmpeg \(arguments.joined(separator: " ")): \(r.stderr)") }
    }

    /// ffprobe's JSON description of a file (format and streams).
    public static func probe(_ path: String) throws -> ProbeResult {
        let r = try run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-count_frames", path])
        if r.status != 0 { throw ToolError(message: "ffprobe \(path): \(r.stderr)") }
        guard let json = try JSONSerialization.jsonObject(with: r.data) as? [String: Any] else {
            throw ToolError(message: "ffprobe \(path): no JSON")
        }
        return ProbeResult(json: json)
    }

    /// Decodes video frame `index` (0-based, in presentation order) of `path` to packed RGB24.
    /// ffmpeg applies any display rotation, as a player would.
    public static func rgbFrame(_ path: String, index: Int) throws -> RGBFrame {
        let p = try probe(path)
        guard let v = p.video else { throw ToolError(message: "\(path): no video") }
        let (w, h) = (v.displayWidth, v.displayHeight)
        let r = try run(
            "ffmpeg",
            [
                "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index))", "-vsync", "0", "-frames:v", "1",
                "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
            ])
        guard r.status == 0, r.data.count == w * h * 3 else {
            throw ToolError(message: "decoding frame \(index) of \(path): \(r.stderr) (\(r.data.count) bytes)")
        }
        return RGBFrame(width: w, height: h, bytes: [UInt8](r.data))
    }

    /// Every frame of `path` as packed RGB24, in presentation order, from one decode: for small
    /// videos whose every frame a test looks at.
    public static func rgbFrames(_ path: String) throws -> [RGBFrame] {
        let p = try probe(path)
        guard let v = p.video else { throw ToolError(message: "\(path): no video") }
        let (w, h) = (v.displayWidth, v.displayHeight)
        let r = try run("ffmpeg", ["-v", "error", "-i", path, "-vsync", "0", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        if r.status != 0 { throw ToolError(message: "decoding \(path): \(r.stderr)") }
        let bytes = [UInt8](r.data)
        let size = w * h * 3
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { RGBFrame(width: w, height: h, bytes: Array(bytes[$0..<$0 + size])) }
    }

    /// Mean brightness (0...255) of every frame of `path`, in presentation order, from one decode.
    public static func frameBrightness(_ path: String) throws -> [Int] {
        let r = try run("ffmpeg", ["-v", "error", "-i", path, "-vf", "scale=4:4", "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        if r.status != 0 { throw ToolError(message: "decoding \(path): \(r.stderr)") }
        let bytes = [UInt8](r.data)
        return stride(from: 0, to: bytes.count - 15, by: 16).map { i in bytes[i..<i + 16].reduce(0) { $0 + Int($1) } / 16 }
    }

    /// The frames of `path` that start a new shot: where the mean absolute difference from the
    /// frame before (on an 8x8 grey picture) jumps above `threshold` (0...255). For videos cut
    /// between plain, clearly different pictures.
    public static func cutFrames(_ path: String, threshold: Int = 20) throws -> [Int] {
        let r = try run("ffmpeg", ["-v", "error", "-i", path, "-vf", "scale=8:8", "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        if r.status != 0 { throw ToolError(message: "decoding \(path): \(r.stderr)") }
        let bytes = [UInt8](r.data)
        let frames = stride(from: 0, to: bytes.count - 63, by: 64).map { Array(bytes[$0..<$0 + 64]) }
        return frames.indices.dropFirst().filter { i in
            zip(frames[i], frames[i - 1]).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / 64 > threshold
        }
    }

    /// Decodes the audio of `path` as 48 kHz stereo float samples, interleaved.
    public static func audioSamples(_ path: String) throws -> [Float] {
        let r = try run("ffmpeg", ["-v", "error", "-i", path, "-vn", "-f", "f32le", "-ac", "2", "-ar", "48000", "-"])
        if r.status != 0 { throw ToolError(message: "decoding audio of \(path): \(r.stderr)") }
        return r.data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}

public struct ToolError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// A packed RGB24 picture decoded by the ffmpeg CLI.
public struct RGBFrame: Sendable {
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// Average colour of a square around (x, y), robust to compression noise.
    public func average(_ x: Int, _ y: Int, radius: Int = 3) -> (r: Int, g: Int, b: Int) {
        var (r, g, b, n) = (0, 0, 0, 0)
        for yy in max(0, y - radius)...min(height - 1, y + radius) {
            for xx in max(0, x - radius)...min(width - 1, x + radius) {
                let p = pixel(xx, yy)
                r += p.r
                g += p.g
                b += p.b
                n += 1
            }
        }
        return (r / n, g / n, b / n)
    }
}

/// What ffprobe says of a file.
public struct ProbeResult: @unchecked Sendable {
    public let json: [String: Any]

    public var streams: [[String: Any]] { json["streams"] as? [[String: Any]] ?? [] }
    public var format: [String: Any] { json["format"] as? [String: Any] ?? [:] }
    public var video: VideoStream? { streams.first { $0["codec_type"] as? String == "video" }.map(VideoStream.init) }
    public var audio: [String: Any]? { streams.first { $0["codec_type"] as? String == "audio" } }
    public var duration: Double { Double(format["duration"] as? String ?? "") ?? 0 }

    public struct VideoStream: @unchecked Sendable {
        public let json: [String: Any]
        public var codec: String { json["codec_name"] as? String ?? "" }
        public var profile: String { json["profile"] as? String ?? "" }
        public var pixelFormat: String { json["pix_fmt"] as? String ?? "" }
        public var width: Int { json["width"] as? Int ?? 0 }
        public var height: Int { json["height"] as? Int ?? 0 }
        public var frames: Int { Int(json["nb_read_frames"] as? String ?? "") ?? -1 }
        public var duration: Double { Double(json["duration"] as? String ?? "") ?? 0 }
        public var colorRange: String { json["color_range"] as? String ?? "" }
        public var colorSpace: String { json["color_space"] as? String ?? "" }
        public var colorPrimaries: String { json["color_primaries"] as? String ?? "" }
        public var colorTransfer: String { json["color_transfer"] as? String ?? "" }
        public var rotation: Int {
            let side = json["side_data_list"] as? [[String: Any]] ?? []
            return side.compactMap { $0["rotation"] as? Int }.first ?? 0
        }
        public var displayWidth: Int { rotation % 180 == 0 ? width : height }
        public var displayHeight: Int { rotation % 180 == 0 ? height : width }
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) {
        lock.lock()
        data = d
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
