// swift-tools-version:6.0
import PackageDescription

/// Reel: template-based video making.
///
/// One concept per module, and dependencies point one way (docs/architecture.md opens with the
/// graph, generated from this file by `scripts/module-graph`):
/// - the documents, which know nothing of media: MediaTime (exact time) ◄── DocumentLimits (every
///   limit) ◄── DocumentJSON (JSON with positions, diagnostics) ◄── EffectCatalog ◄── TimelineModel
///   ◄── Captions ◄── TemplateFormat ◄── TemplateResolver ◄── TimelineEditing;
/// - the media, which know nothing of templates: FileAccess (every open, atomic outputs) ◄── MediaIO
///   (the only module that sees FFmpeg, libpng, libheif, FreeType) ◄── PixelKernels, BeatTracking
///   (aubio), SubjectDetection (OpenCV, through CVision's C interface);
/// - where they meet: MediaFacts (what media files are) ◄── RenderCore (planners, frames, sound,
///   export) ◄── Previews ◄── PreviewEngine ◄── ReelKit, the one library product, and `reel`, its command line.
///
/// No target uses unsafe flags, so other packages can depend on Reel by version. PixelKernels (the
/// pixel loops of transitions, filters and compositing) builds with every check on like the rest:
/// its loops index raw rows with wrapping arithmetic, and convert floats to integers without range
/// checks where the value is clamped first (FloatClamp.swift); each entry point checks sizes,
/// strides and buffer lengths with checks that trap in every build, so a wrong call stops instead
/// of writing out of bounds.

/// The document modules, lowest first: what a module of documents may depend on is a prefix of this.
let documents = modules(
    "MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions",
    "TemplateFormat", "TemplateResolver", "Subjects")

/// Target dependencies by name (a typed list keeps the manifest quick to type-check).
func modules(_ names: String...) -> [Target.Dependency] { names.map { .byName(name: $0) } }

let package = Package(
    name: "Reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
        /// The make pipeline as Swift API: the one library product, what the `reel` command line is a client of.
        .library(name: "ReelKit", targets: ["ReelKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CText", pkgConfig: "harfbuzz", providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CAubio", pkgConfig: "aubio", providers: [.apt(["libaubio-dev"])]),
        .systemLibrary(name: "CSystem"),
        .systemLibrary(name: "CMHD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // OpenCV (C++; Debian libopencv-dev, libopencv-contrib-dev, opencv-data) behind a C interface:
        // no C++ type leaves it. It links the four OpenCV libraries it uses by name, not through
        // pkg-config, whose opencv4 flags link every OpenCV module (some 380 libraries loaded by
        // every `reel` run, against about 175 so). OpenCV 4 keeps its headers in an `opencv4` folder
        // of the system's or /usr/local's include folder; Sources/OpenCVHeaders holds a link to each,
        // so that plain header search paths inside the package reach them (a link to a folder that
        // does not exist is skipped).
        .target(
            name: "CVision",
            cxxSettings: [.headerSearchPath("../OpenCVHeaders/system"), .headerSearchPath("../OpenCVHeaders/local")],
            linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_objdetect", "opencv_saliency"].map { .linkedLibrary($0) }),

        // Exact rational time: instants, ranges, frame and sample rates.
        .target(name: "MediaTime"),
        // Every size, count, range and length a template or timeline may ask for, declared once.
        .target(name: "DocumentLimits", dependencies: ["MediaTime"]),
        // Colours and the look of a text, shared by the documents and the rasterizer (MediaIO).
        .target(name: "Appearance"),
        // Faces and salient regions as framing reads them, apart from the detectors that find them.
        .target(name: "Subjects", dependencies: ["MediaTime"]),
        // How long work reports itself: stages, frames, rates and times, what progress displays read.
        .target(name: "ProgressReport"),
        // The one place files are opened and outputs created.
        .target(name: "FileAccess", dependencies: ["MediaTime", "DocumentLimits", "CSystem"]),
        // JSON read with the line and column of every value, written canonically; diagnostics and their codes.
        .target(name: "DocumentJSON", dependencies: ["MediaTime", "DocumentLimits", "FileAccess", "CJSONC"]),
        // The effects (transitions, filters, motions): ids, parameters, ranges, defaults, easing.
        .target(name: "EffectCatalog", dependencies: ["MediaTime", "DocumentLimits", "DocumentJSON"]),
        // The timeline: model, codec, upgrades, every timeline rule, OpenTimelineIO export.
        .target(name: "TimelineModel", dependencies: Array(documents.prefix(6))),
        // Caption files (SRT, WebVTT, words) and their cues.
        .target(name: "Captions", dependencies: Array(documents.prefix(7))),
        // Templates: model, decoder and its rules, loader, assets, template times.
        .target(name: "TemplateFormat", dependencies: Array(documents.prefix(8))),
        // From a template and media facts to a timeline: slot filling, framing, music placement.
        .target(name: "TemplateResolver", dependencies: Array(documents.prefix(9)) + modules("Subjects")),
        // Edits of a timeline, their history and drafts.
        .target(name: "TimelineEditing", dependencies: documents),

        .target(
            name: "MediaIO", dependencies: ["MediaTime", "DocumentLimits", "Appearance", "FileAccess", "CFFmpeg", "CPNG", "CText", "CHEIF"]),
        .target(name: "PixelKernels", dependencies: ["MediaIO"]),
        // Faces, salient regions and shot signatures of decoded pictures; the only module that sees CVision.
        .target(name: "SubjectDetection", dependencies: ["MediaTime", "Subjects", "MediaIO", "CVision"]),
        .target(name: "BeatTracking", dependencies: ["MediaTime", "MediaIO", "CAubio"]),
        // What media files are: probing, the template asset inspector, live photos, the timeline's
        // media check, and the analysis caches (beats, subjects, segments).
        .target(name: "MediaFacts", dependencies: documents + modules("ProgressReport", "MediaIO", "BeatTracking", "SubjectDetection")),
        // The planners, the frame renderer, the sound and the export.
        .target(
            name: "RenderCore",
            dependencies: documents + modules("ProgressReport", "MediaIO", "PixelKernels", "BeatTracking", "SubjectDetection", "MediaFacts")),
        // Contact sheets, animated previews, posters and the gallery: drawn by RenderCore's frame renderer, apart from export.
        .target(
            name: "Previews",
            dependencies: documents + modules("ProgressReport", "MediaIO", "PixelKernels", "MediaFacts", "RenderCore", "SubjectDetection")),
        // The preview engine: timelines kept open to draw frames on demand, the proxies previews read.
        .target(name: "PreviewEngine", dependencies: documents + modules("MediaIO", "MediaFacts", "RenderCore", "Previews")),
        // The front door: the make pipeline and every command's work, as Swift API.
        .target(
            name: "ReelKit",
            dependencies: documents
                + modules(
                    "TimelineEditing", "ProgressReport", "MediaIO", "MediaFacts", "RenderCore", "Previews", "PreviewEngine", "BeatTracking")),
        // HTTP/1.1 through libmicrohttpd: requests in, responses out, bodies bounded; no C type leaves it.
        .target(name: "HTTPServer", dependencies: ["FileAccess", "DocumentJSON", "CMHD"]),
        // The durable job store: jobs, their states and idempotency keys in SQLite (WAL); no C type leaves it.
        .target(name: "JobStore", dependencies: ["CSQLite"]),
        // Digests, HMAC and constant-time comparison from OpenSSL's libcrypto; no C type leaves it.
        .target(name: "Signing", dependencies: ["CCrypto"]),
        // `reel serve`: the render API over ReelKit, its routes, job queue and OpenAPI document.
        .target(name: "ReelServer", dependencies: ["ReelKit", "HTTPServer", "JobStore", "Signing"]),
        // The command line parses and prints over ReelKit, the only module it imports (and
        // ReelServer, for `reel serve` and `reel studio` alone).
        // The studio's page (HTML, CSS, JavaScript modules) ships as plain files, copied beside the
        // binary by the build and installed by scripts/install (docs/studio.md).
        .executableTarget(
            name: "reel", dependencies: ["ReelKit", "ReelServer"], resources: [.copy("Studio")]),

        .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
        .testTarget(name: "MediaTimeTests", dependencies: ["MediaTime", "DocumentLimits"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "MediaTime", "DocumentLimits"]),
        .testTarget(name: "TemplateCoreTests", dependencies: documents + modules("TimelineEditing", "RenderCore")),
        .testTarget(name: "MediaIOTests", dependencies: ["MediaIO", "FileAccess", "DocumentLimits", "ReelTestSupport"]),
        .testTarget(name: "PixelKernelsTests", dependencies: ["PixelKernels", "RenderCore", "EffectCatalog", "TimelineModel", "ReelTestSupport"]),
        .testTarget(name: "SubjectDetectionTests", dependencies: ["SubjectDetection", "MediaIO", "Subjects", "ReelTestSupport"]),
        .testTarget(name: "BeatTrackingTests", dependencies: ["BeatTracking", "ReelTestSupport"]),
        .testTarget(
            name: "RenderCoreTests",
            dependencies: documents + modules("TimelineEditing", "RenderCore", "MediaFacts", "Previews", "PixelKernels", "ReelTestSupport")),
        .testTarget(name: "ReelCLITests", dependencies: documents + modules("ReelTestSupport", "reel")),
        .testTarget(
            name: "ReelKitTests", dependencies: documents + modules("ReelKit", "TimelineEditing", "MediaFacts", "RenderCore", "ReelTestSupport")),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "ReelTestSupport"]),
        .testTarget(name: "JobStoreTests", dependencies: ["JobStore", "ReelTestSupport"]),
        .testTarget(name: "SigningTests", dependencies: ["Signing"]),
        .testTarget(name: "ReelServerTests", dependencies: ["ReelServer", "ReelKit", "ReelTestSupport", "reel"]),
    ]
)
