import Foundation

/// A source's error type that can carry the budget's refusals: each source words its own
/// errors, but a budget refusal maps onto them the same way for every source, so the mapping
/// is written once here.
public protocol BudgetRefusing: Error {
    static func mustWait(seconds: Double, because: String) -> Self
    static func budgetFile(path: String, reason: String) -> Self
    static func transport(_ reason: String) -> Self
}

extension BudgetRefusing {
    /// The kit's budget refusals in the source's words.
    public init(_ budget: BudgetError) {
        switch budget {
        case .mustWait(let seconds, let because): self = .mustWait(seconds: seconds, because: because)
        case .budgetFile(let path, let reason): self = .budgetFile(path: path, reason: reason)
        case .cancelled: self = .transport("cancelled while waiting for the request budget")
        }
    }
}
