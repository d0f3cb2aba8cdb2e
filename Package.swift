// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "kinetic",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "kinetic", targets: ["kinetic"]),
        .library(name: "KineticCore", targets: ["KineticCore"]),
        .library(name: "KineticAPI", targets: ["KineticAPI"]),
        .executable(name: "kinetic-client", targets: ["kinetic-client"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.5.0"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV.git", from: "0.10.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .target(name: "KineticCore"),
        // The JSON API's types and client, generated from Resources/openapi.yaml by
        // scripts/generate-api: Foundation and the OpenAPI runtime only, so it builds for iOS too.
        .target(
            name: "KineticAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Generated/fingerprint.txt"]
        ),
        // What an iPhone automation does with KineticAPI, on URLSession as an iOS app would.
        .executableTarget(
            name: "kinetic-client",
            dependencies: [
                "KineticAPI",
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            path: "Examples/kinetic-client"
        ),
        .target(
            name: "AddressBook",
            dependencies: ["KineticCore", .product(name: "SwiftCSV", package: "SwiftCSV")]
        ),
        .systemLibrary(name: "CKineticZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "KineticZip", dependencies: ["CKineticZlib"]),
        // Response compression: gzip with zlib, Brotli with the system's library where it is.
        .target(name: "KineticCompression", dependencies: ["CKineticZlib"]),
        .target(
            name: "AppleHealth",
            dependencies: ["KineticCore", "KineticZip"]
        ),
        .target(
            name: "KineticMail",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Media in an S3-compatible store: a SigV4 signer and the few S3 operations Kinetic needs.
        .target(
            name: "ObjectStorage",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
            ]
        ),
        // Web Push (RFC 8030): message encryption (RFC 8291) and the server's identity (VAPID, RFC 8292).
        .target(
            name: "WebPush",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "App",
            dependencies: [
                "KineticCore",
                "AddressBook",
                "AppleHealth",
                "KineticMail",
                "KineticZip",
                "KineticCompression",
                "ObjectStorage",
                "WebPush",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Plot", package: "Plot"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "kinetic",
            dependencies: ["App"]
        ),
        .testTarget(
            name: "KineticCoreTests",
            dependencies: ["KineticCore"],
            exclude: ["Workouts/Fixtures"]
        ),
        .testTarget(
            name: "AppleHealthTests",
            dependencies: ["AppleHealth", "KineticCore", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "KineticZipTests",
            dependencies: ["KineticZip", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "KineticCompressionTests",
            dependencies: ["KineticCompression"]
        ),
        .testTarget(
            name: "AddressBookTests",
            dependencies: ["AddressBook", "KineticCore"]
        ),
        .testTarget(
            name: "WebPushTests",
            dependencies: ["WebPush", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(
            name: "KineticMailTests",
            dependencies: ["KineticMail"]
        ),
        .testTarget(
            name: "ObjectStorageTests",
            dependencies: ["ObjectStorage", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App",
                "KineticAPI",
                "KineticCompression",
                "ObjectStorage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Each PostgreSQL test's database is made from a template on a connection of its own.
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
