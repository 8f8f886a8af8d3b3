// swift-tools-version:6.1
// marvel-gallery: a terminal gallery of Marvel characters and comics.
//
// The target graph is the architecture (see README "Layout"):
//   C system libraries + CShims  ->  ImageCore, HTTPTransport, TerminalIO
//   TerminalUI (pure, no syscalls) ->  TerminalIO, ImageCore (colour depth, quantiser), GalleryApp
//   HTTPTransport -> MarvelAPI -> Catalog -> CatalogServer
//   HTTPTransport + MarvelAPI -> MetronSource -> CatalogServer (serve --source metron)
//   ImageCore + HTTPTransport -> ImagePipeline
//   everything -> GalleryApp -> marvel-gallery (executable)
import PackageDescription

let package = Package(
    name: "marvel-gallery",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "marvel-gallery", targets: ["marvel-gallery"]),
        .executable(name: "marvel-bench", targets: ["MarvelBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // MARK: C libraries (Debian -dev packages, found through pkg-config)
        .systemLibrary(name: "CCurl", path: "Sources/CLibraries/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CJPEG", path: "Sources/CLibraries/CJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CLibraries/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "COpenSSL", path: "Sources/CLibraries/COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        // Sixel output (libsixel: palette quantisation and the encoder).
        .systemLibrary(name: "CSixel", path: "Sources/CLibraries/CSixel", pkgConfig: "libsixel",
                       providers: [.apt(["libsixel-dev"])]),
        // giflib ships no .pc file on Debian; the module map links it directly.
        .systemLibrary(name: "CGIF", path: "Sources/CLibraries/CGIF",
                       providers: [.apt(["libgif-dev"])]),
        // What Swift cannot call: variadic curl_easy_setopt, setjmp-guarded codecs,
        // the async-signal-safe terminal restore.
        .target(name: "CShims", dependencies: ["CCurl", "CJPEG", "CPNG", "CGIF"],
                path: "Sources/CLibraries/CShims",
                // giflib has no pkg-config file: link it here so every product that
                // contains the shim objects resolves mg_gif.c's symbols.
                linkerSettings: [.linkedLibrary("gif")]),

        // MARK: Terminal
        .target(name: "TerminalUI"),
        .target(name: "TerminalIO", dependencies: ["TerminalUI", "CShims"]),

        // MARK: Pictures
        .target(name: "ImageCore", dependencies: ["CShims", "CJPEG", "CPNG", "CGIF", "CSixel", "TerminalUI"]),

        // MARK: Network and data
        .target(name: "HTTPTransport", dependencies: ["CShims", "CCurl"]),
        .target(name: "MarvelAPI", dependencies: ["HTTPTransport", "COpenSSL"]),
        .target(name: "Catalog", dependencies: [
            "MarvelAPI", "COpenSSL",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "CatalogServer", dependencies: [
            "Catalog", "MarvelAPI", "ImageCore", "COpenSSL", "MetronSource",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "CompressNIO", package: "compress-nio"),
        ]),
        // Metron (metron.cloud): its client, the user-wide rate limiter, and the translation
        // of its records into Marvel entities.
        .target(name: "MetronSource", dependencies: ["HTTPTransport", "MarvelAPI", "Catalog"]),
        .target(name: "ImagePipeline", dependencies: ["ImageCore", "TerminalUI", "HTTPTransport", "MarvelAPI", "COpenSSL"]),

        // MARK: App
        .target(name: "GalleryApp", dependencies: [
            "TerminalUI", "TerminalIO", "MarvelAPI", "ImagePipeline", "ImageCore", "HTTPTransport",
        ]),
        // The settings of a run, resolved in one place: flag > env > config.toml > default.
        .target(name: "Settings", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        .executableTarget(name: "marvel-gallery", dependencies: [
            "GalleryApp", "Settings", "CatalogServer", "Catalog", "MarvelAPI", "ImagePipeline", "MetronSource",
            "ImageCore", "TerminalUI", "TerminalIO",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], plugins: ["BuildInfo"]),
        // `--version` names the git commit it was built from (git rev-parse before each build).
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // Release-build benchmarks that print figures (never run by the test suite).
        .executableTarget(name: "MarvelBench", dependencies: [
            "ImageCore", "TerminalUI", "HTTPTransport", "MarvelAPI", "ImagePipeline",
            "CatalogServer", "Catalog", "GalleryApp",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["TerminalUI"], path: "Tests/TestSupport"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "TestSupport"]),
        .testTarget(name: "ImageCoreTests", dependencies: ["ImageCore", "TerminalUI", "TestSupport"],
                    resources: [.copy("Resources")]),
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
        .testTarget(name: "MarvelAPITests", dependencies: ["MarvelAPI", "HTTPTransport", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: [
            "Catalog", "CatalogServer", "MarvelAPI", "HTTPTransport", "ImageCore", "TestSupport",
        ]),
        .testTarget(name: "ImagePipelineTests", dependencies: [
            "ImagePipeline", "CatalogServer", "Catalog", "TestSupport", "ImageCore", "HTTPTransport", "MarvelAPI",
        ]),
        .testTarget(name: "GalleryAppTests", dependencies: ["GalleryApp", "TerminalUI", "TestSupport", "MarvelAPI", "HTTPTransport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
        .testTarget(name: "MetronSourceTests", dependencies: [
            "MetronSource", "HTTPTransport", "MarvelAPI", "TestSupport", "CatalogServer", "Catalog", "ImageCore",
        ]),
        // Drives the built executable inside tmux; needs the marvel-gallery product built first.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "ImageCore", "TerminalUI"]),
    ],
    swiftLanguageModes: [.v6]
)
