@testable import GalleryApp
import TerminalUI

/// `docs/keys.md`, written from the key tables the screens act on and draw their `?` help from
/// (`Keymap`, `Keymap.detail`) and their English texts, so the page cannot drift from the keys:
/// `KeysDocumentTests` compares the two and re-records the page with `RECORD_DOCS=1`.
enum KeysDocument {
    private static let strings = Strings(.en)

    /// The screens in the page's order: a title, the command that opens it, and its table.
    private static let grids: [(title: String, opens: String, catalog: CatalogKind)] = [
        ("Characters grid", "`marvel-gallery characters`", .characters),
        ("Comics grid", "`marvel-gallery comics`", .comics),
        ("Series and events grids", "`marvel-gallery series`, `marvel-gallery events`", .titles(.series)),
        ("Creators grid", "`marvel-gallery creators`", .titles(.creators)),
        ("Favourites and history", "`marvel-gallery favourites`, `marvel-gallery recent`, `H` on a grid", .saved(.favourites)),
    ]

    static var markdown: String {
        var out = """
        # Keys

        Every key of every screen. This page is generated from the key tables the program acts on
        and draws its `?` help from (`Sources/GalleryApp/Core/Keymap.swift`, `DetailKeymap.swift`);
        `KeysDocumentTests` fails when the two disagree. After changing a table, re-record it with
        `RECORD_DOCS=1 swift test --filter KeysDocumentTests` and review the diff.

        `?` on any screen shows that screen's keys; on a small terminal ↑↓ scroll the help
        (footer: "\(strings[.helpScroll])").

        """
        for grid in grids {
            out += section(grid.title, opens: grid.opens, Keymap.table(grid.catalog).map { ($0.keys, $0.text) })
        }
        out += section("Detail page", opens: "Enter on a tile, or `marvel-gallery character ID` (`comic`, `series`, `event`, `story`, `creator`)",
                       Keymap.detail.map { ($0.keys, $0.text) })
        out += """

        The digits `1`–`5` pick a detail page's related list by its number (as many as the page
        has). While a page cannot open, its error box says "\(strings[.errorDismiss])" (on a page
        opened on its own: "\(strings[.errorDismissQuits])").

        ## Inside the search field, the index and the small-terminal screen

        | where | keys |
        |---|---|
        | search field (`/`) | \(strings[.searchHint]) |
        | A–Z index (`i`) | \(strings[.indexHint]) |
        | "Terminal too small" | \(strings[.tooSmallKeys]) Ctrl-C quits too; resizes act. |

        """
        return out + details
    }

    private static func section(_ title: String, opens: String, _ lines: [(keys: String, text: StringKey)]) -> String {
        var out = "\n## \(title)\n\nOpened by \(opens).\n\n| keys | what they do |\n|---|---|\n"
        for line in lines {
            let keys = line.keys.isEmpty ? "" : "`" + line.keys.split(separator: " ").joined(separator: " ") + "`"
            out += "| \(keys) | \(strings[line.text].replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return out
    }

    /// What the help's one line per key cannot say: how the keys behave in detail.
    private static let details = """

    ## What some keys do in detail

    - Ctrl-N / Ctrl-P move to the next / previous row, as in less and fzf.
    - Home/End and `g`/`G` on a grid go to the first / last item of the whole list: the page that
      holds the last one is fetched directly (one or two requests even on 50,000 characters).
    - `/` searches names (titles on the comics, series and events grids): Enter keeps the results,
      Esc restores the list exactly as it was. On Metron a search is sent only on Enter (typing
      filters the names already loaded).
    - `i` opens the A–Z index on every grid in name order (characters, comics, series, events): a
      letter (or `#` for names starting with a digit) moves the selection to the first name under
      it, and the grid stays.
    - `'` then letters jumps by typing: the selection moves to the first name starting with what
      you type (`'sp` → Spider-Girl), shown in the status line (`jump › sp`). A pause of 1.2 s,
      Enter or Esc ends it; any other key ends it and does its own job. On Metron the name is looked
      up on Enter, as its search is. The index and jump apply when the grid is sorted by name
      (title), either way; sorted otherwise, the status line says so. The creators grid is ordered
      by last name, so it has neither.
    - `s` steps through the orders: characters by name / modified (newest first) / comics (most
      first); comics by title / on-sale date (newest first) / issue number. `S` reverses; the header
      says it (`by modified ↓`). `--order` starts on one. An order the source cannot honour (the
      Marvel API and Metron answer 409 to `comics`) is said on the status line and `s` goes on to
      the next one.
    - `t` / `T` step through the comic formats on the comics grid.
    - `y` / `Y` copy the name / the link (on a grid the record's resource URL, on a detail page its
      marvel.com page) to the terminal's clipboard with OSC 52; inside tmux into tmux's own paste
      buffer (`tmux set-buffer -w`, which works with tmux's default `set-clipboard external` and
      passes it on to the terminal). `doctor` says whether the clipboard is reachable.
    - `f` stars / unstars the selection or the page open (a gold ★ on the tile's frame and before
      the page's title); kept in `$XDG_DATA_HOME/marvel-gallery/favourites.json` (default
      `~/.local/share/…`).
    - `H` shows the last 100 pages opened, most recent first (Esc comes back); kept in
      `history.json` next to `favourites.json`.
    - `r` asks again for a page that failed, or for the page after "the server repeats itself".
    - Esc on a detail page goes back to exactly where you were: the tab, selection and scroll of
      every page below are kept.
    - `u` / `U` pick a link of a detail page and `o` opens it with `xdg-open`; the URL is shown when
      it cannot (no xdg-open, or it failed).
    - Keys typed while the gallery starts are kept in order; keys that act on the list's items
      (moves, Enter, `y`, `f`) wait for its first page (at most 3 s), so `j j Enter` typed ahead
      opens the third row's first tile.
    - The mouse: the wheel scrolls, a click selects, a double click opens; on a detail page a click
      on a picture of the strip selects it (on the selected one opens it), a click on a tab shows
      it and a click on a link selects it.

    """
}
