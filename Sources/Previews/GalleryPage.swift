import FileAccess

/// The gallery's HTML: static pages, no scripts from elsewhere, no build step, readable from
/// `file://` without a network.
///
/// `index.html` is a table of contents and a grid of cards, one per template (its animation
/// playing, name, canvas, length, texts to fill, validity), each a link to the template's own page
/// (`GalleryEntry.page`): its full contact sheet and every detail. A small inline script on each
/// page records on `<body>` how many images loaded (`data-images-loaded` of `data-images-total`)
/// and, on the index, where the browser laid out each card (`data-card-boxes`, page pixels
/// `x,y,width,height;...`, for the width in `data-view-width`), so a headless browser can check a
/// deployed gallery, and so can the tests.
package enum GalleryPage {
    /// The index: table of contents, then the cards.
    package static func html(title: String, entries: [GalleryEntry]) -> String {
        var toc = ""
        for e in entries {
            toc += "  <li><a href=\"#\(url(e.folderName))\">\(escape(e.title))</a>\(e.isValid ? "" : " <span class=\"bad\">invalid</span>")</li>\n"
        }
        var cards = ""
        for e in entries { cards += card(e) }
        let count = entries.count
        let invalid = entries.filter { !$0.isValid }.count
        return document(
            title: title,
            body: """
                <header>
                <h1>\(escape(title))</h1>
                <p class="summary">\(count) template\(count == 1 ? "" : "s")\(invalid > 0 ? ", \(invalid) invalid" : ""). Choose one to see its contact sheet.</p>
                <nav aria-label="Contents"><ol class="toc">
                \(toc)</ol></nav>
                </header>
                <main class="cards">
                \(cards)</main>

                """, script: cardScript)
    }

    /// One template's page: its full contact sheet, its animation and every detail.
    static func templatePage(_ e: GalleryEntry, galleryTitle: String) -> String {
        var body = "<p class=\"back\"><a href=\"index.html#\(url(e.folderName))\">← \(escape(galleryTitle))</a></p>\n"
        body += "<h1>\(escape(e.title)) \(status(e))</h1>\n"
        if let d = e.description { body += "<p class=\"description\">\(escape(d))</p>\n" }
        if !e.facts.isEmpty { body += "<p class=\"facts\">\(e.facts.map(escape).joined(separator: " · "))</p>\n" }
        if let s = e.sheet {
            body += "<a href=\"\(url(s))\"><img class=\"sheet\" src=\"\(url(s))\" alt=\"contact sheet of \(escape(e.title))\"></a>\n"
        }
        body += "<div class=\"details\">\n"
        if let a = e.animation {
            body += "<img class=\"animation\" src=\"\(url(a))\" alt=\"animated preview of \(escape(e.title))\">\n"
        }
        body += "<div>\n"
        if !e.slots.isEmpty {
            body += "<h2>Slots</h2>\n<ol class=\"slots\">\n"
            for s in e.slots { body += "  <li>\(escape(s))</li>\n" }
            body += "</ol>\n"
        }
        body += "<p>Texts to fill: \(texts(e))</p>\n"
        body += "<p>Music: \(e.music.map(escape) ?? "none")</p>\n"
        if !e.findings.isEmpty {
            body += "<h2>Validation</h2>\n<ul class=\"findings\">\n"
            for f in e.findings { body += "  <li><code>\(escape(f))</code></li>\n" }
            body += "</ul>\n"
        }
        body += "</div>\n</div>\n"
        return document(title: e.title, body: body, script: "")
    }

    private static func card(_ e: GalleryEntry) -> String {
        var c = "<a class=\"card\(e.isValid ? "" : " invalid")\" id=\"\(escape(e.folderName))\" href=\"\(url(e.page))\">\n"
        if let a = e.animation {
            c += "  <span class=\"picture\"><img src=\"\(url(a))\" alt=\"animated preview of \(escape(e.title))\"></span>\n"
        } else {
            c += "  <span class=\"picture none\">no preview</span>\n"
        }
        c += "  <span class=\"name\">\(escape(e.title)) \(status(e))</span>\n"
        if let canvas = e.canvas, let length = e.length {
            c += "  <span class=\"facts\">\(escape(canvas)) · \(escape(length))</span>\n"
        }
        if e.isValid {
            c += "  <span class=\"texts\">Texts: \(texts(e))</span>\n"
        } else {
            let errors = e.findings.filter { $0.hasPrefix("error") }.count
            c += "  <span class=\"texts\">\(max(1, errors)) error\(errors == 1 || errors == 0 ? "" : "s"): see its page</span>\n"
        }
        return c + "</a>\n"
    }

    private static func status(_ e: GalleryEntry) -> String {
        "<span class=\"status\(e.isValid ? "" : " invalid")\">\(e.isValid ? "valid" : "invalid")</span>"
    }

    private static func texts(_ e: GalleryEntry) -> String {
        e.texts.isEmpty ? "none" : e.texts.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")
    }

    private static func document(title: String, body: String, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font-family: "DejaVu Sans", sans-serif; background: #18181b; color: #e4e4e7; margin: 1em 1.5em; }
        a { color: #93c5fd; }
        h1 { font-size: 1.5em; margin: 0.2em 0; }
        h2 { font-size: 1.1em; }
        .summary, .facts, .description { color: #a1a1aa; }
        .summary { margin: 0.2em 0; }
        .toc { list-style: none; padding: 0; margin: 0.4em 0 1em; display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; font-size: 0.9em; }
        .bad { color: #fca5a5; }
        .status { font-size: 0.7em; padding: 0.1em 0.45em; border-radius: 0.4em; background: #166534; color: #f0fdf4; vertical-align: middle; }
        .status.invalid { background: #991b1b; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 14px; }
        .card { display: flex; flex-direction: column; gap: 0.25em; background: #27272a; border: 1px solid #3f3f46; border-radius: 8px;
          padding: 8px; color: inherit; text-decoration: none; font-size: 0.85em; }
        .card:hover, .card:focus, .card:target { border-color: #93c5fd; }
        .picture { display: flex; align-items: center; justify-content: center; height: 200px; background: #09090b; border-radius: 4px; }
        .picture img { max-width: 100%; max-height: 200px; }
        .picture.none { color: #fca5a5; }
        .name { font-weight: bold; font-size: 1.05em; }
        .sheet { max-width: 100%; border-radius: 4px; }
        .details { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; margin-top: 1em; }
        .animation { border-radius: 4px; }
        code { color: #fca5a5; }
        </style>
        </head>
        <body>
        \(body)<script>
        window.addEventListener("load", function () {
          var images = Array.prototype.slice.call(document.images);
          var loaded = images.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
          document.body.setAttribute("data-images-total", String(images.length));
          document.body.setAttribute("data-images-loaded", String(loaded));
        \(script)});
        </script>
        </body>
        </html>

        """
    }

    /// Records, on the index, where each card was laid out.
    private static let cardScript = """
          var boxes = Array.prototype.map.call(document.querySelectorAll(".card"), function (card) {
            var r = card.getBoundingClientRect();
            return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height].map(Math.round).join(",");
          });
          document.body.setAttribute("data-card-boxes", boxes.join(";"));
          document.body.setAttribute("data-view-width", String(window.innerWidth));

        """

    /// A file name made safe as a relative URL: every byte outside the unreserved set is
    /// percent-encoded (so `#`, `?`, `%` and spaces in a folder name still name the file), from
    /// the name's own bytes (`PathBytes`), which need not be UTF-8.
    static func url(_ name: String) -> String {
        var out = ""
        for byte in PathBytes.bytes(name) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return out
    }

    /// Text made safe inside HTML elements and double-quoted attributes.
    package static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
