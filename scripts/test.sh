#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds the executable the end-to-end
# tests drive, then runs every test target.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

# Test-only: real terminals under a virtual X server for the pixel-graphics end-to-end tests
# (kitty, xterm for sixel, mlterm for iTerm2 inline images) and headless Chromium for the
# browser test, Debian's nginx for the cache in front of two `serve` processes (deploy/nginx),
# and man (man-db, groff) for the installed man page (InstallEndToEndTests); they skip with a
# reason when these are missing (the program does not need them).
# fonts-dejavu-core: the one font the terminals under test are given (machines differ in their
# "monospace", and with it in cell sizes and layouts).
test_packages=(xvfb kitty xterm mlterm imagemagick chromium nginx-light man-db groff-base fonts-dejavu-core)
missing=()
for p in "${test_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || echo "test.sh: could not install ${missing[*]}: the real-terminal and browser end-to-end tests will skip" >&2
fi

# Test-only: esak, marvelous and marvelpy from PyPI (clients nobody here wrote) in the venv
# EsakEnvironment uses (.build/esak-venv); their tests skip with a message when it is missing.
if [ ! -x .build/esak-venv/bin/python ] || ! .build/esak-venv/bin/python -c "import esak, marvelous, marvelpy" 2>/dev/null; then
  { mkdir -p .build && python3 -m venv .build/esak-venv \
    && .build/esak-venv/bin/python -m pip install --disable-pip-version-check -q --timeout 20 \
         esak==2.0.0 marvelous==1.4.5 marvelpy==0.2.1; } \
    || echo "test.sh: PyPI unreachable or python3-venv missing: the esak/marvelous/marvelpy contract tests will skip" >&2
fi

# Test-only: Simyan from PyPI (a Comic Vine client nobody here wrote) in the venv
# SimyanEnvironment uses (.build/simyan-venv); SimyanContractTests skips with a message without it.
if [ ! -x .build/simyan-venv/bin/python ] || ! .build/simyan-venv/bin/python -c "import simyan.comicvine" 2>/dev/null; then
  { mkdir -p .build && python3 -m venv .build/simyan-venv \
    && .build/simyan-venv/bin/python -m pip install --disable-pip-version-check -q --timeout 20 simyan==4.2.0; } \
    || echo "test.sh: PyPI unreachable or python3-venv missing: the Simyan contract test will skip" >&2
fi

# The C codec shims under ASan+UBSan over the test images, the bombs and seeded mutations
# (about 15 s: four C files and one Swift driver, not a second build of the package).
./scripts/sanitize-shims.sh

# Every target declares exactly the modules it imports (Package.swift against the import lines).
python3 scripts/check-imports.py

swift build --product marvel-gallery

# The man page of that debug build, by swift-argument-parser's manual generator, for the test
# that installs it with scripts/install.sh --binary/--manual (InstallEndToEndTests); the plugin
# builds every product in debug first (marvel-bench besides the program).
swift package plugin generate-manual --configuration debug

# The fuzz step's second half: `render` over seeded mutations of the test images in blocks,
# kitty, sixel and iTerm2, each run ending by itself and bounded by its box (about 25 s).
python3 scripts/fuzz-render.py

swift build --build-tests
bundle="$(swift build --show-bin-path)/marvel-galleryPackageTests.xctest"
classes=$("$bundle" --list-tests | sed -n 's|^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*|\1|p' \
  | grep -v '^EndToEndTests\.' | sort -u | paste -sd, -)
[ -n "$classes" ] || { echo "test.sh: the test binary lists no test classes" >&2; exit 1; }
# The lanes run XCTest cases only (the test binary run directly does not run Swift Testing).
if grep -rlq '^import Testing' Tests; then
  echo "test.sh: a test imports Swift Testing, which the lanes below do not run; write it with XCTest" >&2
  exit 1
fi

# Two lanes at once. The end-to-end target, each test case in a process of its own, two at a
# time: its tests mostly wait on real terminals and servers, and each has its own tmux socket,
# X display (Xvfb -displayfd), folders and ports. Every other target in one process (their
# cases are short, and some share a catalog or server built once a process), started as the
# test binary itself with its classes named: a second `swift test` would wait for the first's
# lock on .build.
# CI shows only the end of the output, so the failures are repeated last: every XCTest
# "error:" line and failed test case, then each lane's exit status.
work=$(mktemp -d "${TMPDIR:-/tmp}/marvel-gallery-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
set +e
swift test --skip-build --parallel --num-workers "${MG_E2E_WORKERS:-2}" --filter '^EndToEndTests\.' \
  --xunit-output "$work/e2e.xml" >"$work/e2e.log" 2>&1 &
e2e_pid=$!
"$bundle" "$classes" 2>&1 | tee "$work/unit.log"
unit_status=${PIPESTATUS[0]}
wait "$e2e_pid"
e2e_status=$?
echo
echo "test.sh: the end-to-end lane:"
cat "$work/e2e.log"
python3 scripts/test_summary.py "$work/e2e.xml" "$work/unit.log"
summary_status=$?
set -e
status=0
for s in "$unit_status" "$e2e_status" "$summary_status"; do [ "$s" -ne 0 ] && status=1; done
if [ "$status" -ne 0 ]; then
  echo
  echo "test.sh: swift test failed (other targets: exit $unit_status; end-to-end: exit $e2e_status). The failures:"
  cat "$work/unit.log" "$work/e2e.log" | grep -E ": error: |' failed \(|Fatal error|Crash|signal [0-9]" \
    | grep -v "^Test Suite" | head -60 || true
fi
exit "$status"
