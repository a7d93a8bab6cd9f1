#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""rtbench's timerlat samples against the kernel's own text trace of the same activations.

    timerlat-kernel-trace.py TRACE.txt SERIES.csv

TRACE.txt is the `trace` of a second tracefs instance that ran the timerlat tracer across the
whole of rtbench's run (tests/lab/timerlat-kernel-trace.sh); SERIES.csv the run's `export
--csv-series` (one sample per block). For each series ("CPUn IRQ", "CPUn thread"), rtbench's
samples in the order of their periods must be a run of consecutive activations of that CPU and
context in the kernel's trace, each the kernel's timer_latency truncated to whole µs, as rtla
timerlat hist counts it. Prints one line per series; exits 1 when a sample differs or is not
found.
"""
import collections
import csv
import re
import sys

LINE = re.compile(r'\[(\d+)\].*?#(\d+)\s+context\s+(\w+)\s+timer_latency\s+(\d+) ns')
ANCHOR = 30


def kernel_samples(path):
    """{series: [(activation, µs)]} in the trace's order (the tracer renumbers its activations
    when its settings change, so the order is the trace's, not the numbers')."""
    samples = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            m = LINE.search(line)
            if m:
                series = f'CPU{int(m[1])} ' + ('IRQ' if m[3] == 'irq' else 'thread')
                samples[series].append((int(m[2]), int(m[4]) // 1000))
    return samples


def rtbench_samples(path):
    samples = collections.defaultdict(list)
    with open(path, newline='') as f:
        for row in csv.DictReader(f):
            if row['samples'] != '1':
                sys.exit(f'{path}: blocks of {row["samples"]} samples: the run is too long')
            samples[row['series']].append((int(row['index']), int(float(row['min_us']))))
    return {s: [v for _, v in sorted(rows)] for s, rows in samples.items()}


def main(trace_path, series_path):
    kernel = kernel_samples(trace_path)
    ours = rtbench_samples(series_path)
    failed = False
    for series in sorted(ours):
        mine, theirs = ours[series], kernel.get(series, [])
        values = [v for _, v in theirs]
        starts = [i for i in range(len(values) - ANCHOR + 1)
                  if values[i:i + ANCHOR] == mine[:ANCHOR]]
        if len(starts) != 1:
            print(f'{series}: {len(mine)} samples; their first {ANCHOR} are found '
                  f'{len(starts)} times among the kernel\'s {len(values)}')
            failed = True
            continue
        i = starts[0]
        run = theirs[i:i + len(mine)]
        differ = sum(1 for (_, a), b in zip(run, mine) if a != b)
        gaps = sum(1 for (a, _), (b, _) in zip(run, run[1:]) if b != a + 1)
        print(f'{series}: {len(mine)} samples, the kernel\'s activations #{run[0][0]} to '
              f'#{run[-1][0]} of {len(values)} traced: {differ} differ, '
              f'{len(mine) - len(run)} missing, {gaps} gaps in the numbers')
        failed |= differ != 0 or len(run) != len(mine)
    return 1 if failed else 0


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
