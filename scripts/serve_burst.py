"""A burst of N connections at once against `serve` on loopback, each asking one page of 100
(over U different offsets) and closing; prints what came back and serve's resident memory
(VmRSS, and its peak VmHWM) right after and every 5 s for 35 s.

usage: python3 scripts/serve_burst.py PORT SERVE_PID N [U]
(the figures behind `serve --max-connections`, docs/serve.md)"""
import asyncio
import resource
import sys
import time

port, pid, n = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
urls = int(sys.argv[4]) if len(sys.argv) > 4 else 1
hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def rss():
    with open(f"/proc/{pid}/status") as f:
        fields = dict(line.split(":", 1) for line in f)
    return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024


async def one(i, outcomes):
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 60)
        writer.write(b"GET /v1/public/characters?limit=100&offset=%d HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Connection: close\r\n\r\n" % (i % urls))
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), 120)
        outcome = data[:12].decode(errors="replace")
        writer.close()
    except Exception as error:  # each failure is counted by kind, the burst goes on
        outcome = type(error).__name__
    outcomes[outcome] = outcomes.get(outcome, 0) + 1


async def main():
    print("before: rss %d MB (peak %d MB)" % rss())
    outcomes = {}
    start = time.time()
    await asyncio.gather(*(one(i, outcomes) for i in range(n)))
    print("burst of %d over %d URLs: %.1f s, %s; rss %d MB (peak %d MB)" % ((n, urls, time.time() - start, outcomes) + rss()))
    after = time.time()
    while time.time() - after < 35:
        await asyncio.sleep(5)
        print("  +%2.0f s: rss %d MB (peak %d MB)" % ((time.time() - after,) + rss()))


asyncio.run(main())
