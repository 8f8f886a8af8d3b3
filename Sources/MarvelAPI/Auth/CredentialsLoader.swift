import Foundation
import UserDirectories

/// Finds keys: `MARVEL_PUBLIC_KEY` + `MARVEL_PRIVATE_KEY` in the environment first, else the
/// file `$XDG_CONFIG_HOME/marvel-gallery/credentials` (default `~/.config/...`), which must be
/// readable by its owner only (mode 0600 or 0400): a private key in a world-readable file is
/// refused rather than used.
///
/// File format, one `name = value` per line, `#` comments:
/// ```
/// public_key = 1234
/// private_key = abcd
/// ```
public enum CredentialsLoader {
    public static let fileName = "credentials"

    /// The config folder: `$XDG_CONFIG_HOME/marvel-gallery` or `~/.config/marvel-gallery`.
    public static func configDirectory(environment: [String: String]) -> URL {
        UserDirectories.appConfig(environment)
    }

    /// nil when no keys are configured anywhere (the app then uses its built-in catalog).
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(MarvelAPIError) -> MarvelCredentials? {
        let publicKey = environment["MARVEL_PUBLIC_KEY"].flatMap(nonBlank)
        let privateKey = environment["MARVEL_PRIVATE_KEY"].flatMap(nonBlank)
        switch (publicKey, privateKey) {
        case let (pub?, priv?): return MarvelCredentials(publicKey: pub, privateKey: priv)
        case (.some, nil): throw .credentials("MARVEL_PUBLIC_KEY is set but MARVEL_PRIVATE_KEY is not")
        case (nil, .some): throw .credentials("MARVEL_PRIVATE_KEY is set but MARVEL_PUBLIC_KEY is not")
        case (nil, nil): break
        }
        let file = configDirectory(environment: environment).appendingPathComponent(fileName)
        return try loadFile(file)
    }

    /// Reads a credentials file; nil if it does not exist.
    public static func loadFile(_ file: URL) throws(MarvelAPIError) -> MarvelCredentials? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw .credentials("\(file.path) is readable by others (mode \(String(mode, radix: 8))); "
                + "it holds a private key, so it is ignored until you run: chmod 600 \(file.path)")
        }
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw .credentials("cannot read \(file.path)")
        }
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                .replacingOccurrences(of: "-", with: "_")
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = String(value.dropFirst().dropLast()) }
            values[name] = value
        }
        let pub = (values["public_key"] ?? values["marvel_public_key"]).flatMap(nonBlank)
        let priv = (values["private_key"] ?? values["marvel_private_key"]).flatMap(nonBlank)
        guard let pub, let priv else {
            throw .credentials("\(file.path) needs both public_key = … and private_key = … lines")
        }
        return MarvelCredentials(publicKey: pub, privateKey: priv)
    }

    private static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
