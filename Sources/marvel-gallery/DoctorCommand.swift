import ArgumentParser
import TerminalIO

/// `marvel-gallery doctor`: what the terminal layer detected and chose, for bug reports.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Print what was detected about the terminal and the libraries (paste it into bug reports).")

    @Option(help: "How long to wait for the terminal to answer a query, in milliseconds.")
    var queryTimeout: Int = 200

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        guard (10...5000).contains(queryTimeout) else {
            throw ValidationError("--query-timeout must be between 10 and 5000 ms, got \(queryTimeout)")
        }
    }

    func run() throws {
        do {
            print(try DoctorReport.collect(queryTimeoutMilliseconds: queryTimeout, request: display.request).text)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
