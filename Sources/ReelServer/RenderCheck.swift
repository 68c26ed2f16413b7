import ReelKit

/// Checks a render request as `reel make` would before any work, every problem at once: the
/// template is the server's and valid, the media and files are uploads or beneath a media root,
/// the texts are the template's, the options take their values. What passes is a `MakeRequest`
/// ready to run; the same check runs when the job starts, so a job runs what was accepted.
package struct RenderCheck: Sendable {
    let templates: ServerTemplates
    let places: MediaPlaces
    /// False when the server has no secret to sign webhooks with: a request naming one is refused.
    let signsWebhooks: Bool

    /// The request as `Pipeline.make` takes it, writing to `output` (and the timeline beside it);
    /// `owner` is the token it came with, whose uploads alone it may name.
    package func makeRequest(_ request: RenderRequest, owner: String?, output: String, timeline: String?) throws(APIError) -> MakeRequest {
        var problems: [APIError.Problem] = []
        if request.webhook != nil && !signsWebhooks {
            problems.append(
                APIError.Problem(
                    field: "webhook", message: "this server signs webhooks with a secret it was not given (reel serve --webhook-secret FILE)"))
        }
        let loaded: LoadedTemplate?
        do { loaded = try templates.load(request.template) } catch {
            guard error.code == "invalid_template" else { throw error }
            problems += error.problems
            loaded = nil
        }
        var media: [String] = []
        for (i, item) in request.media.enumerated() {
            switch places.resolve(item, owner: owner) {
            case .success(let path): media.append(path)
            case .failure(let refusal): problems.append(APIError.Problem(field: "media[\(i)]", message: refusal.reason))
            }
        }
        var files: [String: String] = [:]
        for name in RenderRequest.fileOptions {
            guard let item = request.options[name] else { continue }
            switch places.resolve(item, owner: owner) {
            case .success(let path): files[name] = path
            case .failure(let refusal): problems.append(APIError.Problem(field: "options.\(name)", message: refusal.reason))
            }
        }
        let o = request.options
        let option = MakeOptionText(
            order: o["order"], useAll: request.flag("use-all"), seed: o["seed"], quality: o["quality"], size: o["size"], bitrate: o["bitrate"],
            bpp: o["bpp"], audioBitrate: o["audio-bitrate"], loudness: o["loudness"], reframe: o["reframe"])
        let text = MakeRequestText(
            options: option, texts: request.texts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }, captions: files["captions"],
            captionWords: files["caption-words"], captionStyle: o["caption-style"], captionLines: o["caption-lines"], voice: files["voice"],
            music: files["music"], musicStart: o["music-start"], softCaptions: request.flag("soft-captions"))
        func refused(_ error: OptionValueError) {
            problems.append(APIError.Problem(field: "options.\(error.option)", message: error.message))
        }
        do { _ = try text.songRequest() } catch { refused(error) }
        do { _ = try option.resolveOptions() } catch { refused(error) }
        if let template = loaded?.template {
            let keys = template.textKeys
            for key in request.texts.keys.sorted() where !keys.contains(key) {
                let known = keys.isEmpty ? " (it has no texts)" : "; its texts are \(keys.joined(separator: ", "))"
                problems.append(APIError.Problem(field: "texts.\(key)", message: "the template has no text '\(key)'\(known)"))
            }
            for key in template.requiredTextKeys where (request.texts[key] ?? "").isEmpty {
                problems.append(APIError.Problem(field: "texts.\(key)", message: "is required by the template and not given"))
            }
            do { _ = try text.exportOptions(canvas: template.canvas) } catch { refused(error) }
        }
        // The captions and texts as the resolver will read them, once the rest is sound.
        if problems.isEmpty, let loaded {
            do { _ = try text.resolveOptions(for: loaded) } catch {
                switch error {
                case .option(let e): refused(e)
                default: problems.append(APIError.Problem(field: "options", message: error.description))
                }
            }
        }
        guard problems.isEmpty, let loaded else {
            throw APIError(
                422, "invalid_request", "the render request has \(problems.count) problem\(problems.count == 1 ? "" : "s")", problems: problems)
        }
        return MakeRequest(
            template: loaded.folder, media: media, output: output, timelineOutput: timeline, strict: request.flag("strict"), text: text)
    }
}
