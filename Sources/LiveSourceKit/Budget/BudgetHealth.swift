import ContractServing
import Foundation
import MarvelAPI

extension SourceHealth {
    /// A live source's health as its shared budget file tells it, never by asking the source
    /// (a `/health` probe must not spend the budget it reports on): a refused credential, an
    /// unreadable file, or a pause the source asked for means nothing new can be asked for now.
    /// `spent` adds the source's own limits on what the file says (nil: none spent).
    public static func budget(refused: String?, source: String, usage: () -> BudgetUsage?,
                              spent: (BudgetUsage) -> String? = { _ in nil }) -> SourceHealth {
        if let refused { return SourceHealth(canAnswer: false, reason: refused) }
        guard let usage = usage() else {
            return SourceHealth(canAnswer: false, reason: "the request budget file cannot be read")
        }
        if let until = usage.pausedUntil, until > Date() {
            return SourceHealth(canAnswer: false, reason: "\(source) asked to wait until \(MarvelDate.format(until))")
        }
        if let reason = spent(usage) { return SourceHealth(canAnswer: false, reason: reason) }
        return .ready
    }
}
