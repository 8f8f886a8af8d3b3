import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// libcurl's process-wide setup, run once (a Swift global is initialised exactly once, under a
/// lock): SIGPIPE ignored first (curl writes to sockets a peer may have closed; the signal would
/// end the process), then `curl_global_init`.
private let curlGlobalInit: CURLcode = {
    signal(SIGPIPE, SIG_IGN)
    return mg_curl_global_init_default()
}()

/// The one thread that drives curl: a multi handle polled with `curl_multi_poll`. Other threads
/// never touch curl state; they append a command and call `curl_multi_wakeup` (thread-safe).
///
/// Admission is FIFO with two caps (transfers in total, transfers per host). Queued requests are
/// not yet curl transfers, so their timers have not started; and because no more transfers than
/// connections per host run at once, curl never parks one in its own pending state.
final class CurlLoop: @unchecked Sendable {
    enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
        case shutdown
    }

    private let multi: UnsafeMutableRawPointer
    /// Commands for the curl thread; `closed` once the multi handle is gone.
    private let commands = Locked<(queue: [Command], closed: Bool)>(([], false))
    let statistics = Locked(HTTPTransportStatistics())
    private let configuration: HTTPTransport.Configuration

    // Curl-thread state.
    private var waiting: [CurlTransfer] = []
    private var active: [UInt64: CurlTransfer] = [:]
    private var activePerHost: [String: Int] = [:]
    private var stopping = false

    init(configuration: HTTPTransport.Configuration) throws {
        if curlGlobalInit != CURLE_OK {
            let detail = mg_curl_load_error().map { String(cString: $0) } ?? "curl_global_init failed"
            throw HTTPTransportError.curl(code: 2, detail: detail)
        }
        guard let multi = mg_curl_multi_init() else {
            throw HTTPTransportError.curl(code: 2, detail: "curl_multi_init failed")
        }
        self.multi = multi
        self.configuration = configuration
        let perHost = configuration.maxConnectionsPerHost
        _ = mg_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, perHost)
        // Keep enough idle connections for every host we talk to in parallel.
        _ = mg_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(configuration.maxConcurrentTransfers, perHost) * 2)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "marvel-gallery.curl"
        thread.start()
    }

    /// Queues a command and wakes the thread; false once the loop has shut down.
    /// The wakeup happens under the lock so it can never touch a cleaned-up multi handle.
    @discardableResult
    func post(_ command: Command) -> Bool {
        commands.withLock { state in
            guard !state.closed else { return false }
            state.queue.append(command)
            mg_curl_multi_wakeup(multi)
            return true
        }
    }

    // MARK: The loop

    private func run() {
        while true {
            let pending = commands.withLock { state -> [Command] in defer { state.queue.removeAll() }; return state.queue }
            for command in pending { handle(command) }
            if stopping { break }
            admit()
            var running: Int32 = 0
            mg_curl_multi_perform(multi, &running)
            collectFinished()
            if admit() > 0 { continue }       // new transfers: start them right away
            var ready: Int32 = 0
            mg_curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
        for transfer in waiting { transfer.finish(.failure(HTTPTransportError.shutDown)) }
        waiting.removeAll()
        for transfer in active.values { remove(transfer, result: .failure(HTTPTransportError.shutDown)) }
        // Close the door, then fail whatever slipped in after the last drain.
        let late = commands.withLock { state -> [Command] in state.closed = true; return state.queue }
        for case .add(let transfer) in late { transfer.finish(.failure(HTTPTransportError.shutDown)) }
        mg_curl_multi_cleanup(multi)
    }

    private func handle(_ command: Command) {
        switch command {
        case .add(let transfer):
            if transfer.isCancelled { finishCancelled(transfer); return }
            waiting.append(transfer)
            statistics.withLock { $0.waiting += 1; $0.started += 1 }
        case .cancel(let transfer):
            if let index = waiting.firstIndex(where: { $0 === transfer }) {
                waiting.remove(at: index)
                statistics.withLock { $0.waiting -= 1 }
                finishCancelled(transfer)
            } else if active[transfer.id] != nil {
                statistics.withLock { $0.cancelled += 1 }
                remove(transfer, result: .failure(CancellationError()))
            }
        case .shutdown:
            stopping = true
        }
    }

    private func finishCancelled(_ transfer: CurlTransfer) {
        statistics.withLock { $0.cancelled += 1 }
        transfer.finish(.failure(CancellationError()))
    }

    /// Moves waiting transfers onto the multi handle while the caps allow; returns how many.
    @discardableResult
    private func admit() -> Int {
        var added = 0
        var index = 0
        while index < waiting.count, active.count < configuration.maxConcurrentTransfers {
            let transfer = waiting[index]
            guard activePerHost[transfer.hostKey, default: 0] < configuration.maxConnectionsPerHost else {
                index += 1
                continue
            }
            waiting.remove(at: index)
            statistics.withLock { $0.waiting -= 1 }
            guard transfer.makeEasyHandle(userAgent: configuration.userAgent), let easy = transfer.easy,
                  mg_curl_multi_add_handle(multi, easy) == CURLM_OK else {
                transfer.releaseEasyHandle()
                transfer.finish(.failure(HTTPTransportError.curl(code: 27, detail: "could not create a transfer")))
                continue
            }
            active[transfer.id] = transfer
            activePerHost[transfer.hostKey, default: 0] += 1
            statistics.withLock { $0.active += 1 }
            added += 1
        }
        return added
    }

    private func collectFinished() {
        var left: Int32 = 0
        while let message = mg_curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let context = mg_easy_getinfo_private(easy) else { continue }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let result = transfer.outcome(mg_multi_message_result(message))
            remove(transfer, result: result)
        }
    }

    /// Takes a transfer off the multi handle, frees its easy handle, then resumes its caller.
    private func remove(_ transfer: CurlTransfer, result: Result<HTTPResponse, any Error>) {
        guard active.removeValue(forKey: transfer.id) != nil else { return }
        activePerHost[transfer.hostKey, default: 1] -= 1
        if activePerHost[transfer.hostKey] == 0 { activePerHost[transfer.hostKey] = nil }
        if let easy = transfer.easy { mg_curl_multi_remove_handle(multi, easy) }
        transfer.releaseEasyHandle()
        statistics.withLock { stats in
            stats.active -= 1
            switch result {
            case .success(let response):
                stats.succeeded += 1
                stats.bodyBytes += response.body.count
                stats.wireBytes += response.metrics.wireBodyBytes
                stats.connectionsOpened += response.metrics.connectionsOpened
            case .failure(let error):
                if !(error is CancellationError) { stats.failed += 1 }
            }
        }
        transfer.finish(result)
    }
}
