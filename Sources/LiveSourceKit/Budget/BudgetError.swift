import Foundation

/// Why the budget gave no request.
public enum BudgetError: Error, Sendable, Equatable {
    /// A request would wait longer than its client allows (`serve`'s longest wait) for the
    /// budget or for what the source asked: the seconds to wait, and why.
    case mustWait(seconds: Double, because: String)
    /// The shared budget file could not be used.
    case budgetFile(path: String, reason: String)
    /// The waiting task was cancelled.
    case cancelled
}
