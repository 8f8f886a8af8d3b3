// TerminalIOTests
