/// Options several commands declare alike, each written once.
enum SharedOptions {
    static let output = Option("output", short: "o", help: "where to write the result")
    static let text = RepeatedOption("text", help: "fill a text of the template: --text title=\"Lisbon 2026\"")
    static let textFile = Option("text-file", help: "fill texts from a JSON object of key: text")
    static let seed = Option("seed", help: "a number that varies the resolver's choices (default 0)")
}

/// Options of the resolver a person can set (`make`, `resolve`).
struct ResolveOptionGroup: OptionTable {
    let order = Option("order", help: "order media fill slots: given (default), name or date")
    let useAll = Flag("use-all", help: "repeat the template's middle slots until every medium is used")
    let seed = SharedOptions.seed
    let reframe = Option("reframe", help: "cover (default) or smart: frame on faces and subjects where cover would crop away over a quarter")
    let text = SharedOptions.text
    let textFile = SharedOptions.textFile
    let format = Option("format", help: "text (default) or json: how to print what went where")
    let captions = Option(
        "captions", help: "burn in captions from an SRT or WebVTT file, or a JSON words file [{ \"word\", \"start\", \"end\" }]")
    let captionWords = Option("caption-words", help: "time the captions' words from a JSON words file")
    let captionStyle = Option("caption-style", help: "plain (default), box, karaoke (the spoken word lit) or pop (one word at a time)")
    let captionLines = Option("caption-lines", help: "most lines a caption takes, 1 to 5 (default 2)")
    let voice = Option(
        "voice", help: "a voice-over (an audio file), placed where the template's voice slot says (else from the start), the music ducked under it")
}

/// `--music song.mp3 [--music-start auto|<time>]`: a person's song under the template (`make`, `resolve`).
struct SongOptionGroup: OptionTable {
    let music = Option("music", help: "your own song in place of the template's music; times the template writes in beats follow its beats")
    let musicStart = Option(
        "music-start", help: "auto (default: the strongest stretch from a downbeat) or a time in the song, moved to the nearest beat")
}

/// Options of rendering a person can set (`make`, `render`).
struct RenderOptionGroup: OptionTable {
    let quality = Option("quality", help: "draft, standard (default) or high")
    let size = Option(
        "size", help: "render at WIDTHxHEIGHT, at 540p/720p/1080p (the canvas's shape), or in another shape: 9:16, 1:1, 16:9, 4:5")
    let progress = Option(
        "progress", help: "json: JSON lines of each stage's progress (probing, analysing, beats, render, sound) on stderr, for programs")
    let bitrate = Option("bitrate", help: "target video bit rate (e.g. 2M, 800k) instead of constant quality")
    let bpp = Option("bpp", help: "bit rate from bits per pixel per second (e.g. 6 for chat-sized clips: 240x320 at 6 is 460 kb/s)")
    let audioBitrate = Option("audio-bitrate", help: "AAC bit rate (e.g. 96k); default the timeline's, lower with a small --bitrate or --bpp")
    let loudness = Option("loudness", help: "normalize the mix to this many LUFS (default -14), or 'off'")
    let softCaptions = Flag("soft-captions", help: "also carry the captions as a subtitle stream (mov_text) players can turn on and off")
}

/// Options that fill a template for `preview` and `poster`: media, and texts and seed as for `make`.
struct FillOptionGroup: OptionTable {
    let media = RepeatedOption("media", help: "fill a template with these media (files or folders; several may follow)", list: true)
    let text = SharedOptions.text
    let textFile = SharedOptions.textFile
    let seed = SharedOptions.seed
}
