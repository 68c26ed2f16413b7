import Foundation
import ReelTestSupport
import Testing

/// `reel gallery`, loaded in a real browser: headless Chromium (installed by scripts/test).
@Suite struct GalleryTests {
    /// Chromium from Debian's package, when installed.
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs headless Chromium on `page` with `arguments` and a profile of its own.
    func browser(_ arguments: [String], page: String, profile: TemporaryFolder) throws -> Tools.Output {
        let chromium = try #require(Self.chromium)
        return try Tools.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile.path)",
            ] + arguments + ["file://\(page)"])
    }

    @Test(.enabled(if: chromium != nil, "Chromium is not installed (scripts/test installs Debian's chromium package)"))
    func everyImageLoadsInABrowser() throws {
        let dir = TemporaryFolder()
        let templates = dir.file("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        let shipped = Reel.repositoryRoot + "/templates"
        let names = try FileManager.default.contentsOfDirectory(atPath: shipped).filter {
            FileManager.default.fileExists(atPath: "\(shipped)/\($0)/template.json")
        }
        for name in names { try FileManager.default.copyItem(atPath: "\(shipped)/\(name)", toPath: "\(templates)/\(name)") }
        _ = try makeTemplate(in: dir, name: "templates/broken", slots: [("a", "-1")])
        let site = dir.file("site")
        // Previews of every shipped template: minutes when the suite shares two cores.
        let r = try Reel.run(["gallery", templates, "-o", site], timeout: 900)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(names.count + 1) templates, 1 invalid"), "\(r.stdout)")
        let page = site + "/index.html"
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("error[T034]"), "the invalid template shows its finding")
        for name in names { #expect(html.contains("src=\"\(name).png\"") && html.contains("src=\"\(name).gif\"")) }

        // Every image the page names loads in the browser.
        let profile = TemporaryFolder()
        let dom = try browser(["--virtual-time-budget=10000", "--dump-dom"], page: page, profile: profile)
        let total = 2 * names.count
        #expect(dom.stdout.contains("data-images-total=\"\(total)\""), "\(dom.stdout.prefix(400)) \(dom.stderr.suffix(400))")
        #expect(dom.stdout.contains("data-images-loaded=\"\(total)\""), "every image loads: \(dom.stdout.prefix(400))")

        // And a screenshot of it: a real picture, not a blank page.
        let shot = dir.file("gallery.png")
        _ = try browser(["--window-size=1280,1600", "--screenshot=\(shot)"], page: page, profile: profile)
        let v = try #require(try Tools.probe(shot).video, "a screenshot was taken")
        #expect(v.width == 1280 && v.height == 1600)
        let pixels = try Tools.rgbFrame(shot, index: 0)
        var bright = 0
        for y in Swift.stride(from: 0, to: pixels.height, by: 4) {
            for x in Swift.stride(from: 0, to: pixels.width, by: 4) where pixels.pixel(x, y).g > 120 { bright += 1 }
        }
        // The page is dark; its text and pictures are what is bright.
        #expect(bright > pixels.width * pixels.height / 16 / 100, "the page has content: \(bright) bright samples")
    }
}
