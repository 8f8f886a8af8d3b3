#!/usr/bin/env bash
# The C codec shims under AddressSanitizer + UndefinedBehaviorSanitizer (issue 17): compiles
# mg_jpeg.c, mg_png.c, mg_gif.c and mg_image.c with -fsanitize=address,undefined, links the
# driver scripts/sanitize/main.swift (plus the test bombs), and feeds them every test image,
# the bombs and seeded mutations of both. A sanitizer report aborts with a non-zero status.
# Seconds, not minutes: it builds four C files and one Swift file, not the package.
# The same kind of mutations through the whole `render` path, in every picture mode and with
# the output bounded by the box, is scripts/fuzz-render.py (run by scripts/test.sh after the build).
# Usage: scripts/sanitize-shims.sh [MUTATIONS_PER_SEED]   (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
mutations="${1:-100}"
out=.build/sanitize
mkdir -p "$out"

find_source() { find Sources/CLibraries -name "$1" -print -quit; }
header="$(find_source mg_image.h)"
[ -n "$header" ] || { echo "sanitize-shims: mg_image.h not found under Sources/CLibraries" >&2; exit 1; }
cat > "$out/module.modulemap" <<MAP
module CodecShims {
    header "$(realpath "$header")"
    export *
}
MAP

sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1)
objects=()
for name in mg_image.c mg_jpeg.c mg_png.c mg_gif.c; do
  source="$(find_source "$name")"
  [ -n "$source" ] || { echo "sanitize-shims: $name not found under Sources/CLibraries" >&2; exit 1; }
  clang "${sanitize[@]}" $(pkg-config --cflags libjpeg libpng) -I "$(dirname "$header")" -c "$source" -o "$out/${name%.c}.o"
  objects+=("$out/${name%.c}.o")
done
swiftc -sanitize=address -use-ld=lld -Onone -g -I "$out" scripts/sanitize/main.swift Tests/TestSupport/Bombs.swift Tests/TestSupport/SplitMix64.swift \
  "${objects[@]}" -Xclang-linker -fsanitize=address,undefined \
  $(pkg-config --libs libjpeg libpng) -lgif -o "$out/shim-sanitizer"

images=()
while IFS= read -r f; do images+=("$f"); done < <(find Tests/ImageCoreTests/Resources Fixtures/images \
  -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.gif' \) | sort)
ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
  "$out/shim-sanitizer" "$mutations" "${images[@]}"
