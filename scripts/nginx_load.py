#!/usr/bin/env python3
"""Load for NginxCacheEndToEndTests: 50 threads, each with one kept-alive connection, send
their share of `total` requests over the URLs in turn; prints the count, the errors and the
number of different (body, ETag) pairs each URL got, as JSON.
Usage: nginx_load.py HOST PORT URL_FILE TOTAL CONNECTIONS"""
import hashlib, http.client, json, sys, threading
host, port, url_file, total, connections = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
urls = open(url_file).read().split("\n")
seen, errors, done, lock = {}, [], [0], threading.Lock()
def worker(n):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    for i in range(n, total, connections):
        url = urls[i % len(urls)]
        try:
            conn.request("GET", url, headers={"Accept-Encoding": "gzip"})
            reply = conn.getresponse()
            body = reply.read()
            key = (hashlib.sha1(body).hexdigest(), reply.getheader("ETag"))
            with lock:
                done[0] += 1
                seen.setdefault(url, set()).add(key)
                if reply.status != 200:
                    errors.append(f"{url}: {reply.status}")
        except Exception as error:
            with lock:
                errors.append(f"{url}: {error!r}")
            conn.close()
            conn = http.client.HTTPConnection(host, port, timeout=30)
threads = [threading.Thread(target=worker, args=(n,)) for n in range(connections)]
for t in threads: t.start()
for t in threads: t.join()
print(json.dumps({"requests": done[0], "errors": errors, "variants": {u: len(k) for u, k in seen.items()}}))
