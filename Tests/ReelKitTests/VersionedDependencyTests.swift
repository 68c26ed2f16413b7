import Foundation
import ReelTestSupport
import Testing

/// Reel as another package's dependency by version, the way a client would use it.
///
/// SwiftPM refuses a package whose targets use unsafe flags (`-Ounchecked`, `-I` paths) as a
/// versioned dependency, so this builds the package's own sources that way: the repository's
/// manifest, Sources and Tests are committed into a fresh git repository in a temporary folder and
/// tagged 99.0.0, and a scratch package that depends on it `from: "99.0.0"` through a `file://` URL
/// (no network) imports ReelKit, builds and runs. It compiles Reel once, in debug: several minutes.
@Suite struct VersionedDependencyTests {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(.timeLimit(.minutes(60))) func clientBuildsAgainstATaggedVersion() throws {
        let folder = TemporaryFolder("reel-versioned")
        // The repository as it stands, in a git repository of its own: the working tree is what is
        // tested, committed or not. `cp -a` keeps the links Sources/OpenCVHeaders holds.
        let repository = folder.file("reel")
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        let copy = try Tools.run(
            "cp", ["-a"] + ["Package.swift", "Sources", "Tests"].map { Self.root + "/" + $0 } + [repository])
        #expect(copy.status == 0, "\(copy.stderr)")
        for arguments in [
            ["init", "--quiet"], ["add", "--all"],
            ["-c", "user.name=Reel test", "-c", "user.email=test@reel.invalid", "commit", "--quiet", "-m", "Reel"],
            ["tag", "99.0.0"],
        ] {
            let git = try Tools.run("git", ["-C", repository] + arguments)
            try #require(git.status == 0, "git \(arguments.joined(separator: " ")): \(git.stderr)")
        }

        let client = folder.file("client")
        try FileManager.default.createDirectory(atPath: client + "/Sources/client", withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "client",
            dependencies: [.package(url: "\(URL(fileURLWithPath: repository).absoluteString)", from: "99.0.0")],
            targets: [.executableTarget(name: "client", dependencies: [.product(name: "ReelKit", package: "reel")])]
        )

        """.write(toFile: client + "/Package.swift", atomically: true, encoding: .utf8)
        try """
        import ReelKit

        print("ReelKit \\(Pipeline.self)")

        """.write(toFile: client + "/Sources/client/main.swift", atomically: true, encoding: .utf8)

        // SwiftPM's checkouts, caches and build stay in the temporary folder.
        let build = try Tools.run(
            "swift",
            [
                "build", "--package-path", client, "--scratch-path", client + "/.build", "--cache-path", folder.file("cache"),
                "--disable-dependency-cache",
            ], timeout: 55 * 60)
        try #require(build.status == 0, "swift build failed:\n\(String(build.stderr.suffix(4000)))\n\(String(build.stdout.suffix(4000)))")
        let run = try Tools.run(client + "/.build/debug/client", [])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ReelKit Pipeline\n")
    }
}
