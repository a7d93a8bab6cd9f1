#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A saved osnoise run's figures held against its own samples.

    osnoise-truth.py RUN.rtbench SUMMARY.json SERIES.csv HISTOGRAM.csv HISTOGRAM_US

RUN.rtbench is the run file, SUMMARY.json its `rtbench-cli summary --json`, SERIES.csv and
HISTOGRAM.csv its `export --csv-series` and `--csv-histogram` (the history exact: one sample per
block), HISTOGRAM_US the run's --histogram-us. For each CPU: every sample (a period's noise) is a
whole µs; the periods are numbered 0 to the last without a gap; the count, min, max and mean
of the summary are the samples' own; the histogram holds each in its 1 µs bucket; and rtla
osnoise top's totals kept in the run file add up the same periods: Period the count, Noise the
sum, Max Noise the largest, Max Single at most Max Noise, % CPU Aval computed by rtla's rule
from Runtime and Noise; and the summary's osnoise figures are these: max_single_us Max Single,
cpu_available_pct rtla's rule over Runtime and the samples' sum, noise_hw … noise_thread the
counts. Prints one line per CPU, exits 1 naming what differs.
"""
import collections
import csv
import json
import sys


def available(runtime, noise):
    """rtla's % CPU Aval: whole 100000ths of a per cent, in integers."""
    if runtime == 0:
        return None
    return max(runtime - noise, 0) * 10000000 // runtime / 100000


def main(run_path, summary_path, series_path, histogram_path, limit_us):
    saved = {s['name']: s for s in json.load(open(run_path))['series']}
    run = json.load(open(summary_path))['runs'][0]
    samples = collections.defaultdict(dict)
    with open(series_path, newline='') as f:
        for row in csv.DictReader(f):
            value = float(row['min_us'])
            if row['samples'] != '1' or float(row['max_us']) != value:
                sys.exit(f"{row['series']} {row['index']}: a block of {row['samples']} samples")
            samples[row['series']][int(row['index'])] = value
    with open(histogram_path, newline='') as f:
        rows = list(csv.reader(f))
    limit_us = int(limit_us)

    failed = []
    for s in run['series']:
        name = s['name']
        got = samples.get(name, {})
        values = [got[i] for i in sorted(got)]
        n = len(values)
        if sorted(got) != list(range(n)):
            failed.append(f'{name}: the periods are not numbered 0-{n - 1}')
        for key, value in (('count', n), ('min_us', min(values, default=None)),
                           ('max_us', max(values, default=None))):
            if s[key] != value:
                failed.append(f'{name}: {key} {s[key]}, its samples say {value}')
        mean = sum(values) / n if n else None
        if n and abs(s['avg_us'] - mean) > max(1e-9, 1e-9 * mean):
            failed.append(f"{name}: avg_us {s['avg_us']}, its samples say {mean}")
        if any(v != int(v) for v in values):
            failed.append(f'{name}: a sample is not a whole µs')
        buckets = collections.Counter(int(v) for v in values if v < limit_us)
        overflows = sum(1 for v in values if v >= limit_us)
        column = [i for i, title in enumerate(rows[0]) if title.endswith(' ' + name)][0]
        kept = {int(r[0]): int(r[column]) for r in rows[1:-1] if int(r[column])}
        if kept != dict(buckets) or int(rows[-1][column]) != overflows:
            failed.append(f'{name}: the histogram is not its samples in 1 µs buckets')
        t = saved[name].get('osnoise')
        if t is None:
            failed.append(f'{name}: no osnoise totals in the run file')
            continue
        want = {'periods': n, 'noise_us': int(sum(values)),
                'max_noise_us': int(max(values, default=0))}
        for key, value in want.items():
            if t[key] != value:
                failed.append(f'{name}: osnoise {key} {t[key]}, its samples say {value}')
        figures = {'max_single_us': t['max_single_us'],
                   'cpu_available_pct': available(t['runtime_us'], int(sum(values))),
                   'noise_hw': t['hw'], 'noise_nmi': t['nmi'], 'noise_irq': t['irq'],
                   'noise_softirq': t['softirq'], 'noise_thread': t['thread']}
        for key, value in figures.items():
            if s.get(key) != value:
                failed.append(f'{name}: summary {key} {s.get(key)}, its periods say {value}')
        if t['max_single_us'] > t['max_noise_us']:
            failed.append(f"{name}: max single {t['max_single_us']} above max noise")
        print(f"{name}: {n} periods, runtime {t['runtime_us']} noise {t['noise_us']} max noise "
              f"{t['max_noise_us']} max single {t['max_single_us']} % available "
              f"{available(t['runtime_us'], t['noise_us'])}, HW {t['hw']} NMI {t['nmi']} IRQ "
              f"{t['irq']} softirq {t['softirq']} thread {t['thread']}")
    for line in failed:
        print(line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == '__main__':
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
