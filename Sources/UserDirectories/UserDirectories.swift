import Foundation

/// Where `~` and the XDG base directories are for this run, from its environment: the one
/// reading of them for the config, the caches, the saved lists, the user's catalog, the Metron
/// budget and `doctor`. `~` is `$HOME` first: Foundation's home directory on Linux is the
/// password file's and ignores `HOME` (`HOME=/tmp/h marvel-gallery characters` read /tmp/h's
/// config but wrote /root/.cache). An XDG variable counts only when absolute, as the XDG base
/// directory spec says (a relative one is ignored).
public enum UserDirectories {
    /// The program's own folder in each base directory (and under an install's `share`).
    public static let appFolder = "marvel-gallery"

    /// The program's folders: `cache(environment)/marvel-gallery`, and so on.
    public static func appCache(_ environment: [String: String]) -> URL { cache(environment).appendingPathComponent(appFolder) }
    public static func appData(_ environment: [String: String]) -> URL { data(environment).appendingPathComponent(appFolder) }
    public static func appConfig(_ environment: [String: String]) -> URL { config(environment).appendingPathComponent(appFolder) }

    /// `$HOME`, else the password file's home directory.
    public static func home(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], !home.isEmpty { return URL(fileURLWithPath: home) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public static func cache(_ environment: [String: String]) -> URL {
        xdg("XDG_CACHE_HOME", environment) ?? home(environment).appendingPathComponent(".cache")
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public static func data(_ environment: [String: String]) -> URL {
        xdg("XDG_DATA_HOME", environment) ?? home(environment).appendingPathComponent(".local/share")
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public static func config(_ environment: [String: String]) -> URL {
        xdg("XDG_CONFIG_HOME", environment) ?? home(environment).appendingPathComponent(".config")
    }

    /// `PREFIX/share/marvel-gallery` for a program installed as `PREFIX/bin/marvel-gallery`
    /// (`scripts/install.sh`), from the running executable's real path (symlinks resolved): where
    /// its catalog lives once it runs away from the source tree and the build folder.
    public static var installedData: URL? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        return executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share").appendingPathComponent(appFolder)
    }

    private static func xdg(_ name: String, _ environment: [String: String]) -> URL? {
        environment[name].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
    }
}
