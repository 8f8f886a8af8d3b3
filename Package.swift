// swift-tools-version:6.1
// marvel-gallery: a terminal gallery of Marvel characters and comics.
//
// The target graph is the architecture (see docs/architecture.md); every layer looks only down,
// and every target declares exactly the modules it imports (scripts/check-imports.py checks both,
// with these layers as its ranks, `LAYERS`):
//   C: system libraries (pkg-config) and four shims by domain: CTerminal, CImageCodecs, CDeflate, and
//      CCurl (libcurl opened with dlopen on first use, typed wrappers); libcrypto only through Digests
//   Digests <- CacheKit (the one memory LRU, bounded by bytes; the one disk cache engine) <- ImageCore,
//      MarvelAPI, LiveSourceKit, CatalogServer, ImagePipeline (every cache), GalleryApp (its FileLock)
//   TerminalUI (pure: cells, buffers, the encoder, where pictures are placed; links nothing)
//      <- PictureProtocols (kitty/sixel/iTerm2 bytes, kitty's PNG via CDeflate, what the terminal
//      stores: `PixelPictureLayer`, the encoder's `PictureLayer`) <- TerminalIO, ImageCore (codecs,
//      picture streams)
//   HTTPTransport (libcurl, the one retry rule and loop) <- MarvelAPI (the REST contract)
//   Digests, CivilCalendar, UserDirectories (~ and XDG), MarvelContract (the resource types) <- MarvelAPI, Catalog (SQLite) <- CatalogServer
//   Catalog <- EmbeddedCatalogBuilder (tool) <- EmbeddedCatalogPlugin <- EmbeddedCatalogFile (the ready
//      SQLite file, a build product) <- CatalogServer, which hands it to EmbeddedCatalog.open
//   Catalog + MarvelAPI <- ContractServing (the source seam: `LiveSource`, routes, query parameters, API
//      failures, attribution) <- CatalogServer (serves one source) and each live source
//   HTTPTransport + MarvelAPI + Catalog + ContractServing <- LiveSourceKit (budget, shapes, picture proxy)
//      <- MetronSource, ComicVineSource (each: client, budget declaration, translation)
//   ImageCore + HTTPTransport <- ImagePipeline (knows HTTP and images, not Marvel)
//   everything <- GalleryApp (Marvel-specific requests in its Runtime) <- marvel-gallery
import PackageDescription

let package = Package(
    name: "marvel-gallery",
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
        // Already in the graph through Hummingbird; named because CatalogServer imports them.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: C libraries (Debian -dev packages, found through pkg-config)
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
        // glibc's malloc_trim (malloc.h), for `serve` to give back a drained burst's memory, and
        // memfd_create with file seals, for the large cached bodies `serve` sends with sendfile.
        .systemLibrary(name: "CMalloc", path: "Sources/CLibraries/CMalloc"),
        // The C that Swift cannot call, one shim per domain: libcurl loaded on first use, the
        // async-signal-safe terminal restore, and the setjmp-guarded codecs.
        .target(name: "CTerminal", path: "Sources/CLibraries/CTerminal"),
        // libcurl (libcurl4-openssl-dev's headers), opened with dlopen on the first request and
        // not linked: its 28 libraries cost every start about 4 ms of CPU, and `render` and
        // `--version` never need it. Typed wrappers for curl's variadic setopt/getinfo.
        .target(name: "CCurl", path: "Sources/CLibraries/CCurl"),
        // Deflate pieces and CRC-32 combination for gzip answers stitched from entities
        // compressed once (zlib; its header stays inside the shim), and kitty's fast PNG
        // (PictureProtocols' `KittyPayload`: ISA-L's igzip, libisal-dev, a fifth of zlib's level 1
        // CPU, under half of libdeflate's).
        .target(name: "CDeflate", path: "Sources/CLibraries/CDeflate",
                linkerSettings: [.linkedLibrary("z"), .linkedLibrary("isal")]),
        // The setjmp-guarded codecs, and the sixel stream of indexed pixels (`mg_sixel_encode`:
        // libsixel's bytes with bookkeeping linear in the pixels; libsixel builds the palette).
        .target(name: "CImageCodecs", dependencies: ["CJPEG", "CPNG", "CGIF"],
                path: "Sources/CLibraries/CImageCodecs",
                // giflib has no pkg-config file: link it here so every product that
                // contains the shim objects resolves mg_gif.c's symbols.
                linkerSettings: [.linkedLibrary("gif")]),

        // MARK: Caching
        // The one memory cache (`LRUCache`: least recently used out first, bounded by bytes)
        // and the one disk cache engine (`DiskStore`: checksummed entries, atomic writes, LRU
        // trimming, shared by processes), below every layer that keeps something.
        .target(name: "CacheKit", dependencies: ["Digests"]),

        // MARK: Terminal
        // The pure core: no C, no syscalls; pictures are placements it hands to a `PictureLayer`.
        .target(name: "TerminalUI"),
        // The pixel protocols over it: kitty (PNG through CDeflate, the store, files, sent
        // ahead, the canvas), sixel and iTerm2 bytes, tmux passthrough.
        .target(name: "PictureProtocols", dependencies: ["TerminalUI", "CDeflate"]),
        .target(name: "TerminalIO", dependencies: ["TerminalUI", "PictureProtocols", "CTerminal"]),

        // MARK: Pictures
        .target(name: "ImageCore", dependencies: ["CacheKit", "CImageCodecs", "CSixel", "TerminalUI", "PictureProtocols"]),

        // MARK: Network and data
        .target(name: "HTTPTransport", dependencies: ["CCurl"]),
        // `~` and the XDG base directories from the environment, read one way everywhere.
        .target(name: "UserDirectories"),
        // The one digest (libcrypto) and the one day count, below every data layer.
        .target(name: "Digests", dependencies: ["COpenSSL"]),
        .target(name: "CivilCalendar"),
        // The contract's six resource types and their routes, shared by the client and the catalog.
        .target(name: "MarvelContract"),
        .target(name: "MarvelAPI", dependencies: ["CacheKit", "HTTPTransport", "Digests", "CivilCalendar", "MarvelContract", "UserDirectories"]),
        .target(name: "Catalog", dependencies: [
            "Digests", "CivilCalendar", "MarvelContract", "UserDirectories",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // The embedded catalog's SQLite file, built when the package is built (by the importer the
        // runtime uses), so a first launch installs a ready file instead of importing. Above
        // Catalog: the plugin's tool depends on Catalog, so the carrier cannot be below it.
        .executableTarget(name: "EmbeddedCatalogBuilder", dependencies: ["Catalog"]),
        .plugin(name: "EmbeddedCatalogPlugin", capability: .buildTool(), dependencies: ["EmbeddedCatalogBuilder"]),
        .target(name: "EmbeddedCatalogFile", dependencies: ["UserDirectories"], plugins: ["EmbeddedCatalogPlugin"]),
        // The seam between the server and its sources: what a source is (`LiveSource`) and the
        // contract-serving types both sides speak (routes, query parameters, API failures).
        .target(name: "ContractServing", dependencies: ["Catalog", "MarvelAPI", "MarvelContract"]),
        .target(name: "CatalogServer", dependencies: [
            "Catalog", "ContractServing", "EmbeddedCatalogFile", "MarvelAPI", "MarvelContract", "ImageCore", "Digests", "CivilCalendar",
            "CacheKit", "CDeflate", "CMalloc",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ]),
        // What every live source needs, once: the user-wide budget with the windows a source
        // declares, the Marvel-shape builders, the picture proxy, the answer cap, auth kinds.
        .target(name: "LiveSourceKit", dependencies: [
            "CacheKit", "HTTPTransport", "MarvelAPI", "MarvelContract", "Catalog", "ContractServing", "UserDirectories",
        ]),
        // Metron (metron.cloud): its client, its budget's declaration, the translation of its
        // records into Marvel entities, and its `LiveSource` (answers and pictures).
        .target(name: "MetronSource", dependencies: [
            "HTTPTransport", "MarvelAPI", "MarvelContract", "Catalog", "ContractServing", "LiveSourceKit",
        ]),
        // Comic Vine (comicvine.gamespot.com): its client (an API key), its budget's declaration
        // (per resource per hour, a spacing), the translation, and its `LiveSource`.
        .target(name: "ComicVineSource", dependencies: ["HTTPTransport", "MarvelAPI", "MarvelContract", "Catalog", "ContractServing",
                                                      "LiveSourceKit"]),
        .target(name: "ImagePipeline", dependencies: ["CacheKit", "ImageCore", "TerminalUI", "HTTPTransport", "UserDirectories"]),

        // MARK: App
        .target(name: "GalleryApp", dependencies: [
            "CacheKit", "TerminalUI", "PictureProtocols", "MarvelAPI", "MarvelContract", "ImagePipeline", "ImageCore", "HTTPTransport",
            "UserDirectories",
        ]),
        // The settings of a run, resolved in one place: flag > env > config.toml > default.
        .target(name: "Settings", dependencies: ["UserDirectories", .product(name: "TOMLKit", package: "TOMLKit")]),
        .executableTarget(name: "marvel-gallery", dependencies: [
            "GalleryApp", "Settings", "CatalogServer", "Catalog", "EmbeddedCatalogFile", "MarvelAPI", "ImagePipeline",
            "ImageCore", "TerminalUI", "PictureProtocols", "TerminalIO", "HTTPTransport", "Digests", "LiveSourceKit", "MetronSource",
            "ComicVineSource", "MarvelContract", "UserDirectories",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        // The release program (what `swift build -c release` and scripts/install.sh make) carries
        // the Swift runtime and Foundation inside it, as `--static-swift-stdlib` would: the dynamic
        // loader's share of a start (17 % of a `render`, 23 ms with 56 libraries) goes, and the
        // installed program does not depend on the toolchain's libraries being where it was built.
        // Link flags only, so the compiled modules are the same as a dynamic build's (the man
        // page's release build and this one share them). Modules compiled against the dynamic
        // Foundation name only libFoundation for the linker; its static archive needs the
        // libraries that the shared one carries inside it, named here (Swift 6.3's lib/swift_static).
        // -static-stdlib exports every symbol of the program (38,000) for the dynamic linker to
        // search at start; none is looked up by name, and keeping them local saves a millisecond.
        // libstdc++ (the runtime's and Foundation's C++) is linked in from its archive
        // (Linking/static-libstdc++ says how): loaded, it cost every start its own relocations and
        // 814 symbol look-ups for the program's C++ type information.
        // lld packs the 123,000 relative relocations (RELR, 24 KB instead of 2.9 MB of RELA) that
        // the dynamic loader reads at every start.
        // Concrete generic metadata (`EntityListCommand<MarvelSeries>`, `Option<String?>`) is
        // made through its accessor rather than from a mangled name: the runtime checks a mangled
        // name's generic requirements by scanning every conformance record in the program.
        swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                                     .when(configuration: .release))],
        linkerSettings: [.unsafeFlags([
            "-static-stdlib", "-lFoundation", "-lCoreFoundation", "-lFoundationInternationalization", "-l_FoundationICU",
            "-lFoundationEssentials", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
            // Once more after the archives above: a static archive is searched where it is named.
            "-lstdc++",
            "-Xlinker", "--no-export-dynamic", "-L" + Context.packageDirectory + "/Linking/static-libstdc++",
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        ], .when(configuration: .release))],
        plugins: ["BuildInfo"]),
        // `--version` names the git commit it was built from (git rev-parse before each build).
        .plugin(name: "BuildInfo", capability: .buildTool()),
        // Release-build benchmarks that print figures (never run by the test suite).
        .executableTarget(name: "MarvelBench", dependencies: [
            "ImageCore", "TerminalUI", "HTTPTransport", "MarvelAPI", "ImagePipeline",
            "CatalogServer", "Catalog", "EmbeddedCatalogFile", "GalleryApp", "CDeflate", "PictureProtocols",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["TerminalUI", "HTTPTransport", "ImagePipeline"], path: "Tests/TestSupport"),
        .testTarget(name: "CacheKitTests", dependencies: ["CacheKit"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PictureProtocols", "TestSupport"]),
        .testTarget(name: "PictureProtocolsTests", dependencies: ["PictureProtocols", "TerminalUI", "TestSupport"]),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "TerminalUI", "PictureProtocols", "CTerminal", "TestSupport"]),
        .testTarget(name: "ImageCoreTests", dependencies: ["ImageCore", "TerminalUI", "PictureProtocols", "TestSupport"],
                    resources: [.copy("Resources")]),
        .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
        .testTarget(name: "MarvelAPITests", dependencies: ["MarvelAPI", "HTTPTransport", "Digests", "TestSupport"]),
        .testTarget(name: "CatalogTests", dependencies: [
            "Catalog", "CatalogServer", "Digests", "EmbeddedCatalogFile", "MarvelAPI", "HTTPTransport", "ImageCore", "TestSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .testTarget(name: "ImagePipelineTests", dependencies: [
            "ImagePipeline", "CacheKit", "CatalogServer", "ImageCore", "HTTPTransport", "MarvelAPI", "TerminalUI", "TestSupport",
        ]),
        .testTarget(name: "GalleryAppTests", dependencies: [
                        "GalleryApp", "TerminalUI", "PictureProtocols", "MarvelAPI", "HTTPTransport", "ImagePipeline", "ImageCore",
                        "TestSupport",
                    ],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
        .testTarget(name: "MetronSourceTests", dependencies: [
            "MetronSource", "LiveSourceKit", "HTTPTransport", "MarvelAPI", "TestSupport", "CatalogServer", "Catalog", "ImageCore",
        ]),
        .testTarget(name: "ComicVineSourceTests", dependencies: [
            "ComicVineSource", "LiveSourceKit", "HTTPTransport", "MarvelAPI", "MarvelContract", "TestSupport", "CatalogServer",
            "ImageCore",
        ]),
        // The command line parsed in-process (validation messages and exit codes).
        .testTarget(name: "MarvelGalleryTests", dependencies: [
            "marvel-gallery", "MarvelAPI", "Settings", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Drives the built executable inside tmux; needs the marvel-gallery product built first.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "HTTPTransport", "ImageCore", "TerminalUI", "PictureProtocols"]),
    ],
    swiftLanguageModes: [.v6]
)
