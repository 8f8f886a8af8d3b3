// mg_terminal.h: C shims for the terminal domain (filled in by its issue).
#ifndef MG_TERMINAL_H
#define MG_TERMINAL_H

#endif
