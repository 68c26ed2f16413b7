#!/usr/bin/env python3
"""`reel serve --backend slurm` on a running Slurm cluster (scripts/cluster-test calls it).

Usage: cluster-serve-check.py REEL WORK TEMPLATES MEDIA

Starts the server on a free loopback port over the template folders in TEMPLATES and the media
root MEDIA, with its data folder in WORK, and checks, through the HTTP API and Slurm's own
commands: a render split into segments, a soundtrack task and a join, done with every frame and
its sound; a render with a bit rate as one job; a cancel that leaves no Slurm job and no output;
a server killed (SIGKILL) while its jobs run, started again, that follows the same Slurm jobs to
the end without submitting them again; a drain (SIGTERM) that leaves the jobs running and a
restart that finishes them; a submission Slurm refuses, reported as a failed job. Every wait is
bounded; the script prints what failed and exits 1, or exits 0.
"""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

REEL, WORK, TEMPLATES, MEDIA = sys.argv[1:5]
DATA = os.path.join(WORK, "serve-data")


def fail(message):
    print(f"cluster test: FAILED: reel serve --backend slurm: {message}", file=sys.stderr)
    sys.exit(1)


def start(*extra):
    log = open(os.path.join(WORK, "serve.log"), "ab")
    process = subprocess.Popen(
        [REEL, "serve", "--data", DATA, "--listen", "127.0.0.1:0", "--templates", TEMPLATES, "--media-root", MEDIA,
         "--backend", "slurm", "--segment-seconds", "1", "--jobs", "3", "-q", *extra],
        stdout=subprocess.PIPE, stderr=log)
    line = process.stdout.readline().decode()
    if "listening on " not in line:
        fail(f"the server did not start: {line!r}")
    return process, line.split("listening on ")[1].split()[0]


def call(url, method="GET", body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def submit(base, **options):
    status, job = call(base + "/v1/renders", "POST", {"template": "tpl", "media": [MEDIA], "options": {"quality": "draft", **options}})
    if status != 202:
        fail(f"POST /v1/renders answered {status}: {job}")
    return job["id"]


def wait(base, job, states, seconds=120):
    end = time.monotonic() + seconds
    seen = set()
    while time.monotonic() < end:
        _, body = call(f"{base}/v1/renders/{job}")
        if "progress" in body:
            seen.add(body["progress"].get("stage"))
        if body["status"] in states:
            return body, seen
        time.sleep(0.3)
    fail(f"{job} did not reach {states} in {seconds} s: {body}")


def slurm_jobs(job, everything=False):
    """Ids of the Slurm jobs named for `job`: in the queue, or (everything) any the controller still knows."""
    if not everything:
        out = subprocess.run(["squeue", "--noheader", f"--name=reel-{job}", "--format=%F"], capture_output=True, text=True).stdout
        return sorted(set(out.split()))
    out = subprocess.run(["scontrol", "--oneliner", "show", "job"], capture_output=True, text=True).stdout
    ids = set()
    for line in out.splitlines():
        fields = dict(word.split("=", 1) for word in line.split() if "=" in word)
        if fields.get("JobName") == f"reel-{job}":
            ids.add(fields.get("ArrayJobId", fields.get("JobId")))
    return sorted(ids)


def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries", "stream=codec_type,nb_read_frames", "-of", "json", path],
                         capture_output=True, text=True).stdout
    return {s["codec_type"]: s for s in json.loads(out)["streams"]}


def expect_output(job, frames=50):
    streams = probe(os.path.join(DATA, "outputs", f"{job}.mp4"))
    if streams.get("video", {}).get("nb_read_frames") != str(frames) or "audio" not in streams:
        fail(f"{job}'s video is not {frames} frames with sound: {streams}")


def plan(job, seconds=60):
    path = os.path.join(DATA, "slurm", job, "jobs.json")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with open(path) as f:
                return json.load(f)
        except (OSError, ValueError):
            time.sleep(0.1)
    fail(f"{job} was not submitted in {seconds} s")


server, base = start()
try:
    # A 2 s video in 1 s segments: an array of 2, a soundtrack task and a join.
    split = submit(base)
    submitted = plan(split)
    if submitted["segments"] != 2 or len(submitted["jobs"]) != 3:
        fail(f"the render was not split into 2 segments, a soundtrack and a join: {submitted}")
    body, stages = wait(base, split, {"done", "failed"})
    if body["status"] != "done" or body["result"]["frames"] != 50:
        fail(f"the segmented render did not finish: {body}")
    if not stages & {"queued on Slurm", "rendering", "joining"}:
        fail(f"no progress was reported while it ran: {stages}")
    expect_output(split)
    if sorted(slurm_jobs(split, everything=True)) != sorted(submitted["jobs"]):
        fail(f"Slurm ran other jobs than the plan's: {slurm_jobs(split, everything=True)} vs {submitted['jobs']}")

    # A bit rate: one job, the whole video.
    whole = submit(base, bitrate="300k")
    if len(plan(whole)["jobs"]) != 1:
        fail("a render with a bit rate was split")
    body, _ = wait(base, whole, {"done", "failed"})
    if body["status"] != "done":
        fail(f"the render with a bit rate did not finish: {body}")
    expect_output(whole)

    # A cancel: its Slurm jobs go, and nothing is left at its output.
    cancelled = submit(base, seed="7")
    plan(cancelled)
    status, body = call(f"{base}/v1/renders/{cancelled}", "DELETE")
    if status != 200 or body["status"] != "cancelled":
        fail(f"DELETE answered {status}: {body}")
    end = time.monotonic() + 20
    while slurm_jobs(cancelled) and time.monotonic() < end:
        time.sleep(0.2)
    if slurm_jobs(cancelled):
        fail(f"the cancelled render's Slurm jobs are still queued: {slurm_jobs(cancelled)}")
    time.sleep(1)
    if os.path.exists(os.path.join(DATA, "outputs", f"{cancelled}.mp4")):
        fail("a cancelled render left its video")

    # Killed while its jobs run, started again: the same Slurm jobs are followed to the end.
    killed = submit(base, seed="8")
    before = plan(killed)["jobs"]
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=10)
    server, base = start()
    body, _ = wait(base, killed, {"done", "failed"})
    if body["status"] != "done":
        fail(f"the render interrupted by SIGKILL did not finish after the restart: {body}")
    expect_output(killed)
    if slurm_jobs(killed, everything=True) != sorted(before):
        fail(f"the restart submitted again: {slurm_jobs(killed, everything=True)} vs {before}")

    # A drain leaves the Slurm jobs running; the next start finishes the render.
    drained = submit(base, seed="9")
    plan(drained)
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        fail("the drain did not end within 30 s")
    server, base = start()
    body, _ = wait(base, drained, {"done", "failed"})
    if body["status"] != "done":
        fail(f"the drained render did not finish after the restart: {body}")
    expect_output(drained)
finally:
    server.kill()
    server.wait()

# A submission Slurm refuses is a failed job, named as Slurm's refusal.
server, base = start("--sbatch-option=--partition=no-such-partition")
try:
    refused = submit(base, seed="10")
    body, _ = wait(base, refused, {"done", "failed"}, seconds=60)
    if body["status"] != "failed" or body["error"]["code"] != "backend_failed" or "sbatch" not in body["error"]["message"]:
        fail(f"a submission Slurm refuses was not a failed job: {body}")
finally:
    server.kill()
    server.wait()
print("reel serve --backend slurm: a render in segments with a soundtrack task and a join, a bit-rate render as one job, "
      "a cancel, a SIGKILL and a drain followed to the end, a refused submission")
