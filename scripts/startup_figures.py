#!/usr/bin/env python3
"""Start-up figures of marvel-gallery against timg, whole process against whole process.

  scripts/startup_figures.py [--binary .build/release/marvel-gallery] [--runs 21] [--picture JPEG]

Three cases, each ours and the peer's run alternately (which goes first alternates too), so both
see the same machine load; every run is a fresh process with stdin and stdout on /dev/null:

- `--version`: ours against `timg --version`.
- a one-picture half-block `render` at 80x24 against `timg -ph -g80x24` of the same JPEG.
- the first complete screen at 200x60: `characters --headless 200x60` (draws off-screen and exits
  at the first grid whose every visible tile has its picture) with a warm image cache, against
  `timg --grid=8x3 -ph -g200x60` of the pictures that cache holds (the same bytes, copied out of
  the cache's entries).

Wall time is from just before the spawn to the reaped exit; CPU is user + system from wait4's
rusage. Prints a Markdown table: medians, and the ratio as the median of the paired ratios.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_once(argv):
    """(wall seconds, CPU seconds) of one process."""
    with open(os.devnull, "rb") as devnull_in, open(os.devnull, "wb") as devnull_out:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdin=devnull_in, stdout=devnull_out, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        err = child.stderr.read()
        child.stderr.close()
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"{argv[0]} exited {child.returncode}: {err.decode(errors='replace')[:400]}")
    return wall, usage.ru_utime + usage.ru_stime


def compare(name, ours, peer, runs):
    """Alternating runs; returns one table row."""
    run_once(ours), run_once(peer)  # page cache and the loader's caches warm for both
    rows = {"ours": [], "peer": []}
    for i in range(runs):
        order = [("ours", ours), ("peer", peer)] if i % 2 == 0 else [("peer", peer), ("ours", ours)]
        for side, argv in order:
            rows[side].append(run_once(argv))
    cells = []
    for index in (0, 1):  # wall, CPU
        o = [r[index] for r in rows["ours"]]
        p = [r[index] for r in rows["peer"]]
        ratio = statistics.median(a / b for a, b in zip(o, p))
        cells.append(f"{statistics.median(o) * 1000:.1f} ms | {statistics.median(p) * 1000:.1f} ms | {ratio:.2f}x")
    return f"| {name} | " + " | ".join(cells) + f" | `{short(ours)}` vs `{short(peer)}` |"


def short(argv):
    words = [os.path.basename(argv[0])] + ["CACHE" if w.startswith(tempfile.gettempdir()) and "figures" in w and
                                           os.path.isdir(w) else w for w in argv[1:]]
    text = " ".join(w if len(w) < 40 else os.path.basename(w) for w in words[:9])
    return text + (f" ... ({len(words) - 9} more)" if len(words) > 9 else "")


def cached_pictures(cache):
    """The JPEG and PNG files inside the image cache's entries (each a header naming its URL,
    then the bytes as downloaded), written beside them as plain files for the peer."""
    out = os.path.join(cache, "pictures")
    os.makedirs(out)
    paths = []
    entries = os.path.join(cache, "entries")
    for name in sorted(os.listdir(entries)):
        with open(os.path.join(entries, name), "rb") as handle:
            data = handle.read()
        starts = [i for i in (data.find(b"\xff\xd8\xff"), data.find(b"\x89PNG\r\n")) if i >= 0]
        if not starts:
            continue
        path = os.path.join(out, f"{len(paths):02d}")
        with open(path, "wb") as handle:
            handle.write(data[min(starts):])
        paths.append(path)
    return paths


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build/release/marvel-gallery"))
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--picture", default=os.path.join(ROOT, "../shared/testimages/jpeg/testorig.jpg"))
    ap.add_argument("--timg", default=shutil.which("timg") or "timg")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    cache = tempfile.mkdtemp(prefix="mg-startup-figures-")
    try:
        screen = [binary, "characters", "--headless", "200x60", "--image-cache", cache, "--no-cache"]
        run_once(screen)  # fills the image cache: the runs below are warm
        pictures = cached_pictures(cache)
        if not pictures:
            sys.exit(f"no pictures cached in {cache} after a first run")
        print(f"{binary}: {len(pictures)} pictures cached by the first screen; {a.runs} runs a case, "
              f"alternating with the peer; load average {os.getloadavg()[0]:.1f}")
        print()
        print("| case | ours (wall) | peer (wall) | ratio (wall) | ours (CPU) | peer (CPU) | ratio (CPU) | command |")
        print("|---|---|---|---|---|---|---|---|")
        print(compare("`--version`", [binary, "--version"], [a.timg, "--version"], a.runs))
        print(compare("one-picture half-block `render`, 80x24",
                      [binary, "render", "--size", "80x24", a.picture],
                      [a.timg, "-ph", "-g80x24", a.picture], a.runs))
        print(compare("first complete screen, 200x60, warm", screen,
                      [a.timg, "--grid=8x3", "-ph", "-g200x60"] + pictures, a.runs))
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
