// TerminalUI: see README "Layout".
