// swift-tools-version:6.0
import PackageDescription

// The targets, from the bottom up (docs/architecture.md says what each may import):
//   CHunspell, CICU, CPlatform   C: libhunspell, ICU behind a plain-C header, C library helpers
//   TOMLReader                   TOML (TOMLKit) as plain values, so no TOMLKit type or operator reaches the domain
//   TextServicesJSON             JSON values, the parser (strict, or JSONC for configuration files) and the encoder
//   TextServices                 the domain: spelling, text units, regex, edit actions, pasteboards, source text
//   TextServicesIO               byte streams: lines read as they arrive, standard output in blocks, standard error
//   TextServicesProtocol         the wire (re-exports TextServicesJSON): JSON-RPC, typed requests and responses, the method table,
//                                the client interface with its local and remote implementations
//   LanguageServer, Ispell       the editor doors, on the client interface
//   CheckDoor                    the `check` door: files and folders checked on every core, on the client interface
//   TextServicesDaemon           the socket server: framing, back-pressure, the lock file, socket activation
//   TextServicesCLI              the commands' logic: the client factory, find, call, tokenize, dictionaries, check's output
//   textsvcd                     the executable: argument-parser commands that read their options and call the libraries
// Release builds give every function of the project's own code its own section and link textsvcd with lld in the
// order of linker/textsvcd.order (scripts/make-code-order.py): the functions a serving daemon runs lie together,
// so the kernel, which maps 64 KB of code around each fault, maps few windows of it (docs/benchmarks.md, "Daemon
// load"). A function the order does not name is placed after those it names. The dependencies' functions get
// sections of their own only from the command line: build release binaries with scripts/release-build. The loader binds every symbol at start-up
// (`-z now`): bound lazily, a serving daemon's first calls into libc, ICU and Hunspell read the binary's symbol tables
// again after start-up gave them back.
let functionSections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
let codeOrder: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/linker/textsvcd.order",
                  "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "-z", "-Xlinker", "now"],
                 .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "textsvcd",
    products: [
        .executable(name: "textsvcd", targets: ["textsvcd"]),
        .library(name: "TextServices", targets: ["TextServices"]),
        .library(name: "TextServicesProtocol", targets: ["TextServicesProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        .target(name: "CPlatform"),
        .target(
            name: "TextServices",
            dependencies: [
                "CHunspell",
                "CICU",
                "CPlatform",
                .product(name: "SystemPackage", package: "swift-system"),
                "TOMLReader",
                "TextServicesJSON",
            ],
            swiftSettings: functionSections
        ),
        .target(
            name: "TextServicesJSON",
            dependencies: ["CPlatform", .product(name: "OrderedCollections", package: "swift-collections")],
            path: "Sources/JSON",
            swiftSettings: functionSections
        ),
        .target(
            name: "TOMLReader",
            dependencies: [.product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: functionSections
        ),
        .target(
            name: "TextServicesIO",
            dependencies: ["TextServices", "TextServicesJSON"],
            swiftSettings: functionSections
        ),
        .target(
            name: "TextServicesProtocol",
            dependencies: [
                "TextServices",
                "TextServicesJSON",
                "CPlatform",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: functionSections
        ),
        .target(
            name: "LanguageServer",
            dependencies: ["TextServices", "TextServicesProtocol", "TextServicesIO"],
            swiftSettings: functionSections
        ),
        .target(
            name: "Ispell",
            dependencies: ["TextServices", "TextServicesProtocol", "TextServicesIO"],
            swiftSettings: functionSections
        ),
        .target(
            name: "CheckDoor",
            dependencies: ["TextServices", "TextServicesProtocol"],
            swiftSettings: functionSections
        ),
        .target(
            name: "TextServicesDaemon",
            dependencies: [
                "TextServices",
                "TextServicesProtocol",
                "CPlatform",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: functionSections
        ),
        .target(
            name: "TextServicesCLI",
            dependencies: ["TextServices", "TextServicesProtocol", "TextServicesIO", "TextServicesDaemon", "CheckDoor"],
            swiftSettings: functionSections
        ),
        .executableTarget(
            name: "textsvcd",
            dependencies: [
                "TextServices",
                "TextServicesProtocol",
                "TextServicesDaemon",
                "TextServicesCLI",
                "TextServicesIO",
                "LanguageServer",
                "Ispell",
                "CheckDoor",
                "CPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: functionSections,
            linkerSettings: codeOrder
        ),
        .executableTarget(
            name: "textsvcd-bench",
            dependencies: [
                "TextServicesProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "bench/Sources/textsvcd-bench"
        ),
        // The tests: one target per library, the real binary's in IntegrationTests, shared helpers in TestSupport.
        .target(
            name: "TextServicesTestSupport",
            dependencies: ["TextServices", "TextServicesProtocol", "CPlatform"],
            path: "Tests/TestSupport",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TextServicesTests",
            dependencies: ["TextServices", "TextServicesProtocol", "TextServicesTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TextServicesProtocolTests",
            dependencies: ["TextServices", "TextServicesProtocol", "TextServicesTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "TextServicesIOTests",
            dependencies: ["TextServicesIO", "TextServices", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .testTarget(
            name: "TextServicesJSONTests",
            dependencies: ["TextServicesJSON"]
        ),
        .testTarget(
            name: "TextServicesDaemonTests",
            dependencies: [
                "TextServicesDaemon",
                "TextServices",
                "TextServicesProtocol",
                "TextServicesTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: ["LanguageServer", "TextServices", "TextServicesProtocol", "TextServicesTestSupport"]
        ),
        .testTarget(
            name: "IspellTests",
            dependencies: ["Ispell", "TextServices", "TextServicesProtocol", "TextServicesIO", "TextServicesTestSupport",
                           .product(name: "SystemPackage", package: "swift-system")]
        ),
        .testTarget(
            name: "TextServicesCLITests",
            dependencies: ["TextServicesCLI", "TextServicesIO", "TextServicesTestSupport"]
        ),
        .testTarget(
            name: "CheckDoorTests",
            dependencies: ["CheckDoor", "TextServices"]
        ),
        .testTarget(
            name: "TOMLReaderTests",
            dependencies: ["TOMLReader"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["TextServices", "TextServicesProtocol", "LanguageServer", "Ispell", "CheckDoor", "TextServicesCLI", "TextServicesTestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
