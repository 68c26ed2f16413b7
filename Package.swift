// swift-tools-version:6.0
import PackageDescription

/// Reel: template-based video making.
///
/// Dependencies point one way: MediaTime ◄── TemplateCore ◄── RenderCore ──► MediaIO ──► C libraries,
/// and RenderCore ──► PixelKernels ──► MediaIO (for its picture types alone).
/// Only MediaIO sees FFmpeg, libpng and libheif; TemplateCore sees json-c through its JSON reader alone.
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
        .library(name: "MediaTime", targets: ["MediaTime"]),
        .library(name: "TemplateCore", targets: ["TemplateCore"]),
        .library(name: "MediaIO", targets: ["MediaIO"]),
        .library(name: "PixelKernels", targets: ["PixelKernels"]),
        .library(name: "RenderCore", targets: ["RenderCore"]),
    ],
    targets: [
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CText", pkgConfig: "harfbuzz", providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        .systemLibrary(name: "CHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),

        .target(name: "MediaTime"),
        .target(name: "TemplateCore", dependencies: ["MediaTime", "CJSONC"]),
        .target(name: "MediaIO", dependencies: ["MediaTime", "CFFmpeg", "CPNG", "CText", "CHEIF"]),
        .target(
            name: "PixelKernels",
            dependencies: ["MediaIO"],
            swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
        ),
        .target(name: "RenderCore", dependencies: ["MediaTime", "TemplateCore", "MediaIO", "PixelKernels"]),
        .executableTarget(name: "reel", dependencies: ["MediaTime", "TemplateCore", "MediaIO", "RenderCore"]),

        .target(name: "ReelTestSupport", path: "Tests/ReelTestSupport"),
        .testTarget(name: "MediaTimeTests", dependencies: ["MediaTime"]),
        .testTarget(name: "TemplateCoreTests", dependencies: ["TemplateCore"]),
        .testTarget(name: "MediaIOTests", dependencies: ["MediaIO", "ReelTestSupport"]),
        .testTarget(name: "PixelKernelsTests", dependencies: ["PixelKernels"]),
        .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore", "PixelKernels", "ReelTestSupport"]),
        .testTarget(name: "ReelCLITests", dependencies: ["ReelTestSupport"]),
    ]
)
