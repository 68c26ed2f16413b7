import Foundation
import Testing

@testable import EffectCatalog

/// The catalog's ids are a contract with the renderer's kernels and with templates in the wild.
@Suite struct CatalogTests {
    /// Where each family's descriptors live, one file per effect.
    static let descriptorFolders: [(EffectFamily, String)] = [
        (.transition, "Sources/EffectCatalog/Transitions"), (.filter, "Sources/EffectCatalog/Filters"),
    ]

    /// A descriptor compiles whether or not the catalog's list names it: each file of the
    /// descriptor folders declares one entry of its family, and the list holds exactly those.
    @Test func everyDescriptorFileIsInTheCatalog() throws {
        for (family, folder) in Self.descriptorFolders {
            let directory = RepositoryFiles.root.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
            var declared: [String] = []
            for file in files {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                let entries = text.components(separatedBy: "CatalogEntry(").dropFirst()
                #expect(entries.count == 1, "\(folder)/\(file) declares \(entries.count) entries, not one")
                for entry in entries {
                    let id = entry.drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" }
                    declared.append(String(id))
                    #expect(Catalog.entry(family, String(id))?.family == family, "\(folder)/\(file): '\(id)' is not in Catalog.\(family.rawValue)s")
                }
            }
            #expect(declared.sorted() == Catalog.ids(of: family).sorted(), "\(folder) against the catalog's \(family.rawValue)s")
        }
    }

    @Test func parametersAreWellFormed() {
        for entry in Catalog.all {
            #expect(!entry.summary.isEmpty, "\(entry.id)")
            #expect(Set(entry.parameters.map(\.name)).count == entry.parameters.count, "\(entry.id): unique names")
            for p in entry.parameters {
                if let range = p.range {
                    let d = p.defaultValue ?? .nan
                    #expect(range.contains(d), "\(entry.id).\(p.name): default \(d) within \(range)")
                } else if let hex = p.defaultColor {
                    #expect(!p.isRequired && !p.animatable, "\(entry.id).\(p.name): colours have a default and are constant")
                    #expect(hex.count == 7 && hex.hasPrefix("#") && hex == hex.lowercased(), "\(entry.id).\(p.name): default \(hex)")
                } else {
                    #expect(p.isRequired && !p.animatable, "\(entry.id).\(p.name): files are required and constant")
                }
                // A parameter must not shadow a key every effect has.
                #expect(!["kind", "duration", "easing", "keyframes"].contains(p.name), "\(entry.id).\(p.name)")
            }
        }
        for family in EffectFamily.allCases {
            let ids = Catalog.ids(of: family)
            #expect(Set(ids).count == ids.count, "\(family): unique ids")
        }
    }

    @Test func agreedRangesAndDefaults() throws {
        func p(_ family: EffectFamily, _ id: String, _ name: String) throws -> CatalogParameter {
            try #require(Catalog.entry(family, id)?.parameter(name), "\(id).\(name)")
        }
        #expect(try p(.filter, "blur", "radius").range == 0...0.1)
        #expect(try p(.filter, "blur", "radius").defaultValue == 0.01)
        #expect(try p(.filter, "contrast", "amount").range == 0...4)
        #expect(try p(.filter, "vignette", "radius").range == 0.1...2)
        #expect(try p(.filter, "lut", "file").type == .file(.lut))
        #expect(try p(.transition, "lumaWipe", "mask").type == .file(.image))
        #expect(try p(.motion, "zoomPan", "amount").defaultValue == 1.15)
    }

    @Test func jsonAndTextListEveryEntry() throws {
        let json = try #require(Catalog.jsonValue().objectValue)
        for family in EffectFamily.allCases {
            let items = try #require(json[family.rawValue]?.arrayValue)
            #expect(items.compactMap { $0.objectValue?["id"]?.stringValue } == Catalog.ids(of: family))
        }
        let text = Catalog.text()
        for entry in Catalog.all { #expect(text.contains("  \(entry.id) "), "\(entry.id)") }
    }

    @Test func theDocumentationListsEveryEntry() throws {
        let doc = try RepositoryFiles.text("docs/template-format.md")
        for entry in Catalog.all {
            #expect(doc.contains("| `\(entry.id)` |"), "docs/template-format.md lacks \(entry.family.rawValue) \(entry.id)")
            for p in entry.parameters { #expect(doc.contains("`\(p.name)`"), "\(entry.id).\(p.name)") }
        }
    }
}
