import Foundation

/// What a live source (`--source NAME`) reads from the settings, as the source table describes
/// it: its URL (`--NAME-url`, `PREFIX_URL`, `NAME_url`, else `defaultURL`), the account
/// (`PREFIX_USERNAME`/`PREFIX_PASSWORD`, else `NAME_username`/`NAME_password` in a 0600
/// config.toml; never a flag, which `ps` shows), and the request budget (`PREFIX_PER_MINUTE`/
/// `PREFIX_PER_DAY` or `NAME_per_minute`/`NAME_per_day`; never above the source's own limits).
/// A source that takes an API key instead (`auth: .apiKey`) reads `PREFIX_API_KEY`, else
/// `NAME_api_key` in a 0600 config.toml, and no username. A source may count its budget per
/// hour (`window`) and have no day budget (`maxPerDay` 0).
/// Settings knows no source by name: the executable passes the table's specs in.
public struct LiveSourceSpec: Equatable, Sendable {
    /// How the source is signed in to: an account (HTTP Basic) or an API key.
    public enum Auth: Sendable, Equatable { case basic, apiKey }
    /// As `--source` takes it; also the prefix of its config keys and its URL flag.
    public let name: String
    /// As errors and `doctor` say it.
    public let displayName: String
    /// The prefix of its environment variables.
    public let variablePrefix: String
    public let defaultURL: String
    public let defaultPerMinute: Int, maxPerMinute: Int
    public let defaultPerDay: Int, maxPerDay: Int
    public let auth: Auth
    /// What the first budget counts in ("minute"; "hour" for a per-resource hourly budget).
    public let window: String

    public init(name: String, displayName: String, variablePrefix: String, defaultURL: String,
                defaultPerMinute: Int, maxPerMinute: Int, defaultPerDay: Int, maxPerDay: Int,
                auth: Auth = .basic, window: String = "minute") {
        self.name = name; self.displayName = displayName; self.variablePrefix = variablePrefix
        self.defaultURL = defaultURL; self.auth = auth; self.window = window
        self.defaultPerMinute = defaultPerMinute; self.maxPerMinute = maxPerMinute
        self.defaultPerDay = defaultPerDay; self.maxPerDay = maxPerDay
    }

    public var urlFlag: String { "--\(name)-url" }
    public var urlKey: String { "\(name)_url" }
    public var usernameKey: String { "\(name)_username" }
    /// A secret (the password, or the API key): a config.toml holding it must be mode 0600.
    public var passwordKey: String { auth == .apiKey ? "\(name)_api_key" : "\(name)_password" }
    /// The first budget's key (`NAME_per_minute`, `NAME_per_hour`).
    public var perMinuteKey: String { "\(name)_per_\(window)" }
    public var perDayKey: String { "\(name)_per_day" }
    public var hasDayBudget: Bool { maxPerDay > 0 }
    /// Its config.toml keys, in the order the file's key list names them.
    public var configKeys: [String] {
        [urlKey] + (auth == .basic ? [usernameKey] : []) + [passwordKey, perMinuteKey] + (hasDayBudget ? [perDayKey] : [])
    }
    public var urlVariable: String { "\(variablePrefix)_URL" }
    public var usernameVariable: String { "\(variablePrefix)_USERNAME" }
    public var passwordVariable: String { auth == .apiKey ? "\(variablePrefix)_API_KEY" : "\(variablePrefix)_PASSWORD" }
    public var perMinuteVariable: String { "\(variablePrefix)_PER_\(window.uppercased())" }

    /// What running it needs, said when it is missing.
    public var missingCredentials: String {
        switch auth {
        case .basic:
            "needs a \(displayName) account: set \(usernameVariable) and \(passwordVariable) "
                + "(or \(usernameKey) and \(passwordKey) in config.toml, mode 0600)"
        case .apiKey: "needs a \(displayName) API key: set \(passwordVariable) (or \(passwordKey) in config.toml, mode 0600)"
        }
    }
    public var perDayVariable: String { "\(variablePrefix)_PER_DAY" }
}

/// A live source's values in config.toml (nil: not there).
public struct LiveSourceFileValues: Equatable, Sendable {
    public var url: String?
    public var username: String?
    public var password: String?
    public var perMinute: Int?
    public var perDay: Int?
    public init() {}
}

/// A live source's resolved settings: where, who, and how many requests a minute and a day.
public struct LiveSourceSettings: Equatable, Sendable {
    public var url: Resolved<String>
    public var username: Resolved<String?>
    /// Never printed: `doctor` says only where it came from.
    public var password: Resolved<String?>
    /// The first budget (per minute, or per resource per hour: the spec's `window`).
    public var perMinute: Resolved<Int>
    public var perDay: Resolved<Int>

    static func resolve(_ spec: LiveSourceSpec, _ url: Resolved<String?>, _ env: [String: String], _ file: LiveSourceFileValues?,
                        _ fileOrigin: Origin) throws(SettingsError) -> LiveSourceSettings {
        if let value = url.value, !Settings.isHTTPURL(value) {
            throw .invalidValue(origin: url.origin, "the \(spec.displayName) URL must be an absolute http(s) URL, got \"\(value)\"")
        }
        let nonBlank: (String?) -> String? = { $0.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        var username = Resolved<String?>(value: nil, origin: .builtIn), password = username
        let envUser = nonBlank(env[spec.usernameVariable]), envPassword = nonBlank(env[spec.passwordVariable])
        if spec.auth == .apiKey {
            // A key alone: no username to pair it with.
            if let envPassword {
                password = Resolved(value: envPassword, origin: .environment(spec.passwordVariable))
            } else if let secret = nonBlank(file?.password) {
                password = Resolved(value: secret, origin: fileOrigin)
            }
        } else if envUser != nil || envPassword != nil {
            guard envUser != nil, envPassword != nil else {
                let missing = envUser == nil ? spec.usernameVariable : spec.passwordVariable
                throw .invalidValue(origin: .environment(missing), "\(missing) is not set but its partner is")
            }
            username = Resolved(value: envUser, origin: .environment(spec.usernameVariable))
            password = Resolved(value: envPassword, origin: .environment(spec.passwordVariable))
        } else if nonBlank(file?.username) != nil || nonBlank(file?.password) != nil {
            guard let user = nonBlank(file?.username), let secret = nonBlank(file?.password) else {
                throw .invalidValue(origin: fileOrigin, "\(spec.usernameKey) and \(spec.passwordKey) go together")
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
                throw .invalidValue(origin: resolved.origin,
                                    "\(key) must be from 1 to \(max) (\(spec.displayName)'s own limit), got \(resolved.value)")
            }
            return resolved
        }
        return LiveSourceSettings(
            url: Resolved(value: url.value ?? spec.defaultURL, origin: url.origin), username: username, password: password,
            perMinute: try limit(spec.perMinuteVariable, file?.perMinute, key: spec.perMinuteKey,
                                 default: spec.defaultPerMinute, max: spec.maxPerMinute),
            perDay: spec.hasDayBudget
                ? try limit(spec.perDayVariable, file?.perDay, key: spec.perDayKey, default: spec.defaultPerDay, max: spec.maxPerDay)
                : Resolved(value: 0, origin: .builtIn))
    }

    /// Whether what the source needs to sign in is set (an account, or a key).
    public func hasCredentials(_ spec: LiveSourceSpec) -> Bool {
        spec.auth == .apiKey ? password.value != nil : username.value != nil
    }
}
