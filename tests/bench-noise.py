#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Noise benchmark: Debian's oslat against `rtbench-cli run noise` with the same parameters,
alternately (A B A B), idle and under stress-ng load. Prints the gaps counted, how many of them
were 2 µs or more per second, p50, p99, p99.99 and max of both (all CPUs pooled, µs as oslat
counts them: each gap rounded up to the next whole µs) and the ratios rtbench/oslat, the max's
beside the percentiles'. With --cpus 1 on a 2-CPU machine both tools keep their other threads
on CPU 0, off the measured CPU.

    sudo nice -n 10 tests/bench-noise.py [--rounds 3] [--seconds 10] [--cpus 0,1]

A benchmark, not a test: it prints figures and never fails on them."""
import argparse
import importlib.util
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HISTOGRAM_US = 32  # oslat's default bucket count

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("fidelity", os.path.join(HERE, "bench-fidelity.py"))
fidelity = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fidelity)


def percentile(hist, outside, total, p):
    """Nearest rank ⌈p/100 · total⌉ over the whole-µs buckets, then the values beyond them."""
    rank = max(1, math.ceil(p / 100 * total))
    for value in sorted(hist):
        if rank <= hist[value]:
            return float(value)
        rank -= hist[value]
    beyond = sorted(outside)
    return float(beyond[min(rank, len(beyond)) - 1]) if beyond else float("nan")


def figures(hist, outside, total, seconds, hi):
    """`hist`: gaps per whole µs; `outside`: gaps known only beyond it."""
    busy = sum(n for b, n in hist.items() if b >= 2) + len(outside)
    return {"count": total, "per_s": busy / seconds, "max": hi,
            "p50": percentile(hist, outside, total, 50),
            "p99": percentile(hist, outside, total, 99),
            "p9999": percentile(hist, outside, total, 99.99)}


def run_oslat(cpus, seconds, workdir):
    path = os.path.join(workdir, "oslat.json")
    cmd = ["oslat", "-c", cpus, "-D", str(seconds), "-b", str(HISTOGRAM_US), f"--json={path}"]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    with open(path, encoding="utf-8") as f:
        threads = json.load(f)["thread"].values()
    hist, outside, hi = {}, [], 0.0
    for t in threads:
        for bucket, count in t["histogram"].items():
            bucket = int(bucket)
            if bucket < HISTOGRAM_US:
                hist[bucket] = hist.get(bucket, 0) + count
            else:
                # The last bucket holds the overflows, whose values oslat does not keep: each
                # stands at the bucket, except the thread's maximum.
                hist[bucket] = hist.get(bucket, 0) + count - 1
                outside.append(float(t["max"]))
        hi = max(hi, float(t["max"]))
    total = sum(hist.values()) + len(outside)
    return figures(hist, outside, total, seconds, hi)


def run_rtbench(cli, cpus, seconds, workdir):
    path = os.path.join(workdir, "noise.rtbench")
    cmd = [cli, "run", "noise", "--cpus", cpus, "--histogram-us", str(HISTOGRAM_US),
           "--duration", f"{seconds}s", "--output", path]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    with open(path, encoding="utf-8") as f:
        run = json.load(f)
    # The percentiles' log-linear histogram holds every gap, those beyond the 1 µs buckets too;
    # the gaps are whole µs, each at its bucket's lower edge within 0.1 %.
    hist, total, hi = {}, 0, 0.0
    for series in run["series"]:
        for value_ns, count in series["values"]["buckets"]:
            us = round(value_ns / 1000.0)
            hist[us] = hist.get(us, 0) + count
        total += series["count"]
        hi = max(hi, series["max_ns"] / 1000.0)
    return figures(hist, [], total, seconds, hi)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--cpus", default="all")
    parser.add_argument("--cli", default=os.path.join(HERE, "..", "build", "src", "cli", "rtbench-cli"))
    parser.add_argument("--scenarios", default="idle,load")
    args = parser.parse_args()

    if shutil.which("oslat") is None:
        sys.exit("oslat is missing: apt install rt-tests")
    if os.geteuid() != 0:
        sys.exit("run as root: oslat needs mlockall")
    os.environ.setdefault("RTBENCH_WORKER", os.path.join(os.path.dirname(args.cli), "..",
                                                         "worker", "rtbench-worker"))
    cpus = args.cpus if args.cpus != "all" else f"0-{(os.cpu_count() or 1) - 1}"

    print(f"oslat -c {cpus} -D {args.seconds} -b {HISTOGRAM_US}  vs  rtbench-cli run noise "
          f"--cpus {cpus} --histogram-us {HISTOGRAM_US} --duration {args.seconds}s")
    print(f"{'scenario':8} {'round':>5} {'tool':8} {'gaps':>11} {'≥2µs/s':>8} {'p50':>5} "
          f"{'p99':>5} {'p99.99':>7} {'max':>9}   (µs, all CPUs pooled)")
    ratios = {}
    with tempfile.TemporaryDirectory() as workdir:
        for scenario in args.scenarios.split(","):
            load = fidelity.start_load() if scenario == "load" else None
            try:
                for r in range(1, args.rounds + 1):
                    a = run_oslat(cpus, args.seconds, workdir)
                    b = run_rtbench(args.cli, cpus, args.seconds, workdir)
                    for tool, res in (("oslat", a), ("rtbench", b)):
                        print(f"{scenario:8} {r:5} {tool:8} {res['count']:11} {res['per_s']:8.0f} "
                              f"{res['p50']:5.0f} {res['p99']:5.0f} {res['p9999']:7.0f} "
                              f"{res['max']:9.0f}", flush=True)
                    for key in ("p50", "p99", "p9999", "max", "count"):
                        ratio = b[key] / a[key] if a[key] > 0 else float("nan")
                        ratios.setdefault((scenario, key), []).append(ratio)
            finally:
                if load is not None:
                    fidelity.stop_load(load)
    print()
    print("ratios rtbench/oslat, median of the rounds (each round in brackets):")
    for scenario in args.scenarios.split(","):
        cells = []
        for key in ("p50", "p99", "p9999", "max", "count"):
            values = ratios.get((scenario, key), [])
            if values:
                rounds = ", ".join(f"{v:.2f}" for v in values)
                cells.append(f"{key} {statistics.median(values):.2f} [{rounds}]")
        print(f"  {scenario:5} " + "  ".join(cells))


if __name__ == "__main__":
    main()
