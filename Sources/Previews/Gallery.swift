import FileAccess
import Foundation
import MediaFacts
import MediaIO
import MediaTime
import RenderCore
import TemplateFormat
import TemplateResolver
import TimelineModel

/// Builds the gallery: every template in a folder, with its contact sheet, animated preview,
/// details and validation status, as a static site (`index.html` beside its images).
///
/// A template that does not validate is listed with its findings and no pictures, so the page
/// shows authors what to fix instead of leaving the template out.
public enum Gallery {
    /// What `build` made, for the caller to write and report.
    public struct Result: Sendable {
        /// Path of the `index.html` written, for the caller to print.
        package let page: String
        /// One entry per template folder, in name order, valid or not.
        package let entries: [GalleryEntry]
    }

    /// Template folders directly inside `folder` (those holding a `template.json`), by name.
    package static func templateFolders(in folder: String) throws(FileAccessError) -> [String] {
        guard let names = FolderListing.names(folder) else {
            throw FileAccessError(.unreadable, file: folder, operation: "listing templates", reason: "no such folder")
        }
        let found = names.filter { !$0.hasPrefix(".") && FileKind.of("\(folder)/\($0)/\(TemplateLoader.fileName)") != nil }.sorted()
        guard !found.isEmpty else {
            throw FileAccessError(.notMedia, file: folder, operation: "listing templates", reason: "no folder in it holds a template.json")
        }
        return found.map { "\(folder)/\($0)" }
    }

    /// Every file `build` writes into `site`: `index.html`, and each template's page, sheet and
    /// animation (`<name>.sheet.html`, `<name>.png`, `<name>.gif`), for the output check before any work.
    package static func outputs(templates folder: String, site: String) throws(FileAccessError) -> [String] {
        ["\(site)/index.html"]
            + (try templateFolders(in: folder)).flatMap { path in
                let name = SheetHeader.fileName(path)
                return ["\(site)/\(name).sheet.html", "\(site)/\(name).png", "\(site)/\(name).gif"]
            }
    }

    /// Writes the site into `site` (created when missing). `media`, when given, fills every template instead of placeholders.
    /// A run that fails removes the folders it made, when nothing else is in them.
    package static func build(
        templates folder: String, site: String, media: [MediaAsset] = [],
        options: SheetLayoutOptions = SheetLayoutOptions()
    ) throws -> Result {
        let folders = try templateFolders(in: folder)
        let made: [String]
        made = try FolderMaking.create(site)
        do {
            return try write(folders, site: site, media: media, options: options)
        } catch {
            FolderMaking.removeEmpty(made)
            throw error
        }
    }

    private static func write(_ folders: [String], site: String, media: [MediaAsset], options: SheetLayoutOptions) throws -> Result {
        var entries: [GalleryEntry] = []
        for path in folders {
            entries.append(try entry(for: path, site: site, media: media, options: options))
        }
        let title = "Reel templates"
        for e in entries {
            try writeText(GalleryPage.templatePage(e, galleryTitle: title), to: "\(site)/\(e.page)")
        }
        let page = "\(site)/index.html"
        try writeText(GalleryPage.html(title: title, entries: entries), to: page)
        return Result(page: page, entries: entries)
    }

    private static func writeText(_ text: String, to path: String) throws {
        let output = try AtomicFile(path: path)
        try output.write(Array(text.utf8))
        try output.commit()
    }

    static func entry(for path: String, site: String, media: [MediaAsset], options: SheetLayoutOptions) throws -> GalleryEntry {
        let name = SheetHeader.fileName(path)
        let loaded: TemplateLoadResult
        do { loaded = try TemplateLoader.load(folder: path, inspector: TemplateAssetInspector()) } catch {
            return GalleryEntry(folderName: name, title: name, findings: [error.description], isValid: false)
        }
        let findings = loaded.diagnostics.filter { $0.severity != .note }.map { "\($0.severity.rawValue)[\($0.code.rawValue)]: \($0.message)" }
        guard let template = loaded.template else {
            return GalleryEntry(folderName: name, title: name, findings: findings, isValid: false)
        }
        var placeholders: PlaceholderMedia?
        let timeline: Timeline
        if media.isEmpty {
            let p = try PlaceholderMedia(template: template)
            placeholders = p
            do { timeline = try p.timeline(template: template, templateFolder: path) } catch {
                switch error {
                case .resolve(let e): throw e
                case .media(let e): throw e
                }
            }
        } else {
            timeline = try Resolver.resolve(template: template, templateFolder: path, media: media).timeline
        }
        let header = SheetHeader(template: template, timeline: timeline, placeholders: placeholders != nil)
        let sheet = try TimelineSheet.make(timeline, header: header, selection: .slots, options: options)
        try sheet.write(to: "\(site)/\(name).png")
        try AnimatedPreview.write(timeline, to: "\(site)/\(name).gif", maxSide: 240, frameRate: FrameRate(8))
        // The placeholder pictures must stay on disk until everything above is drawn.
        withExtendedLifetime(placeholders) {}
        return GalleryEntry(
            folderName: name, template: template, timeline: timeline, findings: findings,
            sheet: "\(name).png", animation: "\(name).gif")
    }
}
