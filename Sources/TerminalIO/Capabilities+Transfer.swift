import TerminalUI

/// How kitty pictures reach the terminal: streamed in the escape sequence (base64 PNG, works
/// everywhere: over SSH, through tmux on another host) or as temporary files the terminal
/// reads and deletes (`t=t`: about 100 bytes a picture), when it shares this machine.
public enum GraphicsTransfer: String, Sendable, Hashable {
    case stream, file
}

extension Capabilities {
    /// Files only when the start-up probe's file was read (OK) and deleted by the terminal:
    /// a terminal elsewhere cannot open the path (an error) and one behind tmux may not answer
    /// at all; one that reads but does not delete (its temporary directory is not ours) would
    /// leave every picture's file until exit, so it is streamed to as well.
    public static func transferDecision(graphics: GraphicsProtocol, answers: TerminalAnswers?) -> (GraphicsTransfer, String) {
        guard graphics == .kitty else { return (.stream, "not kitty graphics") }
        guard let answers else { return (.stream, "terminal not asked: streamed") }
        switch answers.kittyFileRead {
        case true? where answers.kittyFileDeleted:
            return (.file, "the terminal read and deleted the probe's temporary file (t=t): it shares this machine")
        case true?:
            return (.stream, "the terminal read the probe's file but did not delete it (another temporary directory?): streamed")
        case false?:
            return (.stream, "the terminal could not read the probe's file (\(answers.kittyFileError ?? "error")): streamed")
        case nil where answers.kittyFileDeleted:
            // Only a terminal that read the file deletes it: tmux (3.3a) passes the probe out
            // to a kitty on this machine but not its reply back.
            return (.file, "the terminal deleted the probe's temporary file (t=t), its reply did not come back (tmux): it shares this machine")
        case nil:
            return (.stream, "no answer to the file probe within the start-up budget (another machine, tmux, or a slow terminal): streamed, files if a late answer says it read the file")
        }
    }
}
