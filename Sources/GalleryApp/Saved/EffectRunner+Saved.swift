import Foundation
import TerminalUI

extension EffectRunner {
    /// Writes a saved list with its pictures' links made the record's own (an in-process
    /// server's loopback port is gone after the run); a failed write is reported once.
    func save(_ list: SavedList, _ entries: [SavedEntry], _ dispatch: Dispatch<Msg>) {
        guard let savedStore else { return }
        let lasting = entries.map { entry in
            var entry = entry
            entry.thumbnailPath = entry.thumbnailPath.map(canonicalLink)
            return entry
        }
        do {
            try savedStore.save(list, lasting)
        } catch let problem as SavedStoreProblem {
            dispatch(.savedProblem(problem, path: savedStore.file(list).lastPathComponent))
        } catch {
            dispatch(.savedProblem(SavedStoreProblem(list: list, reason: .notWritten("\(error)")), path: savedStore.file(list).lastPathComponent))
        }
    }
}
