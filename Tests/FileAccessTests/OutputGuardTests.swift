import FileAccess
import Foundation
import Testing

/// A template folder is an input however deep its files lie: any output beneath it collides.
@Suite struct OutputGuardTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "reel-guard-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    func collides(_ guardian: OutputGuard, _ output: String) -> Bool {
        do {
            try guardian.check([(label: "-o", path: output)])
            return false
        } catch {
            return error.kind == .collision
        }
    }

    @Test func anOutputAnyDepthBeneathATreeCollides() throws {
        // Twelve levels, deeper than the identity walk looks, with a sticker at the bottom.
        let deep = path("tpl/" + (1...12).map(String.init).joined(separator: "/"))
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: deep + "/s.png", contents: Data([1]))
        let guardian = OutputGuard(inputs: [.tree(path("tpl"))])
        #expect(collides(guardian, deep + "/s.png"), "an existing file deep inside")
        #expect(collides(guardian, deep + "/new.png"), "a new file deep inside")
        #expect(collides(guardian, deep + "/not/yet/made.png"), "a file in folders not made yet")
        #expect(collides(guardian, path("tpl/../tpl/1/x.png")), "through ..")
        // Through a link to a folder inside the tree, and a link (as the output) to a file inside it.
        try FileManager.default.createSymbolicLink(atPath: path("into"), withDestinationPath: deep)
        #expect(collides(guardian, path("into/s.png")))
        try FileManager.default.createSymbolicLink(atPath: path("out.png"), withDestinationPath: deep + "/s.png")
        #expect(collides(guardian, path("out.png")))
        // Beside the tree, and in a folder whose name only starts like the tree's, is fine.
        try FileManager.default.createDirectory(atPath: path("tpl2"), withIntermediateDirectories: true)
        #expect(!collides(guardian, path("out2.png")))
        #expect(!collides(guardian, path("tpl2/s.png")))
    }

    @Test func theMessageNamesTheTemplateFolder() throws {
        try FileManager.default.createDirectory(atPath: path("tpl/a"), withIntermediateDirectories: true)
        #expect { try OutputGuard(inputs: [.tree(path("tpl"))]).check([(label: "-o", path: path("tpl/a/b.png"))]) } throws: {
            "\($0)".contains("-o lies inside \(path("tpl"))")
        }
    }

    /// A hard link outside the tree to one of its files is found by identity.
    @Test func aHardLinkToATreeFileCollides() throws {
        try FileManager.default.createDirectory(atPath: path("tpl/a"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path("tpl/a/s.png"), contents: Data([1]))
        try FileManager.default.linkItem(atPath: path("tpl/a/s.png"), toPath: path("hard.png"))
        #expect(collides(OutputGuard(inputs: [.tree(path("tpl"))]), path("hard.png")))
    }

    /// Many trees, each named many times (a batch names its template once a row): each output is
    /// checked against the tree it lies in, whichever of them, and named as the tree was given.
    @Test func manyTreesNamedManyTimesAreEachFound() throws {
        let names = (0..<50).map { "tpl\($0)" }
        for name in names { try FileManager.default.createDirectory(atPath: path(name + "/fonts"), withIntermediateDirectories: true) }
        let inputs = (0..<20).flatMap { _ in names.map { OutputGuard.Input.tree(path($0)) } }
        let guardian = OutputGuard(inputs: inputs + [.tree(path("tpl7/./"))])
        for name in names {
            #expect(collides(guardian, path(name + "/fonts/new.ttf")), "\(name)")
            #expect(collides(guardian, path(name)), "the tree itself: \(name)")
        }
        #expect(!collides(guardian, path("tpl50/x.mp4")) && !collides(guardian, path("tpl.mp4")) && !collides(guardian, folder))
        #expect { try guardian.check([(label: "-o", path: path("tpl33/a.mp4"))]) } throws: { "\($0)".contains("-o lies inside \(path("tpl33"))") }
    }

    /// The root folder as a tree holds every output.
    @Test func theRootAsATreeHoldsEverything() throws {
        #expect(collides(OutputGuard(inputs: [.tree("/")]), path("a/b.mp4")))
    }
}
