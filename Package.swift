// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "textsvcd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "textsvcd", targets: ["textsvcd"]),
        .library(name: "TextServices", targets: ["TextServices"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        .target(
            name: "CICU",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        .target(
            name: "TextServices",
            dependencies: [
                "CHunspell",
                "CICU",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "textsvcd",
            dependencies: [
                "TextServices",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "TextServicesTests",
            dependencies: ["TextServices", "textsvcd"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
