/// The gallery's HTML: one self-contained static page, no scripts from elsewhere, no build step.
///
/// A small inline script records on `<body>` how many images loaded (`data-images-loaded` of
/// `data-images-total`) once the page has loaded, so a headless browser can check a deployed
/// gallery, and so can the tests.
public enum GalleryPage {
    public static func html(title: String, entries: [GalleryEntry]) -> String {
        var body = ""
        for e in entries {
            body += "<section class=\"template\(e.isValid ? "" : " invalid")\" id=\"\(escape(e.folderName))\">\n"
            body += "  <h2>\(escape(e.title)) <span class=\"status\">\(e.isValid ? "valid" : "invalid")</span></h2>\n"
            if let d = e.description { body += "  <p class=\"description\">\(escape(d))</p>\n" }
            if !e.facts.isEmpty { body += "  <p class=\"facts\">\(e.facts.map(escape).joined(separator: " · "))</p>\n" }
            body += "  <div class=\"pictures\">\n"
            if let a = e.animation {
                body += "    <img class=\"animation\" src=\"\(escape(a))\" alt=\"animated preview of \(escape(e.title))\">\n"
            }
            if let s = e.sheet {
                body += "    <a href=\"\(escape(s))\"><img class=\"sheet\" src=\"\(escape(s))\" alt=\"contact sheet of \(escape(e.title))\"></a>\n"
            }
            body += "  </div>\n"
            if !e.slots.isEmpty {
                body += "  <h3>Slots</h3>\n  <ol class=\"slots\">\n"
                for s in e.slots { body += "    <li>\(escape(s))</li>\n" }
                body += "  </ol>\n"
            }
            body += "  <p>Texts to fill: \(e.texts.isEmpty ? "none" : e.texts.map { "<code>\(escape($0))</code>" }.joined(separator: ", "))</p>\n"
            body += "  <p>Music: \(e.music.map(escape) ?? "none")</p>\n"
            if !e.findings.isEmpty {
                body += "  <h3>Validation</h3>\n  <ul class=\"findings\">\n"
                for f in e.findings { body += "    <li><code>\(escape(f))</code></li>\n" }
                body += "  </ul>\n"
            }
            body += "</section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font-family: "DejaVu Sans", sans-serif; background: #18181b; color: #e4e4e7; margin: 2em; }
            h1 { font-size: 1.6em; }
            section { border-top: 1px solid #3f3f46; padding: 1em 0; }
            .status { font-size: 0.6em; padding: 0.15em 0.5em; border-radius: 0.4em; background: #166534; vertical-align: middle; }
            .invalid .status { background: #991b1b; }
            .facts, .description { color: #a1a1aa; }
            .pictures { display: flex; gap: 1em; align-items: flex-start; flex-wrap: wrap; }
            .pictures img { border-radius: 4px; }
            .animation { max-height: 320px; }
            .sheet { max-width: 900px; width: 100%; }
            code { color: #fca5a5; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            \(body)<script>
            window.addEventListener("load", function () {
              var images = Array.prototype.slice.call(document.images);
              var loaded = images.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
              document.body.setAttribute("data-images-total", String(images.length));
              document.body.setAttribute("data-images-loaded", String(loaded));
            });
            </script>
            </body>
            </html>

            """
    }

    /// Text made safe inside HTML elements and double-quoted attributes.
    public static func escape(_ text: String) -> String {
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
