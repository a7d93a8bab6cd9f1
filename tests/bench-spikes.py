#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What explaining spikes costs: the same latency run of the real worker without tracing, with
tracing armed but a threshold no sample reaches (the kernel records every event, the writer reads
them all; the measuring threads only compare), and with trace_above_us=auto (twice the running
p99.9: the writer also cuts each spike's window), in turn, several rounds. Prints per mode p50 and p99 of every CPU pooled,
their ratios to the untraced run, and the worker's CPU time (user + system, from wait4), and how
many spikes were explained.

    sudo tests/bench-spikes.py [--rounds 3] [--seconds 10] [--build build]

A benchmark, not a test: it prints figures and never fails on them. Needs root (tracefs)."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

MODES = [
    ("off", []),
    ("armed, never stopped", ["trace_above_us=10000000"]),
    ("auto (2 x p99.9)", ["trace_above_us=auto"]),
]


def measure(build, extra, seconds, tmp):
    stream = os.path.join(tmp, "run.stream")
    run_file = os.path.join(tmp, "run.rtbench")
    cmd = [os.path.join(build, "src/worker/rtbench-worker"), "latency", "cpus=all",
           "priority=99", "interval_us=1000", "histogram_us=2000", f"duration={seconds}s"] + extra
    with open(stream, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
    cli = os.path.join(build, "src/cli/rtbench-cli")
    subprocess.run([cli, "import", stream, "--output", run_file], check=True,
                   stdout=subprocess.DEVNULL)
    summary = json.loads(subprocess.run([cli, "summary", "--json", run_file], check=True,
                                        capture_output=True, text=True).stdout)["runs"][0]
    series = summary["series"]
    return {
        "p50": statistics.mean(s["p50_us"] for s in series),
        "p99": statistics.mean(s["p99_us"] for s in series),
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "spikes": len(summary.get("spikes") or []),
        "samples": sum(s["count"] for s in series),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--build", default="build")
    args = parser.parse_args()
    if os.geteuid() != 0:
        sys.exit("bench-spikes: run as root (tracing needs tracefs)")

    results = {name: [] for name, _ in MODES}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            for name, extra in MODES:
                m = measure(args.build, extra, args.seconds, tmp)
                results[name].append(m)
                print(f"round {r + 1} {name:22s} p50 {m['p50']:7.1f} µs  p99 {m['p99']:7.1f} µs"
                      f"  worker CPU {m['cpu_s']:.3f} s  spikes {m['spikes']}"
                      f"  samples {m['samples']}", flush=True)

    base = results["off"]
    print("\nmedian over rounds (both CPUs' p50 and p99 averaged):")
    print("| mode | p50 µs | p99 µs | p50 ratio | p99 ratio | worker CPU s | spikes explained |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, _ in MODES:
        p50 = statistics.median(m["p50"] for m in results[name])
        p99 = statistics.median(m["p99"] for m in results[name])
        cpu = statistics.median(m["cpu_s"] for m in results[name])
        spikes = statistics.median(m["spikes"] for m in results[name])
        ratio50 = statistics.median(m["p50"] / b["p50"] for m, b in zip(results[name], base))
        ratio99 = statistics.median(m["p99"] / b["p99"] for m, b in zip(results[name], base))
        print(f"| {name} | {p50:.1f} | {p99:.1f} | {ratio50:.2f} | {ratio99:.2f} | {cpu:.3f} |"
              f" {spikes:.0f} |")


if __name__ == "__main__":
    main()
