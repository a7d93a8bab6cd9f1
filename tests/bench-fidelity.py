#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fidelity benchmark: Debian's cyclictest against `rtbench-cli run latency` with the same
parameters, alternately (A B, then B A), idle and under stress-ng load, on the same machine in
one invocation. Like for like: rtbench's cyclictest-equivalent figures (`summary --json`,
"cyclictest": every sample truncated to whole µs as cyclictest's calcdiff() does) against
cyclictest's own (its --json: min, max, avg = sum / cycles, and its 1 µs histogram, from which
p50 and p99 are the nearest-rank buckets). Prints min, avg, p50, p99 and max per CPU and round,
then per scenario the median over rounds and CPUs of each ratio rtbench / cyclictest, and the
same ratio of cyclictest against its own previous round: how much the machine alone moves them.

    sudo tests/bench-fidelity.py [--rounds 3] [--seconds 10] [--cli build/src/cli/rtbench-cli]

A benchmark, not a test: it prints figures and never fails on them."""
import argparse
import json
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
FIGURES = ("min", "avg", "p50", "p99", "max")
# Percentiles in tenths of a percent: the nearest rank ⌈p/100 · n⌉ computed in integers.
PERCENTILES = {"p50": 500, "p99": 990}


def nearest_rank_bucket(hist, count, permille):
    """The 1 µs bucket holding the nearest-rank sample, None when it is an overflow."""
    rank = max(1, (permille * count + 999) // 1000)
    for bucket in sorted(hist):
        if rank <= hist[bucket]:
            return float(bucket)
        rank -= hist[bucket]
    return None


def run_cyclictest(seconds, workdir):
    path = os.path.join(workdir, "cyclictest.json")
    cmd = ["cyclictest", "-m", "-S", f"-p{PRIORITY}", f"-i{INTERVAL_US}", f"-h{HISTOGRAM_US}",
           f"-D{seconds}s", "-q", f"--json={path}"]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    with open(path, encoding="utf-8") as f:
        threads = json.load(f)["thread"]
    result = {}
    for thread in threads.values():
        hist = {int(b): n for b, n in thread["histogram"].items()}
        figures = {"count": thread["cycles"], "min": float(thread["min"]),
                   "avg": float(thread["avg"]), "max": float(thread["max"])}
        for key, permille in PERCENTILES.items():
            figures[key] = nearest_rank_bucket(hist, thread["cycles"], permille)
        result[thread["cpu"]] = figures
    return result


def run_rtbench(cli, seconds, workdir):
    path = os.path.join(workdir, "run.rtbench")
    cmd = [cli, "run", "latency", "--cpus", "all", "--priority", str(PRIORITY), "--policy", "fifo",
           "--interval-us", str(INTERVAL_US), "--histogram-us", str(HISTOGRAM_US),
           "--duration", f"{seconds}s", "--output", path]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    out = subprocess.run([cli, "summary", "--json", path], check=True, capture_output=True,
                         text=True).stdout
    result = {}
    for series in json.loads(out)["runs"][0]["series"]:
        ct = series["cyclictest"]
        # mean_us is the quotient cyclictest's --json prints as avg.
        result[series["cpu"]] = {"count": series["count"], "min": ct["min_us"],
                                 "avg": ct["mean_us"], "max": ct["max_us"],
                                 "p50": ct["p50_us"], "p99": ct["p99_us"]}
    return result


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


def cell(value, width):
    return f"{'-':>{width}}" if value is None else f"{value:{width}.1f}"


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

    print(f"cyclictest -m -S -p{PRIORITY} -i{INTERVAL_US} -h{HISTOGRAM_US} -D{args.seconds}s -q "
          f"--json  vs  rtbench-cli run latency --cpus all --priority {PRIORITY} --interval-us "
          f"{INTERVAL_US} --histogram-us {HISTOGRAM_US} --duration {args.seconds}s; rtbench's "
          "cyclictest-equivalent figures")
    print(f"{'scenario':8} {'round':>5} {'cpu':>3} {'tool':10} {'samples':>8} "
          + " ".join(f"{f:>7}" for f in FIGURES) + "   (µs)")
    ratios, noise, previous = {}, {}, {}
    with tempfile.TemporaryDirectory() as workdir:
        for scenario in args.scenarios.split(","):
            load = start_load() if scenario == "load" else None
            try:
                for r in range(1, args.rounds + 1):
                    # Alternate which tool goes first, so a drift of the machine evens out.
                    if r % 2:
                        ct = run_cyclictest(args.seconds, workdir)
                        rb = run_rtbench(args.cli, args.seconds, workdir)
                    else:
                        rb = run_rtbench(args.cli, args.seconds, workdir)
                        ct = run_cyclictest(args.seconds, workdir)
                    for cpu in sorted(set(ct) & set(rb)):
                        for tool, res in (("cyclictest", ct[cpu]), ("rtbench", rb[cpu])):
                            print(f"{scenario:8} {r:5} {cpu:3} {tool:10} {res['count']:8} "
                                  + " ".join(cell(res[f], 7) for f in FIGURES), flush=True)
                        for key in FIGURES:
                            a, b = ct[cpu][key], rb[cpu][key]
                            if a is not None and b is not None and a > 0:
                                ratios.setdefault((scenario, key), []).append(b / a)
                            # The machine's own noise: cyclictest against its previous round.
                            p = previous.get((scenario, cpu, key))
                            if p is not None and a is not None and p > 0:
                                noise.setdefault((scenario, key), []).append(a / p)
                            previous[(scenario, cpu, key)] = a
            finally:
                if load is not None:
                    stop_load(load)
    print()
    print("median ratio rtbench / cyclictest over rounds and CPUs (target 0.95-1.05 for min, "
          "avg, p50)")
    for (scenario, key), values in ratios.items():
        print(f"  {scenario:5} {key:4} {statistics.median(values):.3f}"
              f"   ({', '.join(f'{v:.2f}' for v in values)})")
    print("the machine's noise: cyclictest / cyclictest of the round before, per CPU (median, "
          "least, largest)")
    for (scenario, key), values in noise.items():
        print(f"  {scenario:5} {key:4} {statistics.median(values):.3f}   "
              f"({min(values):.2f} … {max(values):.2f})")


if __name__ == "__main__":
    main()
