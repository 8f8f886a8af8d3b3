#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds the executable the end-to-end
# tests drive, then runs every test target.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift build --product marvel-gallery
swift test
