// swift-tools-version:6.0
import PackageDescription

/// Reel: template-based video making.
///
/// Dependencies point one way: MediaTime, Appearance ◄── TemplateCore ◄── RenderCore ──► MediaIO ──► C libraries,
/// and RenderCore ──► PixelKernels ──► MediaIO (for its picture types alone).
/// Only MediaIO sees FFmpeg, libpng and libheif; TemplateCore sees json-c through its JSON reader alone;
/// BeatTracking alone sees aubio, and reads sound through MediaIO (RenderCore ──► BeatTracking ──► MediaIO).
/// SubjectDetection alone sees OpenCV, through CVision's C interface, and reads pictures through MediaIO
/// (RenderCore ──► SubjectDetection ──► MediaIO, CVision ──► OpenCV).
/// FileAccess, below TemplateCore and MediaIO, is the one place files are opened and outputs created:
/// only regular files are read, template folders confine their opens, outputs are atomic.
///
/// PixelKernels (the pixel loops of transitions, filters and compositing) is the only code built
/// with `-Ounchecked`: its loops run about ten times slower with bounds and overflow checks, and
/// each entry point checks sizes, strides and buffer lengths with preconditions, so a wrong call
/// traps instead of writing out of bounds. Everything that parses, plans or caches what templates,
/// timelines and media say builds with every check on.
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
        .systemLibrary(name: "CText", pkgConfig: "harfbuzz", providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CAubio", pkgConfig: "aubio", providers: [.apt(["libaubio-dev"])]),
        .systemLibrary(name: "CSystem"),
        // OpenCV (C++; Debian libopencv-dev, libopencv-contrib-dev, opencv-data) behind a C interface:
        // no C++ type leaves it. It links the four OpenCV libraries it uses by name, not through
        // pkg-config, whose opencv4 flags link every OpenCV module (some 380 libraries loaded by
        // every `reel` run); OpenCV 4 keeps its headers in an `opencv4` folder of the system's or
        // /usr/local's include folder.
        .target(
            name: "CVision",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-I/usr/local/include/opencv4"])],
            linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_objdetect", "opencv_saliency"].map { .linkedLibrary($0) }),

        .target(name: "MediaTime"),
        // Every size, count, range and length a template or timeline may ask for, declared once.
        .target(name: "DocumentLimits", dependencies: ["MediaTime"]),
        // Colours and the look of a text, shared by the documents and the rasterizer (MediaIO).
        .target(name: "Appearance"),
        // Faces and salient regions as the framing reads them, apart from the detectors that find them.
        .target(name: "Subjects", dependencies: ["MediaTime"]),
        // How long work reports itself: stages, frames, rates, times; what progress displays read.
        .target(name: "ProgressReport"),
        .target(name: "FileAccess", dependencies: ["MediaTime", "DocumentLimits", "Appearance", "Appearance", "CSystem"]),
        // JSON read with the line and column of every value, written canonically; diagnostics and their codes.
        .target(name: "DocumentJSON", dependencies: ["MediaTime", "DocumentLimits", "FileAccess", "CJSONC"]),
        // The effects (transitions, filters, motions): ids, parameters, ranges, defaults, easing.
        .target(name: "EffectCatalog", dependencies: ["MediaTime", "DocumentLimits", "DocumentJSON"]),
        // The timeline: model, codec, upgrades, every timeline rule, OpenTimelineIO export.
        .target(
            name: "TimelineModel",
            dependencies: ["MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "EffectCatalog"]),
        // Caption files (SRT, WebVTT, words) and their cues.
        .target(
            name: "Captions",
            dependencies: ["MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "TimelineModel"]),
        // Templates: model, decoder and its rules, loader, assets, template times.
        .target(
            name: "TemplateFormat",
            dependencies: [
                "MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions",
            ]),
        // From a template and media to a timeline: slot filling, framing, music placement.
        .target(
            name: "TemplateResolver",
            dependencies: [
                "MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions",
                "TemplateFormat", "Subjects",
            ]),
        // Edits of a timeline, their history and drafts.
        .target(
            name: "TimelineEditing",
            dependencies: [
                "MediaTime", "DocumentLimits", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions",
                "TemplateFormat", "TemplateResolver",
            ]),
        .target(
            name: "MediaIO",
            dependencies: ["MediaTime", "DocumentLimits", "Appearance", "FileAccess", "CFFmpeg", "CPNG", "CText", "CHEIF"]),
        .target(
            name: "PixelKernels",
            dependencies: ["MediaIO"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        // Faces, salient regions and shot signatures of decoded pictures; the only module that sees CVision.
        .target(name: "SubjectDetection", dependencies: ["MediaTime", "Subjects", "MediaIO", "CVision"]),
        .target(name: "BeatTracking", dependencies: ["MediaTime", "MediaIO", "CAubio"]),
        // What media files are: probing, the template asset inspector, live photos, the timeline's
        // media check, and the analysis caches (beats, subjects, segments).
        .target(
            name: "MediaFacts",
            dependencies: ["ProgressReport",
                "MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions", "TemplateFormat",
                "TemplateResolver", "Subjects", "MediaIO", "BeatTracking", "SubjectDetection",
            ]),
        .target(
            name: "RenderCore",
            dependencies: ["ProgressReport",
                "MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions",
                "TemplateFormat", "TemplateResolver", "Subjects", "MediaIO", "PixelKernels", "BeatTracking", "SubjectDetection", "MediaFacts",
            ]),
        // Contact sheets, animated previews, posters and the gallery: drawn by RenderCore's frame renderer, apart from export.
        .target(
            name: "Previews",
            dependencies: ["ProgressReport",
                "MediaTime", "DocumentLimits", "Appearance", "FileAccess", "DocumentJSON", "TimelineModel", "TemplateFormat", "TemplateResolver", "Subjects",
                "MediaIO", "PixelKernels", "MediaFacts", "RenderCore", "SubjectDetection",
            ]),
        .target(
            name: "ReelKit",
            dependencies: ["ProgressReport",
                "MediaTime", "DocumentLimits", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions", "TemplateFormat",
                "TemplateResolver", "TimelineEditing", "Subjects", "MediaIO", "MediaFacts", "RenderCore", "Previews", "BeatTracking",
            ]),
        // The command line parses and prints over ReelKit; it never sees the media libraries.
        .executableTarget(
            name: "reel",
            dependencies: ["ProgressReport",
                "MediaTime", "DocumentLimits", "FileAccess", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions", "TemplateFormat",
                "TemplateResolver", "TimelineEditing", "MediaFacts", "RenderCore", "Previews", "ReelKit",
            ]),

        .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
        .testTarget(name: "MediaTimeTests", dependencies: ["MediaTime", "DocumentLimits"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "MediaTime", "DocumentLimits"]),
        .testTarget(
            name: "TemplateCoreTests",
            dependencies: [
                "MediaTime", "DocumentLimits", "DocumentJSON", "EffectCatalog", "TimelineModel", "Captions", "TemplateFormat",
                "TemplateResolver", "TimelineEditing", "Subjects", "RenderCore",
            ]),
        .testTarget(name: "MediaIOTests", dependencies: ["MediaIO", "FileAccess", "DocumentLimits", "ReelTestSupport"]),
        .testTarget(name: "PixelKernelsTests", dependencies: ["PixelKernels", "RenderCore", "EffectCatalog", "TimelineModel"]),
        .testTarget(name: "SubjectDetectionTests", dependencies: ["SubjectDetection", "MediaIO", "Subjects", "ReelTestSupport"]),
        .testTarget(name: "BeatTrackingTests", dependencies: ["BeatTracking", "ReelTestSupport"]),
        .testTarget(
            name: "RenderCoreTests",
            dependencies: [
                "RenderCore", "MediaFacts", "Previews", "PixelKernels", "FileAccess", "DocumentLimits", "DocumentJSON", "EffectCatalog",
                "TimelineModel", "Captions", "TemplateFormat", "TemplateResolver", "TimelineEditing", "Subjects", "ReelTestSupport",
            ]),
        .testTarget(name: "ReelCLITests", dependencies: ["ReelTestSupport", "MediaTime", "DocumentLimits"]),
        .testTarget(
            name: "ReelKitTests",
            dependencies: [
                "ReelKit", "MediaTime", "DocumentLimits", "DocumentJSON", "TimelineModel", "TemplateFormat", "TemplateResolver",
                "TimelineEditing", "MediaFacts", "RenderCore", "ReelTestSupport",
            ]),
    ]
)
