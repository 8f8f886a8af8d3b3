import CCurl
import Foundation

extension CurlTransfer {
    /// Creates and configures the easy handle. Runs on the curl thread just before the handle is
    /// added to the multi handle, so every timer starts with the transfer itself.
    func makeEasyHandle(userAgent: String) -> Bool {
        guard let easy = mg_curl_easy_init() else { return false }
        self.easy = easy
        let context = Unmanaged.passUnretained(self).toOpaque()
        func ms(_ d: Duration) -> Int { max(1, Int(d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)) }

        _ = mg_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
        // Only http(s), also after redirects; at most `maxRedirects` (5) redirects.
        _ = mg_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = mg_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        _ = mg_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, request.maxRedirects > 0 ? 1 : 0)
        _ = mg_easy_setopt_long(easy, CURLOPT_MAXREDIRS, max(0, request.maxRedirects))
        // Signals are never used for timeouts: we run on our own thread among others.
        _ = mg_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = mg_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        _ = mg_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        _ = mg_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, ms(timeouts.connect))
        _ = mg_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, ms(timeouts.total))
        _ = mg_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, max(1, timeouts.stallBytesPerSecond))
        _ = mg_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(timeouts.stallWindow.components.seconds)))
        // Refuses early when Content-Length is over the cap; the write callback enforces it otherwise.
        _ = mg_easy_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes))
        if request.acceptCompressed {
            // "" = every encoding this libcurl decodes (gzip, deflate); bodies arrive decoded.
            _ = mg_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        }
        if request.method == .head { _ = mg_easy_setopt_long(easy, CURLOPT_NOBODY, 1) }
        _ = mg_easy_setopt_string(easy, CURLOPT_USERAGENT, userAgent)
        _ = mg_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        // Over HTTP/2 prefer waiting for a multiplexed stream to opening another connection.
        // Only https can be HTTP/2 here (ALPN): over plain http curl would wait for the open
        // connection's answer to learn it is HTTP/1.1, so behind one answer a server holds (a
        // picture waiting for a live source's budget) every new transfer to that host would wait.
        if request.url.scheme?.lowercased() == "https" { _ = mg_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1) }
        _ = mg_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)

        for header in request.headers {
            headerList = mg_curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        if let headerList { _ = mg_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList) }

        _ = mg_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context)
        _ = mg_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = mg_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = mg_easy_setopt_write_function(easy) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            return transfer.receiveBody(bytes)
        }
        _ = mg_easy_setopt_header_function(easy) { data, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        return true
    }

    /// Frees the easy handle and header list (after removal from the multi handle).
    func releaseEasyHandle() {
        if let easy { mg_curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { mg_curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// Turns a finished transfer into a response or a typed error.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, any Error> {
        guard let easy else { return .failure(HTTPTransportError.shutDown) }
        func duration(_ info: CURLINFO) -> Duration { .microseconds(mg_easy_getinfo_off(easy, info)) }
        var metrics = HTTPMetrics()
        metrics.wireBodyBytes = Int(mg_easy_getinfo_off(easy, CURLINFO_SIZE_DOWNLOAD_T))
        metrics.headerBytes = mg_easy_getinfo_long(easy, CURLINFO_HEADER_SIZE)
        metrics.connectionsOpened = mg_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS)
        metrics.redirects = mg_easy_getinfo_long(easy, CURLINFO_REDIRECT_COUNT)
        metrics.connectTime = duration(CURLINFO_CONNECT_TIME_T)
        metrics.firstByteTime = duration(CURLINFO_STARTTRANSFER_TIME_T)
        metrics.totalTime = duration(CURLINFO_TOTAL_TIME_T)
        metrics.localPort = mg_easy_getinfo_long(easy, CURLINFO_LOCAL_PORT)
        if code == CURLE_OK {
            let effective = mg_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL)
                .flatMap { URL(string: String(cString: $0)) } ?? request.url
            return .success(HTTPResponse(
                status: mg_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE),
                headers: headers, body: body, url: effective, metrics: metrics))
        }
        return .failure(error(for: code, metrics: metrics))
    }

    private func error(for code: CURLcode, metrics: HTTPMetrics) -> HTTPTransportError {
        let detail = errorBuffer.pointee != 0 ? String(cString: errorBuffer) : String(cString: mg_curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            if metrics.connectTime == .zero { return .timedOut(.connect, host: host) }
            // Curl reports both the total and the low-speed limit as code 28: tell them apart by
            // how long the attempt ran.
            return .timedOut(metrics.totalTime >= timeouts.total - .milliseconds(100) ? .total : .stall, host: host)
        case CURLE_COULDNT_RESOLVE_HOST: return .cannotResolveHost(host)
        case CURLE_COULDNT_CONNECT: return .cannotConnect(host: host, detail: Self.connectFailure(detail))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .tls(host: host, detail: detail)
        case CURLE_FILESIZE_EXCEEDED: return .responseTooLarge(limit: maxBytes)
        case CURLE_WRITE_ERROR where exceededCap: return .responseTooLarge(limit: maxBytes)
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects(limit: request.maxRedirects)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return metrics.redirects > 0 || headers["location"] != nil
                ? .unsupportedRedirect(host: host) : .invalidURL("only http and https are supported")
        case CURLE_URL_MALFORMAT: return .invalidURL(detail)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connectionLost(host: host, detail: detail)
        case CURLE_BAD_CONTENT_ENCODING: return .badContentEncoding(host: host)
        default: return .curl(code: Int(code.rawValue), detail: detail)
        }
    }
}

extension CurlTransfer {
    /// What curl's "could not connect" sentence adds to ours ("cannot connect to 127.0.0.1:
    /// …"): the port and the system's reason, not the sentence itself ("Failed to connect to
    /// 127.0.0.1 port 1 after 0 ms: Couldn't connect to server" → "nothing answered on port 1").
    static func connectFailure(_ curl: String) -> String {
        guard curl.hasPrefix("Failed to connect") else { return curl }
        let port = curl.firstMatch(of: /port (\d+)/).map { String($0.1) }
        var reason = curl.components(separatedBy: ": ").last ?? ""
        if reason == curl || reason.lowercased().hasPrefix("couldn't connect") || reason.isEmpty {
            reason = "nothing answered"
        } else {
            reason = reason.prefix(1).lowercased() + reason.dropFirst()
        }
        return reason + (port.map { " on port " + $0 } ?? "")
    }
}
