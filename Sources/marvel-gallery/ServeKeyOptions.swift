import ArgumentParser
import CatalogServer
import Foundation
import Settings

/// `serve`'s keys: a public key and the private key that signs with it, which go together.
struct ServeKeyOptions: ParsableArguments {
    @Option(name: .customLong("public-key"), help: "Require apikey/ts/hash signed with this public key.")
    var publicKey: String?

    @Option(name: .customLong("private-key"),
            help: "The private key matching --public-key (visible in `ps`: prefer --private-key-file or MARVEL_PRIVATE_KEY).")
    var privateKey: String?

    @Option(name: .customLong("private-key-file"), help: "A file holding the private key (first line; never printed).")
    var privateKeyFile: String?

    func validate() throws {
        if privateKey != nil, privateKeyFile != nil {
            throw ValidationError("--private-key and --private-key-file exclude each other")
        }
        // Whether a private key is named, without reading it: a bad key file is not a usage
        // mistake (one line and exit 1 from run(), not a "Usage:" block and 64).
        let namesPrivateKey = privateKey != nil || privateKeyFile != nil
            || (publicKey != nil && !(ProcessInfo.processInfo.environment["MARVEL_PRIVATE_KEY"] ?? "").isEmpty)
        if (publicKey == nil) == namesPrivateKey {
            throw ValidationError("--public-key and a private key (--private-key-file, MARVEL_PRIVATE_KEY "
                                  + "or --private-key) go together")
        }
    }

    /// The keys, when a public key is given.
    func keys() throws(SettingsError) -> APIKeys? {
        guard let publicKey, let privateKey = try resolvedPrivateKey() else { return nil }
        return APIKeys(publicKey: publicKey, privateKey: privateKey)
    }

    /// The private key from --private-key, else --private-key-file, else MARVEL_PRIVATE_KEY
    /// (only with --public-key: the variable is also the client's). The file's first line counts.
    func resolvedPrivateKey() throws(SettingsError) -> String? {
        if let privateKey { return privateKey }
        if let privateKeyFile { return try Settings.readPrivateKeyFile(privateKeyFile) }
        guard publicKey != nil, let key = ProcessInfo.processInfo.environment["MARVEL_PRIVATE_KEY"], !key.isEmpty else {
            return nil
        }
        return key
    }
}
