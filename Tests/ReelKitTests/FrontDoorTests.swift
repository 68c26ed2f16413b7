import Foundation
import ReelTestSupport
import Testing

/// The package's one door: programs depend on ReelKit alone, the command line is a client of it
/// (and of ReelServer, for `reel serve` and `reel studio` only),
/// and the architecture document shows the modules as Package.swift declares them.
@Suite struct FrontDoorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Modules the command line may import besides ReelKit: the toolchain's own.
    static let toolchainModules: Set<String> = ["Foundation", "Glibc", "Dispatch"]

    /// The files that may import the server besides ReelKit: `reel serve`'s and `reel studio`'s.
    static let serverCommands: Set = ["ServeCommand.swift", "StudioCommand.swift"]

    @Test func theCommandLineImportsReelKitAlone() throws {
        let folder = Self.root + "/Sources/reel"
        var seen = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let module = String(line.split(separator: " ").last ?? "")
                seen += 1
                let allowed =
                    module == "ReelKit" || Self.toolchainModules.contains(module) || (module == "ReelServer" && Self.serverCommands.contains(name))
                #expect(allowed, "Sources/reel/\(name) imports \(module)")
            }
        }
        #expect(seen > 0, "no imports read: the folder moved?")
    }

    @Test func thePackageOffersReelKitAndTheCommandLineAlone() throws {
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        let products = manifest.split(separator: "\n").filter { $0.contains(".library(name:") || $0.contains(".executable(name:") }
        #expect(products.count == 2, "products: \(products)")
        #expect(products.contains { $0.contains(".library(name: \"ReelKit\"") })
        #expect(products.contains { $0.contains(".executable(name: \"reel\"") })
        #expect(!manifest.contains("unsafeFlags"), "a target uses unsafe flags")
    }

    /// docs/architecture.md opens with the module graph `scripts/module-graph` makes from the
    /// manifest (read by SwiftPM itself, into a scratch folder of its own so this run's build
    /// folder is not locked).
    @Test func theArchitectureDocumentShowsTheModuleGraphOfThePackage() throws {
        let scratch = NSTemporaryDirectory() + "reel-module-graph-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = try Tools.run(
            Self.root + "/scripts/module-graph", ["--check", "--scratch-path", scratch], timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
