import DocumentJSON
import ReelKit

/// A render request as the API takes it (`POST /v1/renders`): a template id, media, texts, the
/// options of `reel make` under their command-line names, and a webhook.
///
/// Read strictly: an unknown field, a value of the wrong type or a string too long is refused
/// with every problem at once. Its canonical text (`canonicalText`) is what the job store keeps
/// and what an `Idempotency-Key` compares: the same request written with other spacing or key
/// order is the same request.
package struct RenderRequest: Sendable, Equatable {
    /// The template's id: its folder's name among the server's template folders.
    package var template: String
    /// Upload ids (`m_...`) and paths beneath a media root, in the order given.
    package var media: [String]
    /// Texts to fill, by key.
    package var texts: [String: String]
    /// `reel make` options by their command-line names (`size`, `quality`, `music-start`), as text;
    /// flags (`use-all`, `soft-captions`, `strict`) as `true` or `false`.
    package var options: [String: String]
    /// Where the job's JSON is POSTed when it ends.
    package var webhook: String?

    /// Options whose value is text, read as `reel make` reads them.
    static let textOptions = MakeOptionText.names.filter { $0 != "use-all" } + ["music-start", "caption-style", "caption-lines"]
    /// Options whose value names a file: an upload id or a path beneath a media root.
    static let fileOptions = ["music", "captions", "caption-words", "voice"]
    /// Options that are on or off.
    static let flagOptions = ["use-all", "soft-captions", "strict"]
    /// Every option name the API takes.
    static var optionNames: [String] { textOptions + fileOptions + flagOptions }

    /// Values as given, unchecked.
    package init(template: String, media: [String], texts: [String: String] = [:], options: [String: String] = [:], webhook: String? = nil) {
        self.template = template
        self.media = media
        self.texts = texts
        self.options = options
        self.webhook = webhook
    }

    /// Reads a request body; every problem of its shape at once.
    package init(json object: JSONObject) throws(APIError) {
        var problems: [APIError.Problem] = []
        func problem(_ field: String, _ message: String) { problems.append(APIError.Problem(field: field, message: message)) }
        func string(_ value: JSONValue, _ field: String) -> String? {
            guard case .string(let s) = value else {
                problem(field, "must be a string, not \(value.typeName)")
                return nil
            }
            guard s.unicodeScalars.count <= ServerLimits.maxString else {
                problem(field, "is longer than \(ServerLimits.maxString) characters")
                return nil
            }
            guard !s.unicodeScalars.contains("\u{0}") else {
                problem(field, "holds a NUL character")
                return nil
            }
            return s
        }
        for key in object.keys where !["template", "media", "texts", "options", "webhook"].contains(key) {
            problem(key, "is not a field of a render request (template, media, texts, options, webhook)")
        }
        var template = ""
        if let value = object["template"] { template = string(value, "template") ?? "" } else { problem("template", "is required") }
        var media: [String] = []
        if let value = object["media"] {
            if let items = value.arrayValue {
                if items.isEmpty { problem("media", "names no media") }
                if items.count > ServerLimits.maxMedia { problem("media", "names more than \(ServerLimits.maxMedia) media") }
                for (i, item) in items.prefix(ServerLimits.maxMedia).enumerated() {
                    if let s = string(item, "media[\(i)]") { media.append(s) }
                }
            } else {
                problem("media", "must be an array of upload ids and paths")
            }
        } else {
            problem("media", "is required")
        }
        var texts: [String: String] = [:]
        if let value = object["texts"] {
            if let o = value.objectValue {
                if o.count > ServerLimits.maxTexts { problem("texts", "fills more than \(ServerLimits.maxTexts) texts") }
                for member in o.members.prefix(ServerLimits.maxTexts) {
                    if let s = string(member.value, "texts.\(member.key)") { texts[member.key] = s }
                }
            } else {
                problem("texts", "must be an object of key: text")
            }
        }
        var options: [String: String] = [:]
        if let value = object["options"] {
            if let o = value.objectValue {
                for member in o.members {
                    let field = "options.\(member.key)"
                    guard Self.optionNames.contains(member.key) else {
                        let guess = Suggestion.closest(to: member.key, among: Self.optionNames).map { "; did you mean '\($0)'?" } ?? ""
                        problem(field, "is not an option of make\(guess)")
                        continue
                    }
                    if Self.flagOptions.contains(member.key) {
                        guard case .bool(let b) = member.value else {
                            problem(field, "must be true or false")
                            continue
                        }
                        options[member.key] = b ? "true" : "false"
                    } else if case .number(let n) = member.value, Self.textOptions.contains(member.key) {
                        options[member.key] = n.text
                    } else if let s = string(member.value, field) {
                        options[member.key] = s
                    }
                }
            } else {
                problem("options", "must be an object of option: value")
            }
        }
        var webhook: String?
        if let value = object["webhook"] {
            if let s = string(value, "webhook") {
                if APIJSON.isWebhookURL(s) { webhook = s } else { problem("webhook", "must be an http or https URL") }
            }
        }
        guard problems.isEmpty else {
            throw APIError(
                400, "invalid_request", "the render request has \(problems.count) problem\(problems.count == 1 ? "" : "s")", problems: problems)
        }
        self.init(template: template, media: media, texts: texts, options: options, webhook: webhook)
    }

    /// The request as JSON: the fields given, keys sorted when written.
    package var json: JSONValue {
        var o = JSONObject(["template": .string(template), "media": .array(media.map(JSONValue.string))])
        if !texts.isEmpty {
            o["texts"] = .object(JSONObject(texts.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
        }
        if !options.isEmpty {
            o["options"] = .object(
                JSONObject(
                    options.sorted { $0.key < $1.key }.map { key, value in
                        JSONObject.Member(key: key, value: Self.flagOptions.contains(key) ? .bool(value == "true") : .string(value))
                    }))
        }
        if let webhook { o["webhook"] = .string(webhook) }
        return .object(o)
    }

    /// One line of JSON with sorted keys: what the store keeps and idempotency compares.
    package var canonicalText: String { JSONWriter.line(json) }

    /// Reads a request the store kept (`canonicalText`).
    package init(stored text: String) throws(APIError) {
        try self.init(json: APIJSON.object(Array(text.utf8)))
    }

    /// True when flag `name` is set.
    func flag(_ name: String) -> Bool { options[name] == "true" }
}
