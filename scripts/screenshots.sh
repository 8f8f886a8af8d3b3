#!/usr/bin/env bash
# Remakes the pictures of the program in docs/images/: the real program on the built-in catalog
# in real terminals on a private X server (Xvfb), each screenshot taken with ImageMagick
# `import` once the screen is complete and steady.
#
#   scripts/screenshots.sh [BINARY]     (default: .build/release/marvel-gallery, else .build/debug/)
#
#   kitty-grid.png, kitty-detail.png  kitty (graphics protocol), LIBGL_ALWAYS_SOFTWARE=1
#   xterm-sixel-grid.png              xterm -ti vt340 (sixel)
#   tmux-grid.png                     tmux with default settings inside kitty (half-blocks)
#
# Signals, not sleeps: kitty's and tmux's own copy of the screen's text (`kitty @ get-text`,
# `tmux capture-pane`) must show the grid with no picture still loading (`···`); in xterm the
# program runs under scripts/pty-relay.py, whose log must show the grid and whose DA1 round trip
# says xterm has drawn everything written. Then screenshots are taken until two in a row are
# the same. Each PNG is written with a palette of 256 colours to stay under 300 KB.
# Needs: Xvfb, kitty, xterm, tmux, ImageMagick, python3, fonts-dejavu-core (scripts/test.sh installs them).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-}"
if [ -z "$binary" ]; then
  binary="$root/.build/release/marvel-gallery"
  [ -x "$binary" ] || binary="$root/.build/debug/marvel-gallery"
fi
[ -x "$binary" ] || { echo "screenshots.sh: build marvel-gallery first (swift build --product marvel-gallery)" >&2; exit 1; }
for tool in Xvfb kitty xterm tmux import convert python3; do
  command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is not installed" >&2; exit 1; }
done
out="$root/docs/images"
mkdir -p "$out"
work="$(mktemp -d "${TMPDIR:-/tmp}/marvel-gallery-shots.XXXXXX")"
pids=()
tmux_socket="shots$$"
cleanup() {
  tmux -L "$tmux_socket" kill-server 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Ends this stage's terminal and X server (only the processes this script started).
stop_stage() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}

# Polls `check` (a command) every 0.2 s until it succeeds, for at most $2 seconds.
wait_for() {
  local what="$1" timeout="$2"; shift 2
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    ((SECONDS < deadline)) || { echo "screenshots.sh: timed out waiting for $what" >&2; return 1; }
    sleep 0.2
  done
}

# A private X server of WIDTHxHEIGHT; sets $DISPLAY.
start_x() {
  local fd_file="$work/display.$1"
  Xvfb -displayfd 3 -screen 0 "$1x24" -nolisten tcp 3>"$fd_file" 2>/dev/null &
  pids+=($!)
  wait_for "Xvfb" 30 grep -q . "$fd_file"
  export DISPLAY=":$(head -n1 "$fd_file")"
}

# The whole X screen, until two screenshots in a row are the same; then saved to docs/images/$1
# with a 256-colour palette.
steady_shot() {
  local name="$1" previous="" current n=0
  while :; do
    import -display "$DISPLAY" -window root "$work/shot.png"
    current="$(convert "$work/shot.png" rgb:- | md5sum)"
    [ "$current" = "$previous" ] && break
    previous="$current"
    n=$((n + 1))
    ((n < 100)) || { echo "screenshots.sh: the screen never settled for $name" >&2; return 1; }
    sleep 0.5
  done
  convert "$work/shot.png" -trim +repage -dither FloydSteinberg -colors 256 "PNG8:$out/$name"
  echo "docs/images/$name: $(stat -c %s "$out/$name") bytes"
}

# The grid is drawn with every picture placed: the status line counts the catalog's 184
# characters and no tile shows the loading mark.
grid_ready() { grep -q "of 184" <<<"$1" && ! grep -q "···" <<<"$1"; }
# The detail page of the first character (3-D Man) with its comics strip loaded.
detail_ready() { grep -q "3-D Man" <<<"$1" && grep -q "Comics" <<<"$1" && ! grep -q "···" <<<"$1"; }

kitty_flags=(--config NONE -o allow_remote_control=yes -o background=#000000 -o foreground=#dddddd
             -o window_padding_width=0 -o font_size=10 -o "font_family=DejaVu Sans Mono" -o remember_window_size=no
             -o initial_window_width=1100 -o initial_window_height=700)
program_env=(XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
             LANG=C.UTF-8 LC_ALL=C.UTF-8)

# kitty: the grid, then Enter on the first tile.
kitty_text() { kitty @ --to "unix:$work/kitty.sock" get-text 2>/dev/null; }
kitty_grid_ready() { grid_ready "$(kitty_text)"; }
kitty_detail_ready() { detail_ready "$(kitty_text)"; }
start_x 1100x700
env "${program_env[@]}" LIBGL_ALWAYS_SOFTWARE=1 kitty "${kitty_flags[@]}" --listen-on "unix:$work/kitty.sock" \
  "$binary" characters --image-cache "$work/images" >/dev/null 2>&1 &
pids+=($!)
wait_for "the grid in kitty" 180 kitty_grid_ready
steady_shot kitty-grid.png
kitty @ --to "unix:$work/kitty.sock" send-text '\r'
wait_for "the detail page in kitty" 60 kitty_detail_ready
steady_shot kitty-detail.png
stop_stage

# tmux (default settings: no passthrough, so half-blocks) inside kitty.
tmux_text() { tmux -L "$tmux_socket" capture-pane -p -t shots 2>/dev/null; }
tmux_grid_ready() { grid_ready "$(tmux_text)"; }
start_x 1100x700
env "${program_env[@]}" LIBGL_ALWAYS_SOFTWARE=1 kitty "${kitty_flags[@]}" \
  tmux -L "$tmux_socket" -f /dev/null new-session -s shots \
  "$binary characters --image-cache $work/images" >/dev/null 2>&1 &
pids+=($!)
wait_for "the grid in tmux" 180 tmux_grid_ready
steady_shot tmux-grid.png
tmux -L "$tmux_socket" kill-server
stop_stage

# xterm as a VT340 (sixel), the program under pty-relay for its log and the DA1 round trip.
mkfifo "$work/control"
cat > "$work/xterm-run.sh" <<EOF
#!/bin/sh
exec env ${program_env[*]} python3 '$root/scripts/pty-relay.py' '$work/control' '$work/xterm.log' -- \
  '$binary' characters --image-cache '$work/images'
EOF
chmod +x "$work/xterm-run.sh"
xterm_ready() {
  [ -f "$work/xterm.log" ] || return 1
  # The status line's "1 of 184", its spaces written as cursor moves (CSI C).
  grep -qaP 'of(?:\x1b\[\d*C| )184' "$work/xterm.log" || return 1
  rm -f "$work/synced"
  echo "sync $work/synced" > "$work/control"
  wait_for "xterm's DA1 answer" 30 test -f "$work/synced"
}
start_x 1000x700
env LANG=C.UTF-8 LC_ALL=C.UTF-8 xterm -ti vt340 -geometry 140x45+0+0 -fa "DejaVu Sans Mono" -fs 8 -bg black -fg white \
  -xrm 'XTerm*numColorRegisters: 256' -e "$work/xterm-run.sh" >/dev/null 2>&1 &
pids+=($!)
wait_for "the grid in xterm" 180 xterm_ready
steady_shot xterm-sixel-grid.png
echo "keys 71" > "$work/control"   # q
stop_stage
