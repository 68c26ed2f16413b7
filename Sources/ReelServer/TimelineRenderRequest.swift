import DocumentJSON

/// A render of a stored timeline as the API takes it (`POST /v1/timelines/{id}/renders`): the
/// render's options of `reel render` by their command-line names, and a webhook.
///
/// The job keeps a copy of the timeline as it was when the render was asked for (`snapshot`, a
/// file beside the timeline, so its relative media paths hold), so later edits never change an
/// accepted render.
package struct TimelineRenderRequest: Sendable, Equatable {
    /// The timeline's id.
    package var timeline: String
    /// The copy of the timeline this render plays: a file name in the timeline's folder.
    package var snapshot: String
    /// `quality`, `size`, `bitrate`, `bpp`, `audio-bitrate`, `loudness`, as text.
    package var options: [String: String]
    /// Where the job's JSON is POSTed when it ends.
    package var webhook: String?

    /// The options a timeline's render takes: those of `make` that shape the export.
    static let optionNames = ["quality", "size", "bitrate", "bpp", "audio-bitrate", "loudness"]

    /// Values as given.
    package init(timeline: String, snapshot: String, options: [String: String] = [:], webhook: String? = nil) {
        self.timeline = timeline
        self.snapshot = snapshot
        self.options = options
        self.webhook = webhook
    }

    /// Reads the body of `POST /v1/timelines/{id}/renders` for timeline `id`; every problem at once.
    package init(json object: JSONObject, timeline id: String, snapshot: String) throws(APIError) {
        var problems: [APIError.Problem] = []
        for key in object.keys where !["options", "webhook"].contains(key) {
            problems.append(APIError.Problem(field: key, message: "is not a field of a timeline's render (options, webhook)"))
        }
        var options: [String: String] = [:]
        if let value = object["options"] {
            if let o = value.objectValue {
                for member in o.members {
                    guard Self.optionNames.contains(member.key) else {
                        problems.append(
                            APIError.Problem(
                                field: "options.\(member.key)", message: "is not an option of a render (\(Self.optionNames.joined(separator: ", ")))")
                        )
                        continue
                    }
                    switch member.value {
                    case .string(let s) where s.count <= ServerLimits.maxString && !s.unicodeScalars.contains("\u{0}"): options[member.key] = s
                    case .number(let n): options[member.key] = n.text
                    default: problems.append(APIError.Problem(field: "options.\(member.key)", message: "must be a string or a number"))
                    }
                }
            } else {
                problems.append(APIError.Problem(field: "options", message: "must be an object of option: value"))
            }
        }
        var webhook: String?
        if let value = object["webhook"] {
            if case .string(let s) = value, APIJSON.isWebhookURL(s), s.count <= ServerLimits.maxString {
                webhook = s
            } else {
                problems.append(APIError.Problem(field: "webhook", message: "must be an http or https URL"))
            }
        }
        guard problems.isEmpty else {
            throw APIError(
                400, "invalid_request", "the render request has \(problems.count) problem\(problems.count == 1 ? "" : "s")", problems: problems)
        }
        self.init(timeline: id, snapshot: snapshot, options: options, webhook: webhook)
    }

    /// What the store keeps: one line of JSON, keys sorted.
    package var canonicalText: String {
        var o = JSONObject(["timeline": .string(timeline), "snapshot": .string(snapshot)])
        if !options.isEmpty {
            o["options"] = .object(JSONObject(options.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
        }
        if let webhook { o["webhook"] = .string(webhook) }
        return JSONWriter.line(.object(o))
    }

    /// Reads what the store kept.
    package init(stored text: String) throws(APIError) {
        let o = try APIJSON.object(Array(text.utf8))
        guard case .string(let id)? = o["timeline"], case .string(let snapshot)? = o["snapshot"] else {
            throw APIError(500, "store_error", "a stored timeline render is not readable")
        }
        try self.init(json: JSONObject(o.members.filter { !["timeline", "snapshot"].contains($0.key) }), timeline: id, snapshot: snapshot)
    }
}
