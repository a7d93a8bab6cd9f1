#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fidelity benchmark: Debian's cyclictest against `rtbench-cli run latency` with the same
parameters, alternately (A B A B), idle and under stress-ng load. Prints min, p50, p99 and max
of both (all CPUs pooled) and the ratio rtbench/cyclictest of p50 and p99.

    sudo tests/bench-fidelity.py [--rounds 3] [--seconds 10] [--cli build/src/cli/rtbench-cli]

A benchmark, not a test: it prints figures and never fails on them."""
import argparse
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile

INTERVAL_US = 1000
HISTOGRAM_US = 2000
PRIORITY = 99


def percentile(hist, outside, total, p):
    """Nearest-rank percentile over a 1 µs histogram plus exact outside values (µs)."""
    rank = max(1, math.ceil(p / 100.0 * total))
    for bucket in sorted(hist):
        if rank <= hist[bucket]:
            return float(bucket)
        rank -= hist[bucket]
    outside = sorted(outside)
    if not outside:
        return float("nan")
    return outside[min(rank, len(outside)) - 1]


def run_cyclictest(seconds):
    cmd = ["cyclictest", "-m", "-S", f"-p{PRIORITY}", f"-i{INTERVAL_US}", f"-h{HISTOGRAM_US}",
           f"-D{seconds}s", "-q"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    hist, mins, maxes, overflows = {}, [], [], 0
    for line in out.splitlines():
        if line and line[0].isdigit():
            fields = line.split()
            bucket = int(fields[0])
            hist[bucket] = hist.get(bucket, 0) + sum(int(f) for f in fields[1:])
        elif line.startswith("# Min Latencies:"):
            mins = [int(v) for v in line.split(":")[1].split()]
        elif line.startswith("# Max Latencies:"):
            maxes = [int(v) for v in line.split(":")[1].split()]
        elif line.startswith("# Histogram Overflows:"):
            overflows = sum(int(v) for v in line.split(":")[1].split())
    total = sum(hist.values()) + overflows
    # cyclictest does not list overflow values with -q; use each CPU's max for them, the
    # closest it tells.
    outside = [float(m) for m in maxes if m >= HISTOGRAM_US][:overflows]
    outside += [float(max(maxes))] * (overflows - len(outside)) if overflows else []
    return {"min": float(min(mins)), "max": float(max(maxes)),
            "p50": percentile(hist, outside, total, 50), "p99": percentile(hist, outside, total, 99),
            "count": total}


def run_rtbench(cli, seconds, workdir):
    path = os.path.join(workdir, "run.rtbench")
    cmd = [cli, "run", "latency", "--cpus", "all", "--priority", str(PRIORITY), "--policy", "fifo",
           "--interval-us", str(INTERVAL_US), "--histogram-us", str(HISTOGRAM_US),
           "--duration", f"{seconds}s", "--output", path]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    with open(path, encoding="utf-8") as f:
        run = json.load(f)
    hist, outside, total, lo, hi = {}, [], 0, math.inf, -math.inf
    for series in run["series"]:
        h = series["histogram"]
        for index, count in h["counts"]:
            bucket = h["lo_us"] + index
            hist[bucket] = hist.get(bucket, 0) + count
        outside += [v / 1000.0 for v in h.get("outside_ns", [])]
        total += series["count"]
        lo = min(lo, series["min_ns"] / 1000.0)
        hi = max(hi, series["max_ns"] / 1000.0)
    return {"min": lo, "max": hi, "p50": percentile(hist, outside, total, 50),
            "p99": percentile(hist, outside, total, 99), "count": total}


def start_load():
    n = os.cpu_count() or 1
    cmd = ["stress-ng", "--cpu", str(n), "--cpu-method=all", "--io", str(n), "--vm", str(n),
           "--vm-bytes", "64M", "--quiet"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def stop_load(proc):
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--cli", default=os.path.join(here, "..", "build", "src", "cli", "rtbench-cli"))
    parser.add_argument("--scenarios", default="idle,load")
    args = parser.parse_args()

    if shutil.which("cyclictest") is None:
        sys.exit("cyclictest is missing: apt install rt-tests")
    if os.geteuid() != 0:
        sys.exit("run as root: both tools need SCHED_FIFO and mlockall")
    os.environ.setdefault("RTBENCH_WORKER", os.path.join(os.path.dirname(args.cli), "..",
                                                         "worker", "rtbench-worker"))

    print(f"cyclictest -m -S -p{PRIORITY} -i{INTERVAL_US} -h{HISTOGRAM_US} -D{args.seconds}s -q  vs  "
          f"rtbench-cli run latency --cpus all --priority {PRIORITY} --interval-us {INTERVAL_US} "
          f"--histogram-us {HISTOGRAM_US} --duration {args.seconds}s")
    print(f"{'scenario':8} {'round':>5} {'tool':10} {'samples':>8} {'min':>7} {'p50':>7} "
          f"{'p99':>7} {'max':>8}   (µs, all CPUs pooled)")
    ratios = {}
    with tempfile.TemporaryDirectory() as workdir:
        for scenario in args.scenarios.split(","):
            load = start_load() if scenario == "load" else None
            try:
                for r in range(1, args.rounds + 1):
                    a = run_cyclictest(args.seconds)
                    b = run_rtbench(args.cli, args.seconds, workdir)
                    for tool, res in (("cyclictest", a), ("rtbench", b)):
                        print(f"{scenario:8} {r:5} {tool:10} {res['count']:8} {res['min']:7.1f} "
                              f"{res['p50']:7.1f} {res['p99']:7.1f} {res['max']:8.1f}", flush=True)
                    for key in ("p50", "p99"):
                        ratio = b[key] / a[key] if a[key] > 0 else float("nan")
                        ratios.setdefault((scenario, key), []).append(ratio)
            finally:
                if load is not None:
                    stop_load(load)
    print()
    for (scenario, key), values in ratios.items():
        print(f"median ratio rtbench/cyclictest {scenario:5} {key}: {statistics.median(values):.2f}"
              f"   (rounds: {', '.join(f'{v:.2f}' for v in values)})")


if __name__ == "__main__":
    main()
