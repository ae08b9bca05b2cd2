#!/usr/bin/env python3
"""Slow clients against a running `tessera serve` (docs/web.md, "Hostile clients").

    scripts/slow-headers.py http://127.0.0.1:8080 [CONNECTIONS] [SECONDS]

Opens CONNECTIONS (1,000) connections that each send half a request head and then nothing, and
once they are all open makes one normal request (`GET /api/health`) every 0.25 s on a fresh
connection until the server has closed them. Prints when the server closed the slow connections (the first, the last, how many
were still open after SECONDS, 30) and the normal requests' worst and median latency. Exits 1
if a slow connection outlived SECONDS or a normal request took over 100 ms (issue 26's bar).

Only the standard library; the open-file limit is raised to fit the connections.
"""

import asyncio
import resource
import statistics
import sys
import time
from urllib.parse import urlparse


async def slow(host, port, opened, closed):
    reader, writer = await asyncio.open_connection(host, port)
    opened.append(time.monotonic())
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: slow\r\nUser-Agent: half-a-head\r\n")
    await writer.drain()
    try:
        await reader.read()  # returns b"" when the server closes the connection
    except ConnectionError:
        pass
    closed.append(time.monotonic())
    writer.close()


async def normal(host, port):
    start = time.monotonic()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: normal\r\nConnection: close\r\n\r\n")
    await writer.drain()
    head = await reader.readline()
    await reader.read()
    writer.close()
    if not head.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"the normal request got {head!r}")
    return (time.monotonic() - start) * 1000


async def main():
    url = urlparse(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 30.0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 256)), hard))
    host, port = url.hostname, url.port or 80
    opened, closed = [], []
    start = time.monotonic()
    tasks = [asyncio.create_task(slow(host, port, opened, closed)) for _ in range(count)]
    # The probes start once every slow connection is open, so that they time the server, not
    # this client's own loop opening a thousand connections.
    while len(opened) + len(closed) < count and time.monotonic() - start < limit:
        await asyncio.sleep(0.05)
    latencies = []
    while len(closed) < count and time.monotonic() - start < limit + 5:
        latencies.append((await normal(host, port), time.monotonic() - start))
        await asyncio.sleep(0.25)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    still_open = count - len(closed)
    first = min(closed) - start if closed else float("nan")
    last = max(closed) - start if closed else float("nan")
    worst, at = max(latencies)
    median = statistics.median(ms for ms, _ in latencies)
    print(
        f"{count} slow connections: {len(opened)} opened, closed by the server from {first:.1f} s "
        f"to {last:.1f} s, {still_open} still open after {limit:.0f} s; {len(latencies)} normal "
        f"requests: worst {worst:.1f} ms (at {at:.1f} s), median {median:.1f} ms"
    )
    if still_open or last > limit or worst > 100:
        print("bar missed: all closed within the limit, a normal request within 100 ms")
        sys.exit(1)


asyncio.run(main())
