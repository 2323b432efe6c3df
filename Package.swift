// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MediaTiming",
    products: [
        .library(name: "MediaTiming", targets: ["MediaTiming"]),
        .library(name: "MediaTimingScene", targets: ["MediaTimingScene"]),
        .library(name: "DiscPlayer", targets: ["DiscPlayer"]),
        .library(name: "MediaTimingPlot", targets: ["MediaTimingPlot"]),
        .library(name: "MediaTimingPreview", targets: ["MediaTimingPreview"]),
        .executable(name: "mediatiming", targets: ["mediatiming"]),
        // The C API (Sources/CMediaTiming/include/mediatiming.h) as a static archive for C and C++.
        .library(name: "MediaTimingC", type: .static, targets: ["MediaTimingC"]),
        // libFuzzer targets (Fuzz/README.md): `Fuzz/run.sh TARGET SECONDS`; a plain build replays files.
        .executable(name: "FuzzTiming", targets: ["FuzzTiming"]),
        .executable(name: "FuzzTimingFunction", targets: ["FuzzTimingFunction"]),
        .executable(name: "FuzzScene", targets: ["FuzzScene"]),
        .executable(name: "FuzzPath", targets: ["FuzzPath"]),
        .executable(name: "FuzzPlayer", targets: ["FuzzPlayer"]),
        .executable(name: "FuzzBatch", targets: ["FuzzBatch"]),
        .executable(name: "FuzzRuntime", targets: ["FuzzRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: standard library only (Docs/semantics.md §0). libm is linked explicitly because the
        // core imports neither Glibc nor Foundation (rounding and square roots lower to libm calls).
        .target(
            name: "MediaTiming",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The JSON scene format (Docs/scene-format.md): parsing and validation with JSON-path errors.
        .target(name: "MediaTimingScene", dependencies: ["MediaTiming"]),
        // SVG timing diagrams of scenes (`mediatiming plot`, Docs/figures/make.sh).
        .target(name: "MediaTimingPlot", dependencies: ["MediaTiming", "MediaTimingScene"]),
        // Self-contained HTML pages that play a scene or the players from precomputed presentation values
        // (`mediatiming preview`, Docs/preview.md).
        .target(name: "MediaTimingPreview", dependencies: ["MediaTiming", "MediaTimingScene", "MediaTimingPlot", "DiscPlayer"]),
        // The QQ Music disc player and the Douyin album (Docs/disc-player.md): standard
        // library and MediaTiming only.
        .target(name: "DiscPlayer", dependencies: ["MediaTiming"]),
        // Header-only C target: the C API's declarations (mediatiming.h).
        .target(name: "CMediaTiming"),
        // The C API, implemented in Swift with `@c` exports (Docs/performance.md).
        .target(name: "MediaTimingC", dependencies: ["CMediaTiming", "MediaTiming", "MediaTimingScene", "DiscPlayer"]),
        .executableTarget(
            name: "mediatiming",
            dependencies: [
                "MediaTiming",
                "MediaTimingScene",
                "MediaTimingPlot",
                "MediaTimingPreview",
                "DiscPlayer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fuzz targets (Fuzz/README.md), one executable each; built with libFuzzer by Fuzz/run.sh.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzTiming", dependencies: ["FuzzSupport", "MediaTiming"], path: "Fuzz/FuzzTiming"),
        .executableTarget(name: "FuzzTimingFunction", dependencies: ["FuzzSupport", "MediaTiming"], path: "Fuzz/FuzzTimingFunction"),
        .executableTarget(name: "FuzzScene", dependencies: ["FuzzSupport", "MediaTiming", "MediaTimingScene"], path: "Fuzz/FuzzScene"),
        .executableTarget(name: "FuzzPath", dependencies: ["FuzzSupport", "MediaTiming"], path: "Fuzz/FuzzPath"),
        .executableTarget(name: "FuzzPlayer", dependencies: ["FuzzSupport", "MediaTiming", "DiscPlayer"], path: "Fuzz/FuzzPlayer"),
        .executableTarget(name: "FuzzBatch", dependencies: ["FuzzSupport", "MediaTiming"], path: "Fuzz/FuzzBatch"),
        .executableTarget(
            name: "FuzzRuntime", dependencies: ["FuzzSupport", "MediaTiming", "RuntimeReference"], path: "Fuzz/FuzzRuntime"),
        // The brute-force reference runtime and the differential run against AnimationRuntime, shared by the
        // property tests (Tests/MediaTimingTests/Runtime/ReferenceRuntimeTests.swift) and FuzzRuntime.
        .target(name: "RuntimeReference", dependencies: ["MediaTiming", "FuzzSupport"], path: "Tests/RuntimeReference"),
        .testTarget(
            name: "MediaTimingPlotTests",
            dependencies: ["MediaTiming", "MediaTimingScene", "MediaTimingPlot"]
        ),
        .testTarget(
            name: "MediaTimingPreviewTests",
            dependencies: ["MediaTiming", "MediaTimingScene", "MediaTimingPlot", "MediaTimingPreview", "DiscPlayer"]
        ),
        .testTarget(
            name: "MediaTimingTests",
            dependencies: [
                "MediaTiming",
                "MediaTimingScene",
                "DiscPlayer",
                "RuntimeReference",
                "FuzzSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ]
)
