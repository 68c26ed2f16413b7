import Foundation
import Testing

@testable import EffectCatalog

/// docs/architecture.md's "How to add a transition", walked: in a scratch copy of the package, its
/// steps add the documented example transition (the descriptor and kernel files as the guide
/// writes them, one line in each list), and the modules they touch build.
@Suite struct AddTransitionWalkthroughTests {
    // Every place the walk touches, in one place; the guide's list of files names the same.
    static let guide = "docs/architecture.md"
    static let heading = "## How to add a transition"
    static let exampleID = "halfCut"
    static let descriptorFile = "Sources/EffectCatalog/Transitions/HalfCut.swift"
    static let catalogList = ListEdit(
        file: "Sources/EffectCatalog/Catalog+Transitions.swift", declaration: "static let transitions", element: "T.halfCut")
    static let kernelFile = "Sources/PixelKernels/HalfCutTransition.swift"
    static let kernelList = ListEdit(file: "Sources/PixelKernels/TransitionKernel.swift", declaration: "static let all", element: ".halfCut")
    static let kernelTestFile = "Tests/PixelKernelsTests/HalfCutTransitionTests.swift"
    /// What the scratch copy needs to build: the manifest and every target's folder.
    static let packageParts = ["Package.swift", "Sources", "Tests"]
    /// The modules the steps change, built in the copy, in this order.
    static let modules = ["EffectCatalog", "PixelKernels"]
    /// A generous bound for building them from nothing on a busy machine.
    static let buildTimeLimit: Duration = .seconds(1800)

    /// One element added to an array literal: the first one opened at a line's end after `declaration`.
    struct ListEdit {
        let file: String
        let declaration: String
        let element: String

        func apply(to text: String) throws -> String {
            let declared = try #require(text.range(of: declaration), "\(file) has no '\(declaration)'")
            let opened = try #require(text.range(of: "[\n", range: declared.upperBound..<text.endIndex), "\(file): no list after '\(declaration)'")
            let closed = try #require(text.range(of: "]", range: opened.upperBound..<text.endIndex), "\(file): the list is not closed")
            return text.replacingCharacters(in: closed.lowerBound..<closed.lowerBound, with: element + ", ")
        }
    }

    static func section() throws -> String {
        let text = try RepositoryFiles.text(guide)
        let start = try #require(text.range(of: "\n" + heading + "\n"), "\(guide) has no section '\(heading)'")
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return String(text[start.upperBound..<end])
    }

    /// The guide's ```swift blocks, in order, without the indentation of the list item they are in.
    static func swiftBlocks(_ section: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var indent = 0
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed == "```swift" {
                current = []
                indent = line.count - trimmed.count
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.map { $0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)) }.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The guide names every file the walk touches, and the example is not a transition already.
    @Test func theGuideNamesTheFilesAndSteps() throws {
        let section = try Self.section()
        for path in [Self.descriptorFile, Self.catalogList.file, Self.kernelFile, Self.kernelList.file, Self.kernelTestFile] {
            #expect(section.contains("`\(path)`"), "\(Self.guide) '\(Self.heading)' does not name \(path)")
        }
        for edit in [Self.catalogList, Self.kernelList] {
            #expect(section.contains("`\(edit.element),`"), "\(Self.guide) does not say to add \(edit.element) to \(edit.file)")
        }
        #expect(Self.swiftBlocks(section).count == 2, "the guide's two code blocks: the descriptor, then the kernel")
        #expect(Catalog.entry(.transition, Self.exampleID) == nil)
        #expect(!FileManager.default.fileExists(atPath: RepositoryFiles.root.appendingPathComponent(Self.descriptorFile).path))
    }

    @Test func theGuidesStepsBuild() async throws {
        let blocks = Self.swiftBlocks(try Self.section())
        try #require(blocks.count == 2)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reel-add-transition-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: scratch)
            // SwiftPM keeps its locks for the copy beside it, named after its path.
            let temporary = FileManager.default.temporaryDirectory
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.contains(scratch.lastPathComponent) {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        for part in Self.packageParts {
            try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent(part), to: scratch.appendingPathComponent(part))
        }
        // Steps 1 and 3: the two files, as the guide writes them.
        try blocks[0].write(to: scratch.appendingPathComponent(Self.descriptorFile), atomically: true, encoding: .utf8)
        try blocks[1].write(to: scratch.appendingPathComponent(Self.kernelFile), atomically: true, encoding: .utf8)
        // Steps 2 and 4: one element in each list.
        for edit in [Self.catalogList, Self.kernelList] {
            let file = scratch.appendingPathComponent(edit.file)
            try edit.apply(to: try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        }
        for module in Self.modules {
            let (status, output) = try await Self.build(module, in: scratch)
            #expect(status == 0, "swift build --target \(module) of the scratch copy: \(output.suffix(4000))")
            if status != 0 { return }
        }
    }

    /// `swift build --target module` in `folder`, stopped past the time limit.
    static func build(_ module: String, in folder: URL) async throws -> (Int32, String) {
        let log = folder.appendingPathComponent("build-\(module).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--target", module]
        process.currentDirectoryURL = folder
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let clock = ContinuousClock()
        let deadline = clock.now + buildTimeLimit
        while process.isRunning && clock.now < deadline { try await Task.sleep(for: .milliseconds(500)) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return (-1, "stopped after \(buildTimeLimit)")
        }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
