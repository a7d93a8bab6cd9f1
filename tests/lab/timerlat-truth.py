#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A saved timerlat run's figures held against its own samples.

    timerlat-truth.py SUMMARY.json SERIES.csv HISTOGRAM.csv HISTOGRAM_US

SUMMARY.json is `rtbench-cli summary --json` of the run, SERIES.csv and HISTOGRAM.csv its
`export --csv-series` and `--csv-histogram` (the history exact: one sample per block),
HISTOGRAM_US the run's --histogram-us. For each series: every sample is a whole µs (rtla's
truncation); the count, min, max and mean of the summary are the samples' own; the histogram
holds each sample in its 1 µs bucket, those of HISTOGRAM_US µs or more as overflows; the
samples' periods, numbered on the tracer's grid from the run's first (0), increase, and those
up to the series' last are its samples, the periods the tracer skipped and the samples whose
events were lost (dropped); and each period's thread latency is at least its IRQ latency, both
measured from the same deadline. Prints one line per series, exits 1 naming what differs.
"""
import collections
import csv
import json
import sys


def close(got, want):
    """A mean summed in another order: 1e-9 relative, or 1e-9 µs."""
    return abs(got - want) <= max(1e-9, 1e-9 * abs(want))


def main(summary_path, series_path, histogram_path, limit_us):
    run = json.load(open(summary_path))['runs'][0]
    samples = collections.defaultdict(dict)  # series → period → µs
    order = collections.defaultdict(list)  # series → its periods as the file lists them
    with open(series_path, newline='') as f:
        for row in csv.DictReader(f):
            order[row['series']].append(int(row['index']))
            value = float(row['min_us'])
            if row['samples'] != '1' or float(row['max_us']) != value:
                sys.exit(f"{row['series']} {row['index']}: a block of {row['samples']} samples,"
                         " the history is not exact")
            samples[row['series']][int(row['index'])] = value
    with open(histogram_path, newline='') as f:
        rows = list(csv.reader(f))
    limit_us = int(limit_us)

    failed = []
    for s in run['series']:
        name = s['name']
        got = samples.get(name, {})
        values = list(got.values())
        n = len(values)
        want = {
            'count': n,
            'min_us': min(values) if n else None,
            'max_us': max(values) if n else None,
        }
        for key, value in want.items():
            if s[key] != value:
                failed.append(f'{name}: {key} {s[key]}, its samples say {value}')
        mean = sum(values) / n if n else None
        if (mean is None) != (s['avg_us'] is None) or (mean is not None and
                                                      not close(s['avg_us'], mean)):
            failed.append(f"{name}: avg_us {s['avg_us']}, its samples say {mean}")
        if any(v != int(v) for v in values):
            failed.append(f'{name}: a sample is not a whole µs')
        if n and max(got) + 1 != n + s['skipped'] + s['dropped']:
            failed.append(f"{name}: periods 0-{max(got)} are not its {n} samples, "
                          f"{s['skipped']} skipped and {s['dropped']} dropped")
        if order[name] != sorted(set(order[name])):
            failed.append(f'{name}: the periods do not increase')
        buckets = collections.Counter(int(v) for v in values if v < limit_us)
        overflows = sum(1 for v in values if v >= limit_us)
        column = [i for i, title in enumerate(rows[0]) if title.endswith(' ' + name)][0]
        saved = {int(r[0]): int(r[column]) for r in rows[1:-1] if int(r[column])}
        if saved != dict(buckets) or int(rows[-1][column]) != overflows or \
                s['overflows'] != overflows:
            failed.append(f'{name}: the histogram is not its samples in 1 µs buckets')
        print(f"{name}: {n} samples, {s['skipped']} skipped, {s['dropped']} dropped, "
              f"min {want['min_us']} max {want['max_us']} avg {mean}, {overflows} overflows")

    for cpu in sorted({s['cpu'] for s in run['series']}):
        irq, thread = samples.get(f'CPU{cpu} IRQ', {}), samples.get(f'CPU{cpu} thread', {})
        early = [a for a in irq.keys() & thread.keys() if thread[a] < irq[a]]
        if early:
            failed.append(f'CPU{cpu}: activation {early[0]}: thread latency {thread[early[0]]} '
                          f'below its IRQ latency {irq[early[0]]}')
    for line in failed:
        print(line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == '__main__':
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
