import MarvelAPI

extension PageFailure {
    /// Runs one client call and turns whatever it throws into the failure the screens show:
    /// the client's own errors keep their case (so they are said in the user's language),
    /// a cancellation is marked as such, anything else keeps its description.
    static func catching<T>(_ body: () async throws -> T) async -> Result<T, PageFailure> {
        do {
            return .success(try await body())
        } catch let error as MarvelAPIError {
            return .failure(PageFailure(marvel: error))
        } catch is CancellationError {
            return .failure(PageFailure("cancelled", reason: .cancelled))
        } catch {
            return .failure(PageFailure(String(describing: error)))
        }
    }
}
