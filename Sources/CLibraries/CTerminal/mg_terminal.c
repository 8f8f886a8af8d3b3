// Terminal shims. Everything reachable from a signal handler here uses only
// async-signal-safe calls (write, tcsetattr, sigaction, raise) on static storage.
#define _GNU_SOURCE
#include "mg_terminal.h"

// The program is built and tested on Linux only (pipe2, SIGPWR here; Synchronization's Mutex,
// macOS 15 and later, throughout): elsewhere the build stops at this line, saying so.
#ifndef __linux__
#error "marvel-gallery builds on Linux only"
#endif

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>

static struct termios saved_termios;
static volatile sig_atomic_t saved_valid = 0;
static volatile sig_atomic_t saved_fd = -1;

static char leave_bytes[256];
static volatile sig_atomic_t leave_len = 0;
static volatile sig_atomic_t leave_fd = -1;

int mg_term_save(int fd) {
    if (saved_valid) return 0;
    if (tcgetattr(fd, &saved_termios) != 0) return -1;
    saved_fd = fd;
    saved_valid = 1;
    return 0;
}

int mg_term_has_saved(void) { return saved_valid ? 1 : 0; }

int mg_term_enter_raw(int fd) {
    if (!saved_valid) { errno = EINVAL; return -1; }
    struct termios raw = saved_termios;
    raw.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    raw.c_oflag &= ~(tcflag_t)OPOST;
    raw.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    raw.c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
    raw.c_cflag |= CS8;
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    // TCSADRAIN, not TCSAFLUSH: keys typed before raw mode (right after launching, or
    // while suspended) stay queued for the reader instead of being discarded.
    return tcsetattr(fd, TCSADRAIN, &raw);
}

// Signals that end the process by default and can come from the keyboard or the session while
// echo is held: each restores the saved termios before the default action (no echo-less shell).
static const int hold_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define HOLD_SIG_COUNT (sizeof(hold_signals) / sizeof(hold_signals[0]))

// Restores the saved termios, then the signal's default action: the process ends of the
// original signal (core, exit status). For handlers only (async-signal-safe calls).
static void restore_and_reraise(int sig, int saved_errno) {
    if (saved_valid) tcsetattr(saved_fd, TCSANOW, &saved_termios);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    errno = saved_errno;
    raise(sig);
}

static void hold_handler(int sig) { restore_and_reraise(sig, errno); }

int mg_term_hold_echo(int fd) {
    if (mg_term_save(fd) != 0) return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = hold_handler;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < HOLD_SIG_COUNT; i++) {
        struct sigaction old;
        // An ignored signal (nohup, a job started with SIGINT ignored) stays ignored.
        if (sigaction(hold_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(hold_signals[i], &sa, NULL);
    }
    struct termios quiet = saved_termios;
    // ICANON off too: what was typed before (and echoed) then counts whole in FIONREAD, so
    // the way out can erase its echo (`RawMode.echoedBeforeHold`).
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON);
    quiet.c_cc[VMIN] = 1;
    quiet.c_cc[VTIME] = 0;
    // TCSANOW and no flush: what was typed before stays queued.
    return tcsetattr(fd, TCSANOW, &quiet);
}

int mg_term_restore(void) {
    if (!saved_valid) { errno = EINVAL; return -1; }
    int rc;
    do { rc = tcsetattr(saved_fd, TCSADRAIN, &saved_termios); } while (rc != 0 && errno == EINTR);
    return rc;
}

void mg_term_set_leave_bytes(int fd, const char *bytes, size_t len) {
    if (len > sizeof(leave_bytes)) len = sizeof(leave_bytes);
    leave_len = 0;            // never let a handler see a half-copied buffer
    memcpy(leave_bytes, bytes, len);
    leave_fd = fd;
    leave_len = (sig_atomic_t)len;
}

static void write_leave_bytes(void) {
    size_t off = 0, len = (size_t)leave_len;
    int fd = leave_fd;
    if (fd < 0) return;
    while (off < len) {
        ssize_t n = write(fd, leave_bytes + off, len - off);
        if (n > 0) off += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else break;
    }
}

// MARK: fatal signals

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
#define FATAL_COUNT (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
static struct sigaction previous_fatal[FATAL_COUNT];
static volatile sig_atomic_t fatal_installed = 0;
static char *alt_stack = NULL;

static void fatal_handler(int sig) {
    int saved_errno = errno;
    write_leave_bytes();
    restore_and_reraise(sig, saved_errno);
}

int mg_term_install_fatal_handlers(void) {
    if (fatal_installed) return 0;
    // An alternate stack so a stack overflow (SIGSEGV) can still run the handler.
    if (!alt_stack) {
        size_t size = 64 * 1024;
        alt_stack = malloc(size);
        if (alt_stack) {
            stack_t ss;
            ss.ss_sp = alt_stack;
            ss.ss_size = size;
            ss.ss_flags = 0;
            sigaltstack(&ss, NULL);
        }
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fatal_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_ONSTACK | SA_NODEFER;
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (sigaction(fatal_signals[i], &sa, &previous_fatal[i]) != 0) return -1;
    }
    fatal_installed = 1;
    return 0;
}

void mg_term_uninstall_fatal_handlers(void) {
    if (!fatal_installed) return;
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal_signals[i], &previous_fatal[i], NULL);
    fatal_installed = 0;
}

// MARK: lifecycle signals through a self-pipe

// Every catchable signal whose default action ends the process is routed here (SIGUSR1,
// SIGALRM... too), so each one leaves the screen and restores the terminal before exiting.
static const int pipe_signals[] = { SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT,
                                    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPWR };
#define PIPE_SIG_COUNT (sizeof(pipe_signals) / sizeof(pipe_signals[0]))
static struct sigaction previous_pipe[PIPE_SIG_COUNT];
static volatile sig_atomic_t pipe_write_fd = -1;
static int pipe_read_fd = -1;

static volatile sig_atomic_t continued = 0;

static void pipe_handler(int sig) {
    int saved_errno = errno;
    if (sig == SIGCONT) continued = 1;
    unsigned char b = (unsigned char)sig;
    if (pipe_write_fd >= 0) (void)write(pipe_write_fd, &b, 1);
    errno = saved_errno;
}

int mg_term_signal_pipe_open(void) {
    if (pipe_read_fd >= 0) return pipe_read_fd;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    pipe_read_fd = fds[0];
    pipe_write_fd = fds[1];
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = pipe_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (size_t i = 0; i < PIPE_SIG_COUNT; i++) sigaction(pipe_signals[i], &sa, &previous_pipe[i]);
    return pipe_read_fd;
}

void mg_term_signal_pipe_close(int hung_up) {
    if (pipe_read_fd < 0) return;
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    for (size_t i = 0; i < PIPE_SIG_COUNT; i++) {
        // The kernel wakes a hung-up terminal's readers before it signals the session, so
        // its SIGHUP can still be on the way: the handler gives way straight to "ignored",
        // never to the default or the echo hold's handler, which would end the run before
        // its files are removed.
        int sighup = pipe_signals[i] == SIGHUP;
        sigaction(pipe_signals[i], hung_up && sighup ? &ignore : &previous_pipe[i], NULL);
    }
    int w = pipe_write_fd;
    pipe_write_fd = -1;
    close(w);
    close(pipe_read_fd);
    pipe_read_fd = -1;
}

void mg_term_signal_pipe_poke(unsigned char byte) {
    int fd = pipe_write_fd;
    if (fd >= 0) (void)write(fd, &byte, 1);
}

// MARK: writes, sizes, stop

int mg_term_write_all(int fd, const void *buf, size_t len) {
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < PIPE_SIG_COUNT; i++) sigaddset(&block, pipe_signals[i]);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    const char *p = buf;
    size_t off = 0;
    int rc = 0;
    while (off < len) {
        ssize_t n = write(fd, p + off, len - off);
        if (n > 0) { off += (size_t)n; continue; }
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        rc = -1;
        break;
    }
    int saved_errno = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved_errno;
    return rc;
}

int mg_term_write_unprocessed(int fd, const void *buf, size_t len) {
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < PIPE_SIG_COUNT; i++) sigaddset(&block, pipe_signals[i]);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    struct termios saved;
    int changed = 0;
    if (tcgetattr(fd, &saved) == 0 && (saved.c_oflag & OPOST)) {
        struct termios plain = saved;
        plain.c_oflag &= ~(tcflag_t)OPOST;
        changed = tcsetattr(fd, TCSANOW, &plain) == 0;
    }
    int rc = mg_term_write_all(fd, buf, len);
    int saved_errno = errno;
    if (changed) tcsetattr(fd, TCSANOW, &saved);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved_errno;
    return rc;
}

int mg_term_winsize(int fd, int *cols, int *rows, int *xpixels, int *ypixels) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *cols = ws.ws_col;
    *rows = ws.ws_row;
    *xpixels = ws.ws_xpixel;
    *ypixels = ws.ws_ypixel;
    return 0;
}

// The whole process group stops, as Ctrl-Z with ISIG would do (a pipeline or wrapper shell
// stops with us, so the job shell sees the job as stopped). kill(0, ...) is process-directed:
// another thread may take the stop a moment later, so this thread waits (1 ms naps, which do
// not advance while stopped) until SIGCONT has been seen, or gives up after ~2 s of running.
void mg_term_stop_self(void) {
    continued = 0;
    kill(0, SIGSTOP);
    struct timespec nap = { 0, 1000000 };
    for (int i = 0; i < 2000 && !continued; i++) nanosleep(&nap, NULL);
}

void mg_term_flush_input(int fd) { tcflush(fd, TCIFLUSH); }

void mg_term_test_crash(void) { raise(SIGILL); }
