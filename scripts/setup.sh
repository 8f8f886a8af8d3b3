#!/usr/bin/env bash
# Installs the Debian packages marvel-gallery needs to build, test and run.
# Idempotent: apt is touched only when something is missing.
set -euo pipefail

packages=(
  pkg-config
  libstdc++-12-dev       # the release link takes libstdc++ from its archive (Linking/static-libstdc++)
  libcurl4-openssl-dev   # HTTP transport
  libssl-dev             # libcrypto: md5 signing, sha256 cache keys
  libjpeg-dev            # libjpeg-turbo decoder/encoder
  libpng-dev             # PNG decoder/encoder
  libgif-dev             # first frame of GIF thumbnails
  libsixel-dev           # sixel picture output (palette quantisation + encoder)
  libsqlite3-dev         # GRDB catalog store
  zlib1g-dev             # deflate pieces and CRC-32 of stitched gzip answers (CDeflate)
  libisal-dev            # kitty's fast PNG: ISA-L's igzip deflate and CRC-32 (CDeflate's mg_fast_png)
  tmux                   # end-to-end terminal tests
  curl                   # end-to-end tests read the catalog server's /debug/stats
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "setup: swift is at /opt/swift/usr/bin; add it to PATH" >&2
  else
    echo "setup: swift 6 toolchain not found on PATH" >&2
  fi
  exit 1
fi
