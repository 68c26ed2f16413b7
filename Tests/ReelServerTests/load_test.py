#!/usr/bin/env python3
"""Load on a loopback server, bounded in count and time: SUBMITS render submissions from CLIENTS
concurrent clients, then POLLS status requests from the same clients. Checks every submission was
accepted (202) with its own id, no answer was 5xx, and the server lists exactly the jobs accepted;
prints the status latency's p50 and p99.

  load_test.py URL BODY SUBMITS CLIENTS POLLS
Exits 1 with one line per problem.
"""
import json
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

url, body, submits, clients, polls = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
deadline = time.monotonic() + 240


def call(method, path, data=None, headers=None):
    if time.monotonic() > deadline:
        raise SystemExit("load test ran out of time")
    request = urllib.request.Request(url + path, data=data, method=method, headers=headers or {})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.read(), time.monotonic() - start
    except urllib.error.HTTPError as e:
        return e.code, e.read(), time.monotonic() - start


def submit(i):
    return call("POST", "/v1/renders", body, {"Content-Type": "application/json", "Idempotency-Key": f"load-{i}"})


problems = []
with ThreadPoolExecutor(max_workers=clients) as pool:
    submitted = list(pool.map(submit, range(submits)))
ids = []
for status, data, _ in submitted:
    if status != 202:
        problems.append(f"a submission was answered {status}: {data[:200]!r}")
    else:
        ids.append(json.loads(data)["id"])
if len(set(ids)) != len(ids):
    problems.append("two submissions got the same id")

with ThreadPoolExecutor(max_workers=clients) as pool:
    polled = list(pool.map(lambda i: call("GET", f"/v1/renders/{ids[i % len(ids)]}"), range(polls)))
latencies = sorted(seconds for status, _, seconds in polled)
for status, data, _ in polled:
    if status != 200:
        problems.append(f"a status request was answered {status}: {data[:200]!r}")
        break

listed, after = [], None
while True:
    status, data, _ = call("GET", "/v1/renders?limit=1000" + (f"&after={after}" if after else ""))
    page = json.loads(data)
    listed += [job["id"] for job in page["renders"]]
    after = page.get("next")
    if not after:
        break
if sorted(listed) != sorted(ids):
    problems.append(f"the server lists {len(listed)} renders, {len(ids)} were accepted")

p50 = latencies[len(latencies) // 2] * 1000
p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
print(f"{len(ids)} of {submits} submissions accepted; {len(polled)} status requests: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
