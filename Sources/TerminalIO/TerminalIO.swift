// TerminalIO: see README "Layout".
