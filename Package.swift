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
/// No target uses unsafe flags, so other packages can depend on Reel by version. PixelKernels (the
/// pixel loops of transitions, filters and compositing) builds with every check on like the rest:
/// its loops index raw rows with wrapping arithmetic, and convert floats to integers without range
/// checks where the value is clamped first (FloatClamp.swift); each entry point checks sizes,
/// strides and buffer lengths with checks that trap in every build, so a wrong call stops instead
/// of writing out of bounds.
let package = Package(
    name: "Reel",
    products: [
        .executable(name: "reel", targets: ["reel"]),
        .library(name: "MediaTime", targets: ["MediaTime"]),
        .library(name: "Appearance", targets: ["Appearance"]),
        .library(name: "FileAccess", targets: ["FileAccess"]),
        .library(name: "TemplateCore", targets: ["TemplateCore"]),
        .library(name: "MediaIO", targets: ["MediaIO"]),
        .library(name: "PixelKernels", targets: ["PixelKernels"]),
        .library(name: "RenderCore", targets: ["RenderCore"]),
        .library(name: "Previews", targets: ["Previews"]),
        .library(name: "BeatTracking", targets: ["BeatTracking"]),
        .library(name: "SubjectDetection", targets: ["SubjectDetection"]),
        /// The make pipeline as Swift API: what the `reel` command line is a client of.
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
        // every `reel` run, against about 175 so). OpenCV 4 keeps its headers in an `opencv4` folder
        // of the system's or /usr/local's include folder; Sources/OpenCVHeaders holds a link to each,
        // so that plain header search paths inside the package reach them (a link to a folder that
        // does not exist is skipped).
        .target(
            name: "CVision",
            cxxSettings: [.headerSearchPath("../OpenCVHeaders/system"), .headerSearchPath("../OpenCVHeaders/local")],
            linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_objdetect", "opencv_saliency"].map { .linkedLibrary($0) }),

        .target(name: "MediaTime"),
        // Colours and the look of a text, shared by the documents (TemplateCore) and the rasterizer (MediaIO).
        .target(name: "Appearance"),
        .target(name: "FileAccess", dependencies: ["MediaTime", "CSystem"]),
        .target(name: "TemplateCore", dependencies: ["MediaTime", "Appearance", "FileAccess", "CJSONC"]),
        .target(name: "MediaIO", dependencies: ["MediaTime", "Appearance", "FileAccess", "CFFmpeg", "CPNG", "CText", "CHEIF"]),
        .target(name: "PixelKernels", dependencies: ["MediaIO"]),
        // Faces, salient regions and shot signatures of decoded pictures; the only module that sees CVision.
        .target(name: "SubjectDetection", dependencies: ["MediaTime", "TemplateCore", "MediaIO", "CVision"]),
        .target(name: "BeatTracking", dependencies: ["MediaTime", "MediaIO", "CAubio"]),
        .target(
            name: "RenderCore", dependencies: ["MediaTime", "TemplateCore", "MediaIO", "PixelKernels", "BeatTracking", "SubjectDetection"]),
        // Contact sheets, animated previews, posters and the gallery: drawn by RenderCore's frame renderer, apart from export.
        .target(name: "Previews", dependencies: ["MediaTime", "FileAccess", "TemplateCore", "MediaIO", "RenderCore", "SubjectDetection"]),
        .target(
            name: "ReelKit", dependencies: ["MediaTime", "FileAccess", "TemplateCore", "MediaIO", "RenderCore", "Previews", "BeatTracking"]),
        // The command line parses and prints over ReelKit; it never sees the media libraries.
        .executableTarget(name: "reel", dependencies: ["MediaTime", "FileAccess", "TemplateCore", "RenderCore", "Previews", "ReelKit"]),

        .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
        .testTarget(name: "MediaTimeTests", dependencies: ["MediaTime"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "MediaTime"]),
        .testTarget(name: "TemplateCoreTests", dependencies: ["TemplateCore"]),
        .testTarget(name: "MediaIOTests", dependencies: ["MediaIO", "FileAccess", "ReelTestSupport"]),
        .testTarget(name: "PixelKernelsTests", dependencies: ["PixelKernels", "RenderCore"]),
        .testTarget(name: "SubjectDetectionTests", dependencies: ["SubjectDetection", "MediaIO", "TemplateCore", "ReelTestSupport"]),
        .testTarget(name: "BeatTrackingTests", dependencies: ["BeatTracking", "ReelTestSupport"]),
        .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore", "Previews", "PixelKernels", "FileAccess", "ReelTestSupport"]),
        .testTarget(name: "ReelCLITests", dependencies: ["ReelTestSupport", "MediaTime", "TemplateCore", "reel"]),
        .testTarget(name: "ReelKitTests", dependencies: ["ReelKit", "ReelTestSupport"]),
    ]
)
