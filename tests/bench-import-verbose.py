#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Imports a cyclictest -v log of HOURS hours at 1 kHz on THREADS threads (generated in
cyclictest's own layout, with its closing -q status lines) and prints the import's speed in MB/s
and its peak resident memory, read by /usr/bin/time from the kernel. The speed is given over
the wall-clock time and over the CPU time the import used: on a shared machine the first is
lower. Where the rest of the wall time went is read from the scheduler (/proc/PID/schedstat,
every 10 ms while the import runs, so up to 10 ms at its end are missed): waiting for a CPU, or
blocked (reading, writing, fsync). RUNS imports, each with the load average before it.

    tests/bench-import-verbose.py [BUILD] [HOURS] [THREADS] [RUNS]     (build, 1, 2, 1)
"""
import os
import random
import subprocess
import sys
import tempfile
import time


def generate(path, hours, threads):
    samples = int(hours * 3600 * 1000)
    rng = random.Random(29)
    stats = [[0, 0, None, 0, 0] for _ in range(threads)]  # count, sum, min, max, last
    values = [rng.randrange(15, 80) for _ in range(4096)]
    with open(path, "w") as f:
        f.write("Max CPUs = %d\nOnline CPUs = %d\n# /dev/cpu_dma_latency set to 0us\n"
                % (threads, threads))
        for t in range(threads):
            f.write("Thread %d Interval: 1000\n" % t)
        for burst in range(0, samples, 10):
            lines = []
            for t in range(threads):
                s = stats[t]
                for cycle in range(burst, min(burst + 10, samples)):
                    v = values[(cycle * 7 + t) & 4095]
                    if cycle % 99991 == 0:
                        v = 1500
                    lines.append("%8d:%8d:%8d\n" % (t, cycle, v))
                    s[0] += 1
                    s[1] += v
                    s[2] = v if s[2] is None else min(s[2], v)
                    s[3] = max(s[3], v)
                    s[4] = v
            f.write("".join(lines))
        for t, (count, total, lo, hi, last) in enumerate(stats):
            f.write("T:%2d (%5d) P:%2d I:%d C:%7d Min:%7d Act:%5d Avg:%5d Max:%8d\n"
                    % (t, 1000 + t, 90, 1000, count, lo, last, total // count, hi))


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    hours = float(sys.argv[2]) if len(sys.argv) > 2 else 1
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    cli = os.path.join(build, "src", "cli", "rtbench-cli")
    with tempfile.TemporaryDirectory(prefix="rtb-bench-verbose-") as tmp:
        log = os.path.join(tmp, "hour.txt")
        generate(log, hours, threads)
        size = os.path.getsize(log)
        out = os.path.join(tmp, "hour.rtbench")
        lines = sum(1 for _ in open(log))
        print("log: %.1f MB, %d lines (%g h at 1 kHz, %d threads)"
              % (size / 1e6, lines, hours, threads))
        for _ in range(runs):
            import_once(cli, log, size, out)


def import_once(cli, log, size, out):
    load = os.getloadavg()[0]
    start = time.monotonic()
    # GNU time runs the import: its peak memory and CPU time are then the import's own (a child
    # of this Python process would carry this process's peak across its exec).
    timer = subprocess.Popen(["/usr/bin/time", "-f", "%M %U %S", cli, "import", log, "--output",
                              out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    cli_pid, run_ns, wait_ns = None, 0, 0
    while timer.poll() is None:
        try:
            if cli_pid is None:
                with open("/proc/%d/task/%d/children" % (timer.pid, timer.pid)) as f:
                    cli_pid = int(f.read().split()[0])
            with open("/proc/%d/schedstat" % cli_pid) as f:
                run_ns, wait_ns = (int(v) for v in f.read().split()[:2])
        except (OSError, ValueError, IndexError):
            pass
        time.sleep(0.01)
    seconds = time.monotonic() - start
    errors = timer.stderr.read()
    if timer.returncode != 0:
        sys.exit("import failed: " + errors)
    peak, user, system = errors.strip().splitlines()[-1].split()
    cpu = float(user) + float(system)
    print("import: %.2f s, %.1f MB/s (CPU %.2f s, %.1f MB/s of CPU time; waiting for a CPU "
          "%.2f s, blocked %.2f s), peak RSS %.1f MiB; run file %.1f MB; load average %.1f"
          % (seconds, size / 1e6 / seconds, cpu, size / 1e6 / max(cpu, 1e-3), wait_ns / 1e9,
             max(seconds - run_ns / 1e9 - wait_ns / 1e9, 0), int(peak) / 1024,
             os.path.getsize(out) / 1e6, load))


if __name__ == "__main__":
    main()
