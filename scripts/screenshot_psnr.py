"""What sixel_quality.py and kitty_scale_quality.py share: a photo lifted off black, a terminal
window screenshotted once its picture has stopped growing, and the PSNR of the picture's crop
against the photo scaled to the crop. Measurement scripts, not tests: the terminal gives no
signal that a picture has been painted, so a settled box is the best there is here."""

import contextlib
import os
import shutil
import signal
import struct
import subprocess
import tempfile
import time


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def lifted(photo, work):
    """The photo with its blacks raised to 18.8 %, so that trimming the black screen around the
    picture finds the picture's whole box."""
    out = os.path.join(work, os.path.basename(photo) + ".lifted.png")
    run(["convert", photo, "-alpha", "off", "-colorspace", "sRGB", "-type", "TrueColor",
         "+level", "18.8%,100%", out])
    return out


def wait_for(path, seconds=120):
    deadline = time.time() + seconds
    while not os.path.exists(path) and time.time() < deadline:
        time.sleep(0.2)
    return os.path.exists(path)


def settled_screenshot(display, env, shot, seconds=90):
    """Screenshots the root window until two in a row trim to the same box (pictures arrive in
    bands and chunks)."""
    box, deadline = None, time.time() + seconds
    while time.time() < deadline:
        time.sleep(1.0)
        run(["import", "-display", display, "-window", "root", shot], env=env)
        geometry = run(["convert", shot, "-fuzz", "10%", "-trim", "info:-"]).stdout.decode().split()[3]
        if geometry == box:
            break
        box = geometry


def drawn_psnr(start_window, body, stem, photo, display, env):
    """Runs `body` (shell lines) in a window from `start_window(script)`, waits for it to finish
    drawing, screenshots the settled screen, closes the window, and gives `crop_psnr` of the
    shot against `photo`; None (said on stdout) when the body never finished."""
    marker, script, shot = stem + ".drawn", stem + ".sh", stem + ".shot.png"
    with open(script, "w") as f:
        f.write(f"#!/bin/sh\n{body}\ntouch '{marker}'\nsleep 600\n")
    os.chmod(script, 0o755)
    window = start_window(script)
    try:
        if not wait_for(marker):
            print(f"{os.path.basename(stem)}: not drawn in time", flush=True)
            return None
        settled_screenshot(display, env, shot)
    finally:
        window.send_signal(signal.SIGKILL)
        window.wait()
    return crop_psnr(shot, photo, stem)


def crop_psnr(shot, photo, stem):
    """PSNR (dB, as compare prints it) of the screenshot's trimmed picture against `photo`
    scaled to the same pixels, and that size."""
    crop, ref = stem + ".crop.png", stem + ".ref.png"
    run(["convert", shot, "-fuzz", "10%", "-trim", "+repage", crop])
    w, h = png_size(crop)
    run(["convert", photo, "-resize", f"{w}x{h}!", ref])
    p = subprocess.run(["compare", "-metric", "PSNR", crop, ref, "null:"], capture_output=True)
    return p.stderr.decode().split()[0], w, h


@contextlib.contextmanager
def x_screen(display, geometry, keep=None, prefix="psnr-"):
    """An Xvfb screen and a work folder for the run, both gone afterwards (the folder kept when
    `keep` names it)."""
    work = keep or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(work, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", geometry + "x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        yield work
    finally:
        xvfb.send_signal(signal.SIGKILL)
        xvfb.wait()
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
