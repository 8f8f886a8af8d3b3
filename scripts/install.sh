#!/usr/bin/env bash
# Installs marvel-gallery for one user (default PREFIX ~/.local), or removes what it installed.
#
#   scripts/install.sh [--binary PATH --manual FILE] [PREFIX]
#   scripts/install.sh --uninstall [PREFIX]
#
# Without --binary it builds the release program and its man page with swift-argument-parser's
# manual generator (`swift package plugin generate-manual`, which builds every product in
# release: 45 minutes from a fresh clone on a shared 2-core machine). A release build links the
# Swift runtime and Foundation into the program (Package.swift: `-static-stdlib`), so the
# installed program needs no Swift toolchain, only the Debian libraries. --binary installs a
# program already built (any configuration) and --manual the page made for it, so a test can
# install the debug build.
#
# Installed: PREFIX/bin/marvel-gallery; PREFIX/share/marvel-gallery/ (the built-in catalog's
# fixtures and its ready SQLite file: a program away from its source tree and build folder finds
# them there); the man page in PREFIX/share/man/man1; bash, zsh and fish completions. Every path
# written is listed in PREFIX/share/marvel-gallery/install-manifest, and --uninstall removes
# exactly those (then the folders it made, when empty).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

uninstall=0 binary="" manual="" prefix=""
while (($#)); do
  case "$1" in
    --uninstall) uninstall=1 ;;
    --binary) binary="${2:?--binary needs a path}"; shift ;;
    --manual) manual="${2:?--manual needs a file}"; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "install.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    *) [ -z "$prefix" ] || { echo "install.sh: one PREFIX only" >&2; exit 64; }; prefix="$1" ;;
  esac
  shift
done
prefix="$(realpath -m "${prefix:-$HOME/.local}")"
share="$prefix/share/marvel-gallery"
manifest="$share/install-manifest"

if ((uninstall)); then
  [ -f "$manifest" ] || { echo "install.sh: nothing installed in $prefix (no $manifest)" >&2; exit 1; }
  # Files first, then the folders the install made (listed too), deepest first, each only
  # when empty: something of the user's put in one since keeps it.
  folders=()
  while IFS= read -r path; do
    if [ -d "$path" ] && [ ! -L "$path" ]; then folders+=("$path"); else rm -f -- "$path"; fi
  done < "$manifest"
  rm -f -- "$manifest"
  while IFS= read -r path; do
    rmdir -- "$path" 2>/dev/null || echo "install.sh: kept $path (not empty)" >&2
  done < <(printf '%s\n' "${folders[@]}" | LC_ALL=C sort -r)
  echo "removed marvel-gallery from $prefix"
  exit 0
fi

if [ -n "$binary" ] && [ -z "$manual" ] || [ -z "$binary" ] && [ -n "$manual" ]; then
  echo "install.sh: --binary and --manual go together" >&2; exit 64
fi
if [ -z "$binary" ]; then
  cd "$root"
  ./scripts/setup.sh
  swift package plugin generate-manual --configuration release
  binary="$root/.build/release/marvel-gallery"
  manual="$root/.build/plugins/GenerateManual/outputs/marvel-gallery/marvel-gallery.1"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
[ -f "$manual" ] || { echo "install.sh: no man page at $manual" >&2; exit 1; }
ready="$(dirname "$binary")/marvel-gallery_EmbeddedCatalogFile.resources/embedded-catalog.sqlite"
[ -f "$ready" ] || { echo "install.sh: no embedded catalog beside $binary ($ready)" >&2; exit 1; }
[ -f "$manifest" ] && { echo "install.sh: already installed in $prefix; --uninstall first" >&2; exit 1; }

# Folders this run makes, then files, each recorded as it is written, so an install stopped
# half-way can still be uninstalled.
made=()
folder() {
  local parts=() d="$1"
  while [ ! -d "$d" ]; do parts=("$d" "${parts[@]}"); d="$(dirname "$d")"; done
  for d in "${parts[@]}"; do mkdir "$d"; made+=("$d"); done
}
folder "$share"
: > "$manifest"
for d in "${made[@]}"; do echo "$d" >> "$manifest"; done
made=()
put() {  # put MODE SOURCE DEST: copies one file and records it (and the folders it made)
  folder "$(dirname "$3")"
  for d in "${made[@]}"; do echo "$d" >> "$manifest"; done
  made=()
  install -m "$1" "$2" "$3"
  echo "$3" >> "$manifest"
}

put 0755 "$binary" "$prefix/bin/marvel-gallery"
put 0644 "$ready" "$share/embedded-catalog.sqlite"
while IFS= read -r f; do
  put 0644 "$root/Fixtures/$f" "$share/$f"
done < <(cd "$root/Fixtures" && find catalog -type f | LC_ALL=C sort)
put 0644 "$manual" "$prefix/share/man/man1/marvel-gallery.1"
completions="$(mktemp -d "${TMPDIR:-/tmp}/marvel-gallery-install.XXXXXX")"
trap 'rm -rf "$completions"' EXIT
for shell in bash zsh fish; do
  "$binary" --generate-completion-script "$shell" > "$completions/$shell"
done
put 0644 "$completions/bash" "$prefix/share/bash-completion/completions/marvel-gallery"
put 0644 "$completions/zsh" "$prefix/share/zsh/site-functions/_marvel-gallery"
put 0644 "$completions/fish" "$prefix/share/fish/vendor_completions.d/marvel-gallery.fish"

echo "installed marvel-gallery in $prefix ($(wc -l < "$manifest") paths, listed in $manifest)"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "add $prefix/bin to PATH to run it" ;; esac
echo "zsh: add $prefix/share/zsh/site-functions to fpath for its completions"
