#!/usr/bin/env python3
"""kitty_scale_quality: does letting kitty scale a picture keep its quality at the box size?

  scripts/kitty_scale_quality.py --exe .build/release/marvel-gallery [--size 80x40] PHOTO...

For each photo, lifted off black (every channel 48..255, so its bounding box on kitty's black
background is the picture), two screens in real kitty under Xvfb (LIBGL_ALWAYS_SOFTWARE=1):
  ours:   `marvel-gallery render --graphics kitty --graphics-transfer stream --size COLSxROWS`,
          the picture scaled by the program to the box's pixels;
  kitty:  the photo at its own size (no larger than that box) sent as PNG with the cells of
          that picture as the placement's size (`a=T,c=,r=`): kitty scales it.
Each screenshot (ImageMagick `import`) is cropped to the picture's bounding box and compared with
the lifted photo resized to that box (ImageMagick's default filter): PSNR in dB, and the bytes
each way. Needs kitty, Xvfb, ImageMagick; the children are killed by pid.
"""
import argparse
import base64
import os
import signal
import struct
import subprocess
import sys

import screenshot_psnr as shot_psnr
from screenshot_psnr import png_size, run, wait_for


def kitty_command(png, cols, rows, image_id=7):
    data = base64.b64encode(png)
    out, first = bytearray(), True
    for i in range(0, len(data), 4096):
        more = 1 if i + 4096 < len(data) else 0
        keys = f"a=T,f=100,t=d,i={image_id},c={cols},r={rows},q=2,m={more}" if first else f"m={more}"
        out += b"\x1b_G" + keys.encode() + b";" + data[i:i + 4096] + b"\x1b\\"
        first = False
    return bytes(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", required=True)
    ap.add_argument("--size", default="80x40")
    ap.add_argument("--display", default=":57")
    ap.add_argument("--keep", help="a folder for the screenshots and crops (else removed)")
    ap.add_argument("photos", nargs="+")
    a = ap.parse_args()
    cols, rows = map(int, a.size.split("x"))
    env = dict(os.environ, DISPLAY=a.display, LIBGL_ALWAYS_SOFTWARE="1")
    def kitty_window(script):
        return subprocess.Popen(["kitty", "-o", "background=#000000", "-o", "window_padding_width=0",
                                 "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=11",
                                 "-o", "remember_window_size=no", "-o", "initial_window_width=1400",
                                 "-o", "initial_window_height=1000", script],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    with shot_psnr.x_screen(a.display, "1400x1000", a.keep, "kitty-scale-") as work:
        # kitty's cell in pixels, from its pty: the cells kitty scales a picture into.
        cell_file = os.path.join(work, "cell")
        probe = os.path.join(work, "probe.sh")
        with open(probe, "w") as f:
            f.write("#!/bin/sh\npython3 -c 'import fcntl,termios,struct,sys; r,c,x,y=struct.unpack(\"HHHH\","
                    "fcntl.ioctl(0,termios.TIOCGWINSZ,bytes(8))); print(x//c, y//r)' > '" + cell_file + ".tmp'\n"
                    "mv '" + cell_file + ".tmp' '" + cell_file + "'\nsleep 300\n")
        os.chmod(probe, 0o755)
        k = kitty_window(probe)
        try:
            wait_for(cell_file)
        finally:
            k.send_signal(signal.SIGKILL)
            k.wait()
        cellw, cellh = map(int, open(cell_file).read().split())
        print(f"kitty cell {cellw}x{cellh} px", flush=True)
        for photo in a.photos:
            name = os.path.basename(photo)
            lifted = shot_psnr.lifted(photo, work)
            # What the program sends now: its picture's pixel size says the cells.
            ours = run([a.exe, "render", "--graphics", "kitty", "--graphics-transfer", "stream",
                        "--size", a.size, lifted]).stdout
            first = ours.index(b";") + 1
            w, h = struct.unpack(">II", base64.b64decode(ours[first:first + 32])[16:24])
            sw, sh = png_size(lifted)
            scale = min(1.0, w / sw, h / sh)
            source = os.path.join(work, name + ".source.png")
            run(["convert", lifted, "-resize", f"{max(1, round(sw * scale))}x{max(1, round(sh * scale))}!", source])
            shown = {}
            results = {}
            for label in ("ours", "kitty"):
                payload = os.path.join(work, f"{name}.{label}.bytes")
                if label == "ours":
                    data = ours
                else:
                    # The cells nearest our picture's pixels in kitty's cells: about the same box.
                    data = kitty_command(open(source, "rb").read(), max(1, round(w / cellw)), max(1, round(h / cellh)))
                with open(payload, "wb") as f:
                    f.write(data)
                got = shot_psnr.drawn_psnr(kitty_window, f"printf '\\033[?25l\\033[H'\ncat '{payload}'",
                                           os.path.join(work, f"{name}.{label}"), lifted, a.display, env)
                if got is None:
                    continue
                db, cw, ch = got
                results[label] = (db, len(data), f"{cw}x{ch}")
            if len(results) < 2:
                continue
            print(f"{name}: ours {results['ours'][0]} dB, {results['ours'][1]} B, box {results['ours'][2]}, "
                  f"sent {w}x{h} px | kitty scales {results['kitty'][0]} dB, {results['kitty'][1]} B, "
                  f"box {results['kitty'][2]}, sent {round(sw * scale)}x{round(sh * scale)} px", flush=True)


if __name__ == "__main__":
    sys.exit(main())
