#!/usr/bin/env python3
"""sixel_quality: PSNR of sixel pictures as xterm shows them, ours against chafa's.

  scripts/sixel_quality.py --exe .build/release/marvel-gallery [--size 200x59] PHOTO...

For each photo, lifted off black (every channel 48..255, so its bounding box on xterm's black
background is the picture), each command draws it in a real `xterm -ti vt340` under Xvfb, with
256 colour registers (`numColorRegisters`, as the end-to-end tests start it) and a graphic limit
as large as the window (`maxGraphicSize`), so neither picture is cut:
  ours:   `marvel-gallery render --graphics sixel --size COLSxROWS PHOTO`
  chafa:  `chafa -f sixel -s COLSxROWS PHOTO`
Both learn xterm's cell size from the terminal, so they draw about the same pixel box. The
screenshot (ImageMagick `import`) is cropped to the picture's bounding box and compared with the
lifted photo resized to that box (ImageMagick's default filter): PSNR in dB (the bytes and CPU
are `marvel-bench sixel`'s). Needs xterm, Xvfb, ImageMagick and chafa; the children are killed by pid.
"""
import argparse
import os
import subprocess
import sys

import screenshot_psnr as shot_psnr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--size", default="200x59")
    ap.add_argument("--display", default=":58")
    ap.add_argument("--font-size", default="12",
                    help="xterm's -fs of DejaVu Sans Mono: 12 gives 10x20-px cells, the pty of marvel-bench sixel")
    ap.add_argument("--keep", help="a folder for the screenshots and crops (else removed)")
    ap.add_argument("photos", nargs="+")
    a = ap.parse_args()
    cols, rows = map(int, a.size.split("x"))
    env = dict(os.environ, DISPLAY=a.display)

    def xterm_window(script):
        return subprocess.Popen(["xterm", "-ti", "vt340", "-geometry", f"{cols}x{rows + 1}+0+0", "-bg", "black",
                                 "-fg", "white", "-fa", "DejaVu Sans Mono", "-fs", a.font_size, "-b", "0",
                                 "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*maxGraphicSize: 2400x1600",
                                 "-e", script], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    totals = {"ours": [], "chafa": []}
    with shot_psnr.x_screen(a.display, "2400x1600", a.keep, "sixel-quality-") as work:
        for photo in a.photos:
            name = os.path.basename(photo)
            lifted = shot_psnr.lifted(photo, work)
            results = {}
            for label in ("ours", "chafa"):
                command = ([a.exe, "render", "--graphics", "sixel", "--size", a.size, lifted] if label == "ours"
                           else ["chafa", "-f", "sixel", "-s", a.size, lifted])
                quoted = " ".join("'" + c + "'" for c in command)
                # Straight to the terminal: piped, neither tool would ask xterm its cell size.
                got = shot_psnr.drawn_psnr(xterm_window, f"printf '\\033[?25l\\033[H\\033[2J'\n{quoted}",
                                           os.path.join(work, f"{name}.{label}"), lifted, a.display, env)
                if got is None:
                    continue
                db, w, h = got
                db, size = float(db), f"{w}x{h}"
                results[label] = (db, size)
                totals[label].append(db)
            if len(results) == 2:
                o, c = results["ours"], results["chafa"]
                print(f"{name}: ours {o[0]:.2f} dB, {o[1]} px | chafa {c[0]:.2f} dB, {c[1]} px | "
                      f"ours - chafa {o[0] - c[0]:+.2f} dB", flush=True)
        if totals["ours"] and totals["chafa"]:
            mean = lambda v: sum(v) / len(v)
            print(f"mean: ours {mean(totals['ours']):.2f} dB, chafa {mean(totals['chafa']):.2f} dB", flush=True)


if __name__ == "__main__":
    sys.exit(main())
