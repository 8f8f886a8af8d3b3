#!/usr/bin/env python3
"""pty-relay: run a program on its own pty inside a real terminal, for end-to-end tests.

  pty-relay.py CONTROL LOG -- CMD ARGS...

Everything the program writes goes to the terminal (stdout) and is appended to LOG; the
terminal's input (keys, its answers to the program's questions) goes to the program. CONTROL
is a FIFO the test writes lines to:
  keys HEX   send these bytes to the program as if typed
  sync NAME  ask the terminal for its primary device attributes (CSI c) and, when it answers,
             create the file NAME: the terminal has then processed everything written before
             (its own signal, not a sleep). The answer is not passed to the program.
The pty gets the terminal's size (cells and pixels). Exits when the program exits.
"""
import fcntl
import os
import pty
import re
import select
import sys
import termios
import tty

DA_REPLY = re.compile(rb"\x1b\[\?[0-9;]*c")
# An escape sequence that has ended: a CSI with its final byte, or ESC and one more byte.
COMPLETE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|[^\[])", re.S)


def main():
    control, log_path = sys.argv[1], sys.argv[2]
    cmd = sys.argv[3:]
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    winsize = fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8)
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(cmd[0], cmd)
    fcntl.ioctl(master, termios.TIOCSWINSZ, winsize)
    tty.setraw(0)
    ctl = os.open(control, os.O_RDWR | os.O_NONBLOCK)
    log = open(log_path, "ab", buffering=0)
    pending = []          # sync markers waiting for the terminal's answer, oldest first
    held = b""            # terminal input held back while an answer may be split
    buf = b""
    in_string = False     # the output so far ends inside a DCS/APC/OSC string (a sixel)
    partial = b""         # the output so far ends inside this escape sequence (a CSI cut by a read)
    asked = 0             # sync questions written (never inside a string)
    while True:
        r, _, _ = select.select([0, master, ctl], [], [])
        if master in r:
            try:
                data = os.read(master, 1 << 16)
            except OSError:
                break
            if not data:
                break
            log.write(data)
            os.write(1, data)
            # A read can end inside an escape sequence: look at its start and the rest together.
            scan = partial + data
            for m in re.finditer(rb"\x1b[P_\]]|\x1b\\|\x07", scan):
                in_string = m.group() in (b"\x1bP", b"\x1b_", b"\x1b]")
            esc = scan.rfind(b"\x1b")
            partial = scan[esc:] if esc >= 0 and not COMPLETE.match(scan[esc:]) else b""
        if 0 in r:
            data = held + os.read(0, 4096)
            held = b""
            while asked > 0:
                m = DA_REPLY.search(data)
                if not m:
                    # An answer cut in two: keep its start for the next read.
                    esc = data.rfind(b"\x1b")
                    if esc >= 0 and not data[esc:].endswith(b"c"):
                        held, data = data[esc:], data[:esc]
                    break
                data = data[:m.start()] + data[m.end():]
                open(pending.pop(0), "w").close()
                asked -= 1
            if data:
                os.write(master, data)
        if ctl in r:
            buf += os.read(ctl, 4096)
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                verb, _, arg = line.decode().partition(" ")
                if verb == "keys":
                    os.write(master, bytes.fromhex(arg))
                elif verb == "sync":
                    pending.append(arg)
        # The question goes out between the program's sequences, never inside a sixel or a CSI.
        while asked < len(pending) and not in_string and not partial:
            os.write(1, b"\x1b[c")
            asked += 1
    os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
