#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds the executable the end-to-end
# tests drive, then runs every test target.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

# Test-only: real terminals under a virtual X server for the pixel-graphics end-to-end tests
# (kitty, xterm for sixel, mlterm for iTerm2 inline images) and headless Chromium for the
# browser test (they skip with a reason when these are missing; the program does not need them).
test_packages=(xvfb kitty xterm mlterm imagemagick chromium)
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

# The fuzz step's second half: `render` over seeded mutations of the test images in blocks,
# kitty, sixel and iTerm2, each run ending by itself and bounded by its box (about 25 s).
python3 scripts/fuzz-render.py

# CI shows only the end of the output, so the failures are repeated last: every XCTest
# "error:" line and failed test case, then swift test's own exit status.
log=$(mktemp "${TMPDIR:-/tmp}/marvel-gallery-test.XXXXXX")
trap 'rm -f "$log"' EXIT
set +e
swift test 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo
  echo "test.sh: swift test failed (exit $status). The failures:"
  grep -E ": error: |' failed \(|Fatal error|Crash|signal [0-9]" "$log" | grep -v "^Test Suite" | head -60 || true
fi
exit "$status"
