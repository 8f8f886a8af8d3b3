import Foundation
import TerminalUI

extension EffectRunner {
    /// Writes a saved list with its pictures' links made the record's own (an in-process
    /// server's loopback port is gone after the run); a failed write is reported once.
    func save(_ list: SavedList, _ entries: [SavedEntry], base: [SavedEntry], revision: Int, _ dispatch: Dispatch<Msg>?) {
        guard let savedStore else { return }
        let lasting = entries.map { entry in
            var entry = entry
            entry.thumbnailPath = entry.thumbnailPath.map(canonicalLink)
            return entry
        }
        do {
            try savedStore.save(list, lasting, since: base, revision: revision)
        } catch let problem as SavedStoreProblem {
            dispatch?.send(.savedProblem(problem, path: savedStore.file(list).lastPathComponent))
        } catch {
            dispatch?.send(.savedProblem(SavedStoreProblem(list: list, reason: .notWritten("\(error)")), path: savedStore.file(list).lastPathComponent))
        }
    }

    /// At exit: the lists as the run left them, written now. The runner cancels effects still
    /// running when the program ends, and a star given just before `q` must not be lost; a
    /// write of the same revision that did finish makes this one a no-op.
    public func saveFinal(_ saved: SavedLists) {
        guard saved.revision > 0 else { return }
        save(.favourites, saved.favourites, base: saved.base(.favourites), revision: saved.revision, nil)
        save(.recent, saved.history, base: saved.base(.recent), revision: saved.revision, nil)
    }

    /// A saved list's file read again when it changed since `since`, its pictures' links
    /// pointed where this run serves them (`localLink`).
    func reread(_ list: SavedList, listID: Int, since: SavedStore.FileStamp?, _ dispatch: Dispatch<Msg>) {
        guard let reading = savedStore?.reread(list, since: since) else {
            dispatch(.savedReread(list, listID: listID, nil, nil))
            return
        }
        let entries = reading.entries.map { entry in
            var entry = entry
            entry.thumbnailPath = entry.thumbnailPath.map(localLink)
            return entry
        }
        dispatch(.savedReread(list, listID: listID, reading.stamp, entries))
    }
}
