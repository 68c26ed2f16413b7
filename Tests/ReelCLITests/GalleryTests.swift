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
            ] + arguments + [URL(fileURLWithPath: page).absoluteString])
    }

    /// The value of `attribute` on `<body>` in a dumped DOM.
    func bodyAttribute(_ attribute: String, in dom: String) -> String? {
        guard let start = dom.range(of: "\(attribute)=\"") else { return nil }
        guard let end = dom[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(dom[start.upperBound..<end])
    }

    /// The gallery's index at 1280x800, as a person first sees it: at least `minimum` cards lie
    /// wholly inside the view by the browser's own layout, and the screenshot shows each of them
    /// (the card's colour at its edge, its animation's pixels inside its picture box).
    func checkFirstView(_ page: String, dir: TemporaryFolder, minimum: Int) throws {
        let profile = TemporaryFolder()
        let dom = try browser(["--window-size=1280,800", "--virtual-time-budget=10000", "--dump-dom"], page: page, profile: profile).stdout
        #expect(bodyAttribute("data-view-width", in: dom) == "1280", "\(dom.prefix(300))")
        // Cards wholly inside the first 1280x800 of the page, by the browser's own layout.
        let boxes = (bodyAttribute("data-card-boxes", in: dom) ?? "").split(separator: ";").map { $0.split(separator: ",").compactMap { Int($0) } }
        let visible = boxes.filter { $0.count == 4 && $0[0] >= 0 && $0[1] >= 0 && $0[0] + $0[2] <= 1280 && $0[1] + $0[3] <= 800 }
        #expect(visible.count >= minimum, "\(visible.count) cards in the first 1280x800 view: \(boxes)")

        let shot = dir.file("first-view.png")
        _ = try browser(["--window-size=1280,800", "--virtual-time-budget=5000", "--screenshot=\(shot)"], page: page, profile: profile)
        let v = try #require(try Tools.probe(shot).video, "a screenshot was taken")
        #expect(v.width == 1280 && v.height == 800)
        let pixels = try Tools.rgbFrame(shot, index: 0)
        func near(_ p: (r: Int, g: Int, b: Int), _ c: (Int, Int, Int)) -> Bool { abs(p.r - c.0) + abs(p.g - c.1) + abs(p.b - c.2) <= 12 }
        let page = (24, 24, 27)
        let card = (39, 39, 42)
        var drawn = 0
        for box in visible {
            let (x, y, w, h) = (box[0], box[1], box[2], box[3])
            // Inside the card's padding, below its top border: the card's colour; just left of it, the page's.
            let edge = near(pixels.pixel(x + w / 2, y + 4), card) && near(pixels.pixel(x + w / 2, y + h - 4), card)
            let outside = x < 3 || near(pixels.pixel(x - 3, y + h / 2), page)
            // The picture box (200 px high under the padding): the animation's pixels, not just its dark backing.
            var lit = 0
            for py in Swift.stride(from: y + 12, to: min(y + 204, y + h), by: 4) {
                for px in Swift.stride(from: x + 12, to: x + w - 12, by: 4) where pixels.pixel(px, py).g > 60 || pixels.pixel(px, py).r > 60 {
                    lit += 1
                }
            }
            if edge && outside && lit > 100 { drawn += 1 }
        }
        #expect(drawn >= minimum, "\(drawn) cards drawn in the screenshot, of \(visible.count) the DOM places in view")
    }

    /// A small generated gallery, fast to render: nine templates of three shapes (one set to the
    /// beats of a 140 BPM song, whose slots' lengths snap to frames) and one invalid.
    @Test(.enabled(if: chromium != nil, "Chromium is not installed (scripts/test installs Debian's chromium package)"))
    func cardsOpenTheirSheetsAndFillTheFirstView() throws {
        let dir = TemporaryFolder()
        let templates = dir.file("templates")
        let canvases = [(144, 256), (256, 144), (192, 192)]
        var names: [String] = []
        for i in 0..<9 {
            let (w, h) = canvases[i % 3]
            let name = "t\(i) #\(i)"
            let folder = "\(templates)/\(name)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let json: String
            if i == 0 {
                try TestMedia.tone(folder + "/music.m4a", seconds: "3")
                json = """
                    { "format": 1, "name": "Beats \(i)", "canvas": { "width": \(w), "height": \(h), "frameRate": "30" },
                      "music": { "file": "music.m4a", "beats": [0, 0.428571, 0.857143, 1.285714, 1.714286, 2.142857, 2.571429] },
                      "slots": [ { "id": "a", "duration": "2 beats" }, { "id": "b", "duration": "2 beats" } ],
                      "layers": [ { "id": "t", "kind": "text", "key": "title", "text": "Hi", "start": 0, "duration": 1 } ] }
                    """
            } else {
                json = """
                    { "format": 1, "name": "Small \(i)", "canvas": { "width": \(w), "height": \(h), "frameRate": "10" },
                      "slots": [ { "id": "a", "accepts": "image", "duration": 0.5 }, { "id": "b", "duration": 0.5 } ] }
                    """
            }
            try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
            names.append(name)
        }
        _ = try makeTemplate(in: dir, name: "templates/broken", slots: [("a", "-1")])
        let site = dir.file("site")
        let r = try Reel.run(["gallery", templates, "-o", site], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("10 templates, 1 invalid"), "\(r.stdout)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        // A table of contents and a card per template, each linking to its own page.
        #expect(index.components(separatedBy: "<li><a href=\"#").count - 1 == 10, "one contents entry per template")
        #expect(index.components(separatedBy: "<a class=\"card").count - 1 == 10, "one card per template")
        #expect(index.contains("href=\"t0%20%230.sheet.html\"") && index.contains("src=\"t0%20%230.gif\""), "names are escaped in URLs")
        #expect(index.contains("144x256 · 1 s") && index.contains("<code>title</code>"), "a card says canvas, length and texts")
        #expect(index.contains("href=\"broken.sheet.html\"") && index.contains("status invalid"))
        for name in names {
            let page = try String(contentsOfFile: "\(site)/\(name).sheet.html", encoding: .utf8)
            #expect(page.contains("class=\"sheet\""), "\(name)'s page shows its sheet")
        }
        let broken = try String(contentsOfFile: site + "/broken.sheet.html", encoding: .utf8)
        #expect(broken.contains("error[T034]"), "the invalid template's page shows its finding")
        // Slots say the length their clips have: 2 beats of 140 BPM is 6/7 s, snapped to 26 frames at 30 fps, then 25.
        let beats = try String(contentsOfFile: "\(site)/\(names[0]).sheet.html", encoding: .utf8)
        #expect(beats.contains("a: video or photo, 0.87 s") && beats.contains("b: video or photo, 0.83 s") && !beats.contains("0.86 s"), "\(beats)")

        // A template page's images load, from file://, with no network.
        let profile = TemporaryFolder()
        let dom = try browser(["--virtual-time-budget=10000", "--dump-dom"], page: "\(site)/\(names[1]).sheet.html", profile: profile).stdout
        #expect(bodyAttribute("data-images-total", in: dom) == "2" && bodyAttribute("data-images-loaded", in: dom) == "2", "\(dom.prefix(400))")
        try checkFirstView(site + "/index.html", dir: dir, minimum: 8)
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
        for name in names {
            #expect(html.contains("href=\"\(name).sheet.html\"") && html.contains("src=\"\(name).gif\""))
            let own = try String(contentsOfFile: "\(site)/\(name).sheet.html", encoding: .utf8)
            #expect(own.contains("src=\"\(name).png\"") && own.contains("src=\"\(name).gif\""))
        }

        // Every image the page names loads in the browser.
        let profile = TemporaryFolder()
        let dom = try browser(["--virtual-time-budget=10000", "--dump-dom"], page: page, profile: profile)
        let total = names.count
        #expect(dom.stdout.contains("data-images-total=\"\(total)\""), "\(dom.stdout.prefix(400)) \(dom.stderr.suffix(400))")
        #expect(dom.stdout.contains("data-images-loaded=\"\(total)\""), "every image loads: \(dom.stdout.prefix(400))")

        // The shipped templates as a person first sees them: at least eight cards in a 1280x800 view.
        try checkFirstView(page, dir: dir, minimum: 8)
    }
}
