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

# Test-only Python clients from PyPI, in the background while the package builds (mostly
# waiting on the network); their output is shown once they are done.
python_clients() {
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
}
work=$(mktemp -d "${TMPDIR:-/tmp}/marvel-gallery-test.XXXXXX")
# Steps still running beside a step that failed end with it.
trap 'status=$?; jobs -p | xargs -r kill 2>/dev/null || true; rm -rf "$work"; exit $status' EXIT
python_clients >"$work/clients.log" 2>&1 &
clients_pid=$!

# The C codec shims under ASan+UBSan over the test images, the bombs and seeded mutations
# (about 15 s: four C files and one Swift driver, not a build of the package), beside the build.
./scripts/sanitize-shims.sh >"$work/sanitize.log" 2>&1 &
sanitize_pid=$!

# Every target declares exactly the modules it imports (Package.swift against the import lines).
python3 scripts/check-imports.py

# One build: the program the end-to-end tests drive, every other product, and the tests.
swift build --build-tests

# The fuzz step's second half, beside the man page: `render` over seeded mutations of the test
# images in blocks, kitty, sixel and iTerm2, each run ending by itself and bounded by its box
# (about 25 s).
python3 scripts/fuzz-render.py >"$work/fuzz.log" 2>&1 &
fuzz_pid=$!

# The man page of that debug build, by swift-argument-parser's manual generator, for the test
# that installs it with scripts/install.sh --binary/--manual (InstallEndToEndTests). The tool is
# run directly: `swift package plugin generate-manual` would build every product again in a build
# plan of its own (a minute or more), for the same page.
swift build --product generate-manual
bin="$(swift build --show-bin-path)"
manual=.build/plugins/GenerateManual/outputs/marvel-gallery
mkdir -p "$manual"
"$bin/generate-manual" "$bin/marvel-gallery" --output-directory "$manual"

# The steps that ran beside the build, each with its output.
for step in sanitize:$sanitize_pid clients:$clients_pid fuzz:$fuzz_pid; do
  step_status=0
  wait "${step#*:}" || step_status=$?
  cat "$work/${step%%:*}.log"
  [ "$step_status" -eq 0 ] || { echo "test.sh: the ${step%%:*} step failed (exit $step_status)" >&2; exit 1; }
done

# The tests run XCTest cases only (the test binary run directly does not run Swift Testing).
if grep -rlq '^import Testing' Tests; then
  echo "test.sh: a test imports Swift Testing, which scripts/run_tests.py does not run; write it with XCTest" >&2
  exit 1
fi

# Every test, several processes at once (scripts/run_tests.py): each end-to-end case in a
# process of its own, every other target in one or two; MG_E2E_WORKERS and MG_UNIT_WORKERS set
# how many of each kind run at once (2 and 2).
# CI shows only the end of the output, so the failures are repeated last, then the closing lines.
run_status=0
python3 scripts/run_tests.py "$bin/marvel-galleryPackageTests.xctest" "$work" || run_status=$?
if [ "$run_status" -ne 0 ]; then
  echo
  echo "test.sh: tests failed. The failures:"
  cat "$work"/logs/*.log | grep -E ": error: |' failed \(|Fatal error|Crash|signal [0-9]" \
    | grep -v "^Test Suite" | head -60 || true
fi
echo
summary_status=0
python3 scripts/test_summary.py "$work/logs" "$(cd .. && pwd)/shared" || summary_status=$?
[ "$run_status" -eq 0 ] && [ "$summary_status" -eq 0 ]
