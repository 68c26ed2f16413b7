/// File names kept as the bytes they are.
///
/// Linux names are bytes, not text: a name from an old archive or camera may not be valid UTF-8,
/// and a Swift `String` made from it the usual way replaces those bytes with U+FFFD, after which
/// the file cannot be found and an output gets another name. Here each byte of an invalid sequence
/// becomes one code point of the last private-use block (U+10FF00 + byte), which round-trips
/// through every `String` operation and through timeline files; every system call in FileAccess
/// turns it back into the byte. (A name that really contains U+10FF00...U+10FFFF, which no system
/// assigns, would be misread.)
package enum PathBytes {
    static let escapeBase: UInt32 = 0x10FF00

    /// The name `bytes` stands for: valid UTF-8 as it is, other bytes escaped one by one.
    package static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let array = Array(bytes)
        if let valid = String(validating: array, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            let lead = array[i]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, i + length <= array.count, let decoded = String(validating: array[i..<i + length], as: UTF8.self),
                let scalar = decoded.unicodeScalars.first
            {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(lead))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The name in a C string from the system (`readdir`, `argv`).
    package static func string(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) { string(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The bytes `path` stands for.
    package static func bytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase && scalar.value <= escapeBase + 0xFF {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Whether `path` holds a NUL byte (U+0000, or its escape U+10FF00), which no file name can:
    /// a system call would read the path only up to it, so `a.mp4\0x` would name `a.mp4`.
    package static func holdsNUL(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.value == 0 || $0.value == escapeBase }
    }

    /// Why `path` cannot be a file name, or nil: for the readers of documents and FileAccess alike.
    package static let nulReason = "the path holds a NUL byte (\\0), which no file name can hold"

    /// Calls `body` with the NUL-terminated bytes of `path`, for a system call.
    ///
    /// A path that holds a NUL byte (`holdsNUL`) is given as the empty path instead, which every
    /// system call refuses (`ENOENT`): cut at the NUL, it would name another file than the one
    /// compared and checked before. Readers of documents refuse such paths where they read them;
    /// this is the last line, so no file is ever reached through a shortened name.
    package static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        var raw = holdsNUL(path) ? [] : bytes(path)
        raw.append(0)
        return try raw.withUnsafeBufferPointer { try $0.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) } }
    }

    /// `path` for messages: escaped bytes shown as `\xFF`.
    package static func display(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value >= escapeBase && $0.value <= escapeBase + 0xFF }) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase && scalar.value <= escapeBase + 0xFF {
                let hex = String(scalar.value - escapeBase, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The program's arguments, their bytes kept (see `string(_:)`).
    package static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { i in CommandLine.unsafeArgv[i].map { string(cString: $0) } ?? "" }
    }
}
