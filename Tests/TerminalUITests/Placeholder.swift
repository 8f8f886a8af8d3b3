// TerminalUITests
