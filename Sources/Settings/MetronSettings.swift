import Foundation

/// Metron's settings (`--source metron`): its URL (`--metron-url`, `METRON_URL`, `metron_url`,
/// default https://metron.cloud), the account (`METRON_USERNAME`/`METRON_PASSWORD`, else
/// `metron_username`/`metron_password` in a 0600 config.toml; never a flag, which `ps` shows),
/// and the request budget (`METRON_PER_MINUTE`/`METRON_PER_DAY` or `metron_per_minute`/
/// `metron_per_day`; default 18 and 4,500; never above Metron's own 20 and 5,000).
public struct MetronSettings: Equatable, Sendable {
    public static let defaultURL = "https://metron.cloud"
    public static let perMinuteVariable = "METRON_PER_MINUTE"
    public static let perDayVariable = "METRON_PER_DAY"

    public var url: Resolved<String>
    public var username: Resolved<String?>
    /// Never printed: `doctor` says only where it came from.
    public var password: Resolved<String?>
    public var perMinute: Resolved<Int>
    public var perDay: Resolved<Int>

    static func resolve(_ url: Resolved<String?>, _ env: [String: String], _ file: ConfigFile?,
                        _ fileOrigin: Origin) throws(SettingsError) -> MetronSettings {
        if let value = url.value, !Settings.isHTTPURL(value) {
            throw .invalidValue(origin: url.origin, "the Metron URL must be an absolute http(s) URL, got \"\(value)\"")
        }
        let nonBlank: (String?) -> String? = { $0.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        let variable = Settings.Variable.self
        var username = Resolved<String?>(value: nil, origin: .builtIn), password = username
        let envUser = nonBlank(env[variable.metronUsername]), envPassword = nonBlank(env[variable.metronPassword])
        if envUser != nil || envPassword != nil {
            guard envUser != nil, envPassword != nil else {
                let missing = envUser == nil ? variable.metronUsername : variable.metronPassword
                throw .invalidValue(origin: .environment(missing), "\(missing) is not set but its partner is")
            }
            username = Resolved(value: envUser, origin: .environment(variable.metronUsername))
            password = Resolved(value: envPassword, origin: .environment(variable.metronPassword))
        } else if nonBlank(file?.metronUsername) != nil || nonBlank(file?.metronPassword) != nil {
            guard let user = nonBlank(file?.metronUsername), let secret = nonBlank(file?.metronPassword) else {
                throw .invalidValue(origin: fileOrigin, "metron_username and metron_password go together")
            }
            username = Resolved(value: user, origin: fileOrigin)
            password = Resolved(value: secret, origin: fileOrigin)
        }
        func limit(_ variableName: String, _ fromFile: Int?, key: String, default fallback: Int, max: Int) throws(SettingsError) -> Resolved<Int> {
            var resolved = Resolved(value: fallback, origin: .builtIn)
            if let text = nonBlank(env[variableName]) {
                guard let n = Int(text) else {
                    throw .invalidValue(origin: .environment(variableName), "\(variableName) must be a whole number, got \"\(text)\"")
                }
                resolved = Resolved(value: n, origin: .environment(variableName))
            } else if let fromFile {
                resolved = Resolved(value: fromFile, origin: fileOrigin)
            }
            guard (1...max).contains(resolved.value) else {
                throw .invalidValue(origin: resolved.origin, "\(key) must be from 1 to \(max) (Metron's own limit), got \(resolved.value)")
            }
            return resolved
        }
        return MetronSettings(
            url: Resolved(value: url.value ?? defaultURL, origin: url.origin), username: username, password: password,
            perMinute: try limit(perMinuteVariable, file?.metronPerMinute, key: "metron_per_minute", default: 18, max: 20),
            perDay: try limit(perDayVariable, file?.metronPerDay, key: "metron_per_day", default: 4_500, max: 5_000))
    }
}
