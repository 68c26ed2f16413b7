import Foundation
import ReelKit
import ReelServer

#if canImport(Glibc)
    import Glibc
#endif

/// `reel studio`: `reel serve` on loopback with a fresh token, and the studio's page (docs/studio.md).
///
/// The first line on standard output is the page's address with the token (`http://127.0.0.1:PORT/?token=...`,
/// as Jupyter prints one): the page keeps the token and sends it as `Authorization: Bearer`, so
/// another site open in the same browser cannot drive the API. Signals drain as `reel serve`'s do.
struct StudioCommand: Command {
    let name = "studio"
    let summary = "make and edit videos in the browser: the render API on loopback with a one-time token, and its page"
    let synopsis = "[<template folder or folder of templates>...] [--media <folder>]... [--listen 127.0.0.1:PORT] [--data <folder>]"
    struct Options: OptionTable {
        let media = RepeatedOption("media", help: "a folder of videos, photos and songs the page may pick from (repeatable)")
        let listen = Option("listen", help: "loopback address:port to listen on (default 127.0.0.1:0, a free port)")
        let data = Option("data", help: "folder of uploads, timelines and renders (default $XDG_DATA_HOME/reel/studio)")
    }

    /// Random bytes in a token: 256 bits, written as 64 hexadecimal digits.
    static let tokenBytes = 32

    func run(_ args: ParsedArguments<Options>) throws -> ExitStatus {
        var host = "127.0.0.1"
        var port = 0
        if let listen = args[\.listen] {
            guard let parsed = ListenAddress.parse(listen) else { throw UsageError(message: "--listen takes address:port, not '\(listen)'") }
            (host, port) = parsed
        }
        guard ListenAddress.isLoopback(host) else {
            throw UsageError(
                message:
                    "reel studio listens on this machine alone (127.0.0.1, ::1 or localhost), not \(host); use reel serve --tokens to serve others")
        }
        // A folder holding template.json is a template; any other is a folder of templates.
        var singles: [String] = []
        var roots: [String] = []
        for folder in args.operands.isEmpty ? [InstalledFiles.folder("templates") ?? "templates"] : args.operands {
            if FileManager.default.fileExists(atPath: folder + "/template.json") { singles.append(folder) } else { roots.append(folder) }
        }
        guard let page = StudioPageFolder.find() else {
            Console.error("the studio's page is not installed beside reel (looked in \(StudioPageFolder.candidates().joined(separator: ", ")))")
            return .failure
        }
        let data = try args[\.data] ?? StudioPageFolder.defaultData()
        do {
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw UsageError(message: "\(data): the data folder cannot be made (\(error.localizedDescription))")
        }
        let token = Self.freshToken()
        var configuration = ServerConfiguration(data: data, host: host, port: port, templateFolders: roots, mediaRoots: args[\.media])
        configuration.templates = singles
        // One template folder alone is author mode: its saves are followed and checked.
        configuration.watchesTemplate = singles.count == 1 && roots.isEmpty
        configuration.studioFolder = page
        configuration.redrawsPictures = true
        do { configuration.tokens = try ServerTokens(name: "studio", token: token) } catch { throw UsageError(message: error.description) }
        let signals = ServeCommand.takeSignals()
        let quiet = args.quiet
        let server = try ServeCommand.startServer(configuration, quiet: quiet)
        Console.out("\(server.url)/?token=\(token)")
        if !quiet { Console.err("reel studio: open the address above in a browser; Ctrl-C stops (data in \(data))") }
        ServeCommand.serve(server, until: signals, name: name, quiet: quiet)
        return .success
    }

    /// A token from the system's random source (`SystemRandomNumberGenerator` reads `getrandom`).
    static func freshToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<tokenBytes).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined()
    }
}
