// mg_terminal.h: the terminal's POSIX edges that must be C: termios save/raw/restore, the
// async-signal-safe restore on fatal signals, a self-pipe for lifecycle signals, the window
// size ioctl (variadic), and frame writes that signals cannot cut in half.
#ifndef MG_TERMINAL_H
#define MG_TERMINAL_H

#include <stddef.h>

/// Saves the termios of `fd` once (later calls keep the first snapshot). 0 or -1 with errno.
int mg_term_save(int fd);
/// 1 when a snapshot exists.
int mg_term_has_saved(void);
/// Raw mode derived from the saved snapshot: no echo, no canonical mode, no signals from keys
/// (Ctrl-C arrives as a byte), no CR/NL translation, 8-bit, VMIN 1. Unread input is kept (keys
/// typed ahead). 0 or -1 with errno.
int mg_term_enter_raw(int fd);
/// Before the screen is ours (start-up): saves the termios of `fd` (as mg_term_save), then turns
/// off echo only: keys typed meanwhile are not echoed onto the shell's screen and stay queued for
/// the reader; canonical mode, output processing and key signals stay (an error can still be
/// printed, Ctrl-C still stops). SIGINT, SIGTERM, SIGHUP and SIGQUIT meanwhile restore the saved
/// termios, then end the process as before. 0 or -1 with errno.
int mg_term_hold_echo(int fd);
/// Restores exactly the saved struct. Async-signal-safe. 0, or -1 (errno; also when nothing saved).
int mg_term_restore(void);

/// The bytes the fatal-signal handler writes before restoring termios (leave alternate screen,
/// show cursor...). Copied into static storage; at most 255 bytes. `fd` is where they go.
void mg_term_set_leave_bytes(int fd, const char *bytes, size_t len);
/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT (on an alternate
/// stack) that write the leave bytes, restore termios, reset the signal and re-raise it.
int mg_term_install_fatal_handlers(void);
/// Puts the previous handlers back.
void mg_term_uninstall_fatal_handlers(void);

/// Creates a non-blocking self-pipe and routes SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT,
/// SIGTSTP, SIGCONT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPWR into it (one byte = the
/// signal number). Returns the read end or -1.
int mg_term_signal_pipe_open(void);
/// Restores the previous dispositions of those signals and closes the pipe; with `hung_up`
/// (the terminal is gone), SIGHUP is left ignored instead.
void mg_term_signal_pipe_close(int hung_up);
/// Writes a byte into the signal pipe (0 = "wake up and stop" for the reader thread).
void mg_term_signal_pipe_poke(unsigned char byte);

/// Writes all of `buf`, retrying on EINTR and partial writes, with the lifecycle signals
/// blocked so a frame is never interleaved with a handler. 0 or -1 with errno.
int mg_term_write_all(int fd, const void *buf, size_t len);

/// `mg_term_write_all` with the terminal's output processing (OPOST: LF to CR LF, tabs) off for
/// the write and put back after, the lifecycle signals blocked throughout (so the terminal is
/// never left without it). The caller writes CR LF itself. The line discipline otherwise scans
/// every byte of a picture's megabytes for newlines: about half of `render`'s system time.
/// Not a terminal: a plain write. 0 or -1 with errno.
int mg_term_write_unprocessed(int fd, const void *buf, size_t len);
/// Window size of `fd` (cells and pixels; pixels are 0 when the terminal does not say).
int mg_term_winsize(int fd, int *cols, int *rows, int *xpixels, int *ypixels);

/// Stops this process group (SIGSTOP) until SIGCONT: used after leaving the screen on Ctrl-Z.
void mg_term_stop_self(void);

/// Discards pending unread input on `fd` (replies to queries must not leak into the shell).
void mg_term_flush_input(int fd);

/// Test-only: raises SIGILL / traps, to prove the crash restore end to end.
void mg_term_test_crash(void);

#endif
