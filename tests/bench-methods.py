#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The published experiments, repeated: the 5 ms timer study's table (real-time against normal
thread, RMS error, max |error|, 95th and 99th percentiles of |error|), and the board vendor's
three cyclictest scenarios, shortened (idle, full load with stress-ng, isolated core), with the
worst and best CPU's max latency as the vendor printed them.

    sudo tests/bench-methods.py [--timer-seconds 60] [--latency-seconds 60] [--rounds 1]
                                [--cli build/src/cli/rtbench-cli] [--only timer|latency]

Each timer run records duration / 5 ms ticks after its warm-up tick; their figures are computed
here from the raw ticks (`rtbench-cli export --csv-series`, one line a tick while a run is
short), nearest-rank percentiles of |error|. The isolated-core scenario needs a kernel booted
with isolcpus=; without an isolated CPU it is reported as not run. A benchmark, not a test: it
prints figures and never fails on them."""
import argparse
import csv
import math
import os
import subprocess
import sys
import tempfile

PERIOD_US = 5000
SPIN_US = 100


def cli_env(cli):
    env = dict(os.environ)
    worker = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(cli))), "worker",
                          "rtbench-worker")
    if "RTBENCH_WORKER" not in env and os.path.exists(worker):
        env["RTBENCH_WORKER"] = worker
    return env


def run(cli, args, workdir, name):
    path = os.path.join(workdir, name + ".rtbench")
    subprocess.run([cli, "run"] + args + ["--output", path], check=True, capture_output=True,
                   text=True, env=cli_env(cli))
    return path


def raw_values(cli, path, workdir):
    """Every sample of every series, in µs, from the per-instance history (exact: one a line)."""
    out = os.path.join(workdir, "series.csv")
    subprocess.run([cli, "export", path, "--csv-series", out], check=True, capture_output=True,
                   text=True, env=cli_env(cli))
    values = {}
    with open(out, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if int(row["samples"]) != 1:
                sys.exit(f"{path}: the history merged samples; use a shorter run")
            values.setdefault(row["series"], []).append(float(row["min_us"]))
    return values


def nearest_rank(sorted_values, p):
    rank = max(1, math.ceil(p / 100.0 * len(sorted_values)))
    return sorted_values[rank - 1]


def timer_row(label, errors):
    magnitudes = sorted(abs(e) for e in errors)
    rms = math.sqrt(sum(e * e for e in errors) / len(errors))
    return (label, len(errors), rms, magnitudes[-1], nearest_rank(magnitudes, 95),
            nearest_rank(magnitudes, 99))


def bench_timer(cli, seconds, rounds, workdir):
    rows = []
    for r in range(rounds):
        for variant, label in (("rt", "SCHED_FIFO 80 thread"), ("normal", "normal thread")):
            path = run(cli, ["timer", "--variant", variant, "--period-us", str(PERIOD_US),
                             "--spin-us", str(SPIN_US), "--duration", f"{seconds}s"],
                       workdir, f"timer-{variant}-{r}")
            errors = raw_values(cli, path, workdir)["timer"]
            rows.append(timer_row(f"{label}, round {r + 1}", errors))
    print(f"\n5 ms timer, {seconds} s per run (µs)\n")
    print("| thread | ticks | RMS error | max abs | p95 abs | p99 abs |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, ticks, rms, worst, p95, p99 in rows:
        print(f"| {label} | {ticks} | {rms:.3f} | {worst:.3f} | {p95:.3f} | {p99:.3f} |")


def isolated_cpus():
    try:
        with open("/sys/devices/system/cpu/isolated", encoding="ascii") as f:
            return f.read().strip()
    except OSError:
        return ""


def per_cpu_max(cli, path, workdir):
    out = os.path.join(workdir, "stats.csv")
    subprocess.run([cli, "export", path, "--csv", out], check=True, capture_output=True,
                   text=True, env=cli_env(cli))
    with open(out, newline="", encoding="utf-8") as f:
        return {row["series"]: float(row["max_us"]) for row in csv.DictReader(f)}


def bench_latency(cli, seconds, rounds, workdir):
    common = ["latency", "--cpus", "all", "--priority", "99", "--interval-us", "1000",
              "--histogram-us", "800", "--duration", f"{seconds}s"]
    scenarios = [("idle", []), ("full load", ["--load", "full"])]
    isolated = isolated_cpus()
    if isolated:
        scenarios.append((f"isolated core (isolcpus: {isolated})", ["--load", "full"]))
    rows = []
    for r in range(rounds):
        for name, extra in scenarios:
            path = run(cli, common + extra, workdir, f"latency-{r}")
            maxes = per_cpu_max(cli, path, workdir)
            worst = max(maxes, key=maxes.get)
            best = min(maxes, key=maxes.get)
            rows.append((f"{name}, round {r + 1}", worst, maxes[worst], best, maxes[best]))
    print(f"\nBoard vendor's scenarios, {seconds} s each instead of 12 h "
          "(-m -Sp99 -i1000 -h800; max latency, µs)\n")
    print("| scenario | worst CPU max | best CPU max |")
    print("| --- | --- | --- |")
    for name, worst, worst_max, best, best_max in rows:
        print(f"| {name} | {worst_max:.1f} ({worst}) | {best_max:.1f} ({best}) |")
    if not isolated:
        print("| isolated core | not run: no CPU is isolated (boot with isolcpus=N) | |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default="build/src/cli/rtbench-cli")
    parser.add_argument("--timer-seconds", type=int, default=60)
    parser.add_argument("--latency-seconds", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", choices=["timer", "latency"])
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("note: not root: the real-time threads will be refused or run as SCHED_OTHER",
              file=sys.stderr)
    with tempfile.TemporaryDirectory() as workdir:
        if args.only in (None, "timer"):
            bench_timer(args.cli, args.timer_seconds, args.rounds, workdir)
        if args.only in (None, "latency"):
            bench_latency(args.cli, args.latency_seconds, args.rounds, workdir)


if __name__ == "__main__":
    main()
