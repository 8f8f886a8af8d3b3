#!/usr/bin/env python3
"""slow_link_latency: how long a key waits behind kitty pictures sent ahead over a slow link.

  scripts/slow_link_latency.py [--rate 1250000] [--size 200x60] [--px 2000x1200] [--after 40000] \
      [--runs 5] -- .build/release/marvel-gallery characters

The program runs on a pseudo-terminal as kitty with streamed pictures (TERM=xterm-kitty,
MARVEL_GALLERY_GRAPHICS=kitty, MARVEL_GALLERY_GRAPHICS_TRANSFER=stream; DA1 is answered).
1. The first screen and the Downs up to the first one that scrolls a tile row are read at full
   speed (a Down that sends more than --scrolled bytes scrolled).
2. From then on the pty is drained at --rate bytes/s (10 Mbit/s: 1.25 MB/s), the link.
3. One more Down scrolls a row: its frame, then the next row's pictures sent ahead. When --after
   bytes of that have been read, Right is pressed; it changes only cells.
4. The key's answer is the first byte read after the key that is not inside a kitty APC command
   (`ESC _ G ... ESC \\`): every byte before it on the wire is a picture being sent.
Prints one JSON object per run and the median: the key's wait (ms), the bytes of the Down's
phase, the picture bytes read between the key and its answer, and the picture commands read
after the answer (0 when the answer waited for all of them).
The child is killed by its pid at the end of each run.
"""
import argparse
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

DOWN, RIGHT = b"\x1b[B", b"\x1b[C"


class Wire:
    """Reads the pty, optionally at a fixed rate, tracking whether the stream is inside an APC."""

    def __init__(self, fd):
        self.fd, self.rate, self.t0, self.taken = fd, None, 0.0, 0
        self.in_apc, self.esc = False, False
        self.answered = False

    def slow(self, rate):
        self.rate, self.t0, self.taken = rate, time.monotonic(), 0

    def read(self, timeout):
        """One read (rate-limited); returns the bytes (b"" on timeout, None at EOF)."""
        b = self._read(timeout)
        if b and self.everything:
            self.everything.write(b)
        return b

    everything = None

    def _read(self, timeout):
        want = 1 << 20
        if self.rate:
            allowed = int(self.rate * (time.monotonic() - self.t0)) - self.taken
            if allowed <= 0:
                time.sleep(min(timeout, 0.0005))
                return b""
            want = min(want, allowed)
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return b""
        try:
            b = os.read(self.fd, want)
        except OSError:
            return None
        self.taken += len(b)
        return b

    def first_outside_apc(self, b):
        """Index of the first byte of `b` outside an APC command, or None (state carried over)."""
        found = None
        for i, c in enumerate(b):
            if self.esc:
                self.esc = False
                if self.in_apc and c == 0x5C:
                    self.in_apc = False
                    continue
                if not self.in_apc and c == 0x5F:
                    self.in_apc = True
                    continue
                if not self.in_apc and found is None:
                    found = i - 1 if i > 0 else 0
            elif c == 0x1B:
                self.esc = True
            elif not self.in_apc and found is None:
                found = i
        return found


def run_once(a, cmd):
    cols, rows = map(int, a.size.split("x"))
    pxw, pxh = map(int, a.px.split("x"))
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"TERM": "xterm-kitty", "MARVEL_GALLERY_GRAPHICS": "kitty",
                           "MARVEL_GALLERY_GRAPHICS_TRANSFER": "stream"})
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, pxw, pxh))
    os.kill(pid, signal.SIGWINCH)
    wire = Wire(fd)
    wire.everything = a.log_all
    try:
        def phase(quiet, answer_da1=False):
            n, t0, last, seen = 0, time.monotonic(), time.monotonic(), b""
            while time.monotonic() - t0 < a.max:
                b = wire.read(0.05)
                if b is None:
                    break
                if b:
                    n += len(b)
                    last = time.monotonic()
                    if answer_da1:
                        seen = (seen + b)[-8:]
                        if b"\x1b[c" in seen:
                            os.write(fd, b"\x1b[?62;22c")
                            seen = b""
                elif time.monotonic() - last > quiet and (n > 0 or not answer_da1):
                    break  # the first screen: quiet counts from its first byte (a slow start)
            return n

        first = phase(1.5, answer_da1=True)
        downs = 0
        while True:
            os.write(fd, DOWN)
            downs += 1
            if phase(1.0) > a.scrolled or downs > 30:
                break
        # The link: every byte from here on is read at `rate`.
        wire.slow(a.rate)
        os.write(fd, DOWN)
        t_down = time.monotonic()
        n, key_at, answer = 0, None, None
        after_answer, before_answer = 0, 0
        last = time.monotonic()
        while time.monotonic() - t_down < a.max:
            b = wire.read(0.05)
            if b is None:
                break
            if not b:
                if time.monotonic() - last > 1.0 and key_at is not None:
                    break
                continue
            last = time.monotonic()
            n += len(b)
            if a.log and key_at is not None:
                a.log.write(b)
            if key_at is None:
                wire.first_outside_apc(b)  # keep the APC state
                if n >= a.after:
                    os.write(fd, RIGHT)
                    key_at = time.monotonic()
                continue
            if answer is None:
                i = wire.first_outside_apc(b)
                if i is None:
                    before_answer += len(b)
                else:
                    before_answer += i
                    answer = time.monotonic()
                    rest = b[i:]
                    after_answer += rest.count(b"\x1b_G")
            else:
                after_answer += b.count(b"\x1b_G")
        if a.log_all:
            # One more Down: it scrolls in the row whose pictures were sent around the answer.
            os.write(fd, DOWN)
            phase(1.5)
        return {"first": first, "downs": downs + 1, "phase_bytes": n,
                "wait_ms": round((answer - key_at) * 1000, 1) if answer and key_at else None,
                "picture_bytes_before_answer": before_answer, "apc_commands_after_answer": after_answer}
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="200x60")
    ap.add_argument("--px", default="2000x1200")
    ap.add_argument("--rate", type=float, default=1_250_000)
    ap.add_argument("--after", type=int, default=40_000, help="bytes of the scroll read before the key")
    ap.add_argument("--scrolled", type=int, default=100_000, help="a Down that sends more scrolled")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max", type=float, default=20)
    ap.add_argument("--log", type=argparse.FileType("wb"), help="the bytes read after the key")
    ap.add_argument("--log-all", type=argparse.FileType("wb"),
                    help="every byte read, then one more Down that scrolls in the row sent ahead (to replay in kitty)")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    waits = []
    for _ in range(a.runs):
        r = run_once(a, cmd)
        print(json.dumps(r), flush=True)
        if r["wait_ms"] is not None:
            waits.append(r["wait_ms"])
    print(json.dumps({"median_wait_ms": statistics.median(waits) if waits else None, "runs": len(waits),
                      "rate": a.rate}))


if __name__ == "__main__":
    sys.exit(main())
