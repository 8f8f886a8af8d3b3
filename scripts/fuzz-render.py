#!/usr/bin/env python3
"""The fuzz step's second half (issue 27): the built `marvel-gallery render` over seeded
mutations (truncations, byte flips, repeated chunks) of the test images, in every picture
mode (blocks, kitty, sixel, iTerm2) and several boxes. Each run must end by itself (no signal,
no hang) and write no more than the box can hold: a damaged JPEG in a pixel mode once came out
at full resolution (4.8 MB for a truncated 1000x872 photo in an 80x24 box; the red-team's
160x65500 JPEG wrote 6.1 MB).

Usage: scripts/fuzz-render.py [MUTATIONS_PER_SEED] [BINARY]   (default 8, .build/debug/marvel-gallery)
"""
import glob
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTATIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 8
BINARY = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build/debug/marvel-gallery")
MODES = ["blocks", "kitty", "sixel", "iterm2"]
BOXES = [(10, 5), (20, 6), (40, 12)]
TIMEOUT = 20  # seconds: a debug build on a busy machine; a hang is minutes


def bound(mode, cols, rows):
    """The most a picture in the box may cost: half-blocks at most 64 bytes a cell; the pixel
    protocols 4 bytes a pixel of the box at the default 10x20 cell (RGB, base64 or sixel)."""
    if mode == "blocks":
        return cols * rows * 64 + 4096
    return cols * 10 * rows * 20 * 4 + 65536


def mutate(rng, data):
    kind = rng.choice(["truncate", "truncate", "flip", "repeat"])
    if kind == "truncate":
        return data[: max(4, int(len(data) * rng.uniform(0.05, 0.95)))]
    out = bytearray(data)
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    start = rng.randrange(len(out))
    chunk = out[start : start + rng.randint(1, 4096)]
    return bytes(out[:start] + chunk * rng.randint(2, 16) + out[start:])


def main():
    if not os.access(BINARY, os.X_OK):
        print(f"fuzz-render: {BINARY} is not built (swift build --product marvel-gallery)", file=sys.stderr)
        return 1
    seeds = sorted(glob.glob(os.path.join(ROOT, "Fixtures/images/*.jpg")))
    resources = sorted(glob.glob(os.path.join(ROOT, "Tests/ImageCoreTests/Resources/**/*.*"), recursive=True))
    seeds += [p for p in resources if p.endswith((".jpg", ".png", ".gif"))][::8]
    rng = random.Random(20261125)
    runs, failures, worst_ratio, worst_time, statuses = 0, [], 0.0, 0.0, {}
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="fuzz-render-") as tmp:
        # A home of its own: no config.toml of the user's changes what is drawn.
        env = dict(os.environ, HOME=tmp, XDG_CONFIG_HOME=os.path.join(tmp, "config"), XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        env.pop("NO_COLOR", None)
        for seed_path in seeds:
            data = open(seed_path, "rb").read()
            for n in range(MUTATIONS + 1):
                case = data if n == 0 else mutate(rng, data)
                path = os.path.join(tmp, f"case{os.path.splitext(seed_path)[1]}")
                open(path, "wb").write(case)
                for mode in MODES:
                    cols, rows = rng.choice(BOXES)
                    began = time.time()
                    try:
                        run = subprocess.run([BINARY, "render", "--graphics", mode, "--size", f"{cols}x{rows}", path],
                                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=TIMEOUT)
                        status, size = run.returncode, len(run.stdout)
                    except subprocess.TimeoutExpired:
                        status, size = "timeout", 0
                    took = time.time() - began
                    runs += 1
                    statuses[status] = statuses.get(status, 0) + 1
                    worst_time = max(worst_time, took)
                    limit = bound(mode, cols, rows)
                    worst_ratio = max(worst_ratio, size / limit)
                    name = f"{os.path.basename(seed_path)} mutation {n} {mode} {cols}x{rows}"
                    if status not in (0, 1):
                        failures.append(f"{name}: exit {status}")
                    elif size > limit:
                        failures.append(f"{name}: {size} bytes, over the box's {limit}")
                    if failures and failures[-1].startswith(name):
                        keep = os.path.join(tempfile.gettempdir(), f"fuzz-render-failure-{len(failures)}{os.path.splitext(path)[1]}")
                        open(keep, "wb").write(case)
                        failures[-1] += f" (kept as {keep})"
    summary = ", ".join(f"exit {k}: {v}" for k, v in sorted(statuses.items(), key=str))
    print(f"fuzz-render: {runs} renders of {len(seeds)} seeds x {MUTATIONS} mutations in {', '.join(MODES)} "
          f"in {time.time() - start:.1f} s ({summary}); largest output {worst_ratio:.0%} of its box's bound, "
          f"slowest {worst_time:.2f} s")
    for failure in failures:
        print(f"fuzz-render: FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
