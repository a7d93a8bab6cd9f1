#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A saved run of a kernel tracer's method held against its own samples.

    tracer-truth.py timerlat|osnoise|hwlat RUN.rtbench SUMMARY.json SERIES.csv HISTOGRAM.csv \\
                    HISTOGRAM_US [THRESHOLD_US|KERNEL_TRACE]

RUN.rtbench is the run file, SUMMARY.json its `rtbench-cli summary --json`, SERIES.csv and
HISTOGRAM.csv its `export --csv-series` and `--csv-histogram` (the history exact: one sample per
block), HISTOGRAM_US the run's --histogram-us, THRESHOLD_US hwlat's --threshold-us,
KERNEL_TRACE the text trace (`trace`) of another osnoise instance, its osnoise events on, that
ran while the run did.

For every series: each sample is a whole µs (the tracers' own unit, or rtla's truncation); the
count, min, max and mean of the summary are the samples' own; the histogram holds each sample in
its 1 µs bucket, those of HISTOGRAM_US µs or more as overflows; the samples' numbers increase.
Then what each method adds:

- timerlat: the periods, numbered on the tracer's grid from the run's first (0), up to the
  series' last are its samples, the periods the tracer skipped and the samples whose events were
  lost (dropped); each period's thread latency is at least its IRQ latency, both from the same
  deadline;
- osnoise: the periods are numbered 0 to the last without a gap, and rtla osnoise top's totals
  kept in the run file add up the same periods: Period the count, Noise the sum, Max Noise the
  largest, Max Single at most Max Noise; and the summary's osnoise figures are these:
  max_single_us Max Single, cpu_available_pct rtla's rule over Runtime and the samples' sum,
  noise_hw … noise_thread the counts; with KERNEL_TRACE, each CPU's periods are found in the
  kernel's own trace (the same noises in a row, the same counts), and each source's duration in
  the run file and the summary (noise_hw_us … noise_thread_us) is the sum of that source's
  events before each of those periods' lines (HW: sample_threshold without interference), or
  unknown when the events are fewer or more than the period lines count, and always in a run
  of durations=no;
- hwlat: each CPU's three series ("CPUn", "CPUn inner", "CPUn outer") hold the same windows, the
  first the larger of the other two in each; every sample is above the threshold (the tracer
  records no other window), as its inner or its outer gap; the gaps above the threshold kept in
  the run file are at least one per sample; the windows' numbers stay below the run's windows;
  the summary's gaps, nmi_windows, nmi_count and nmi_us of "CPUn" are the run file's totals
  (null where unknown), null on its inner and outer series.

Prints one line per series (" samples, ") and one per CPU of the method's totals, exits 1 naming
what differs.
"""
import collections
import csv
import json
import re
import sys

# osnoise's sources in the run file's order, and the kernel's event of each.
SOURCES = ['hw', 'nmi', 'irq', 'softirq', 'thread']
EVENTS = ['sample_threshold', 'nmi_noise', 'irq_noise', 'softirq_noise', 'thread_noise']


def close(got, want):
    """A mean summed in another order: 1e-9 relative, or 1e-9 µs."""
    return abs(got - want) <= max(1e-9, 1e-9 * abs(want))


def available(runtime, noise):
    """rtla's % CPU Aval: whole 100000ths of a per cent, in integers."""
    if runtime == 0:
        return None
    return max(runtime - noise, 0) * 10000000 // runtime / 100000


def check_series(s, got, order, rows, limit_us, failed):
    """The figures every method's series share; returns its values in the order of their
    numbers."""
    name = s['name']
    values = [got[i] for i in sorted(got)]
    n = len(values)
    want = {'count': n, 'min_us': min(values, default=None), 'max_us': max(values, default=None)}
    for key, value in want.items():
        if s[key] != value:
            failed.append(f'{name}: {key} {s[key]}, its samples say {value}')
    mean = sum(values) / n if n else None
    if (mean is None) != (s['avg_us'] is None) or (mean is not None and
                                                  not close(s['avg_us'], mean)):
        failed.append(f"{name}: avg_us {s['avg_us']}, its samples say {mean}")
    if any(v != int(v) for v in values):
        failed.append(f'{name}: a sample is not a whole µs')
    if order != sorted(set(order)):
        failed.append(f'{name}: the sample numbers do not increase')
    buckets = collections.Counter(int(v) for v in values if v < limit_us)
    overflows = sum(1 for v in values if v >= limit_us)
    column = [i for i, title in enumerate(rows[0]) if title.endswith(' ' + name)][0]
    kept = {int(r[0]): int(r[column]) for r in rows[1:-1] if int(r[column])}
    if kept != dict(buckets) or int(rows[-1][column]) != overflows or \
            s['overflows'] != overflows:
        failed.append(f'{name}: the histogram is not its samples in 1 µs buckets')
    print(f"{name}: {n} samples, {s['skipped']} skipped, {s['dropped']} dropped, "
          f"min {want['min_us']} max {want['max_us']} avg {mean}, {overflows} overflows")
    return values


def check_timerlat(run, samples, saved, summary, failed, extra):
    for s in summary['series']:
        got = samples.get(s['name'], {})
        if got and max(got) + 1 != len(got) + s['skipped'] + s['dropped']:
            failed.append(f"{s['name']}: periods 0-{max(got)} are not its {len(got)} samples, "
                          f"{s['skipped']} skipped and {s['dropped']} dropped")
    for cpu in sorted({s['cpu'] for s in summary['series']}):
        irq, thread = samples.get(f'CPU{cpu} IRQ', {}), samples.get(f'CPU{cpu} thread', {})
        early = [a for a in irq.keys() & thread.keys() if thread[a] < irq[a]]
        if early:
            failed.append(f'CPU{cpu}: activation {early[0]}: thread latency {thread[early[0]]} '
                          f'below its IRQ latency {irq[early[0]]}')


def kernel_periods(path):
    """Each CPU's periods in the kernel's text trace, in order: the line's noise and counts, and
    the events before it since the CPU's previous period (ns and how many, by source)."""
    periods = collections.defaultdict(list)
    fresh = lambda: {'ns': [0] * len(SOURCES), 'events': [0] * len(SOURCES)}
    pending = collections.defaultdict(fresh)
    for line in open(path):
        m = re.match(r'\s*.+?-\d+\s+\[(\d+)\]\s+\S+\s+[\d.]+:\s+(.*)$', line)
        if line.startswith('#') or not m:
            continue
        cpu, rest = int(m.group(1)), m.group(2)
        e = re.match(r'(\w+): .*duration (\d+) ns(?: interference (\d+))?$', rest)
        if e and e.group(1) in EVENTS:
            if e.group(1) == 'sample_threshold' and int(e.group(3)) != 0:
                continue
            source = EVENTS.index(e.group(1))
            pending[cpu]['ns'][source] += int(e.group(2))
            pending[cpu]['events'][source] += 1
            continue
        f = rest.split()
        if len(f) == 9 and all(re.fullmatch(r'[\d.]+', x) for x in f):
            periods[cpu].append(dict(pending[cpu], noise=int(f[1]),
                                     counts=[int(x) for x in f[4:9]]))
            pending[cpu] = fresh()
    return periods


def check_durations(name, values, t, s, kernel, counts_only, failed):
    """A CPU's durations by source against the kernel's events of the same periods; none known
    in a run of durations=no (`counts_only`), which traced no event."""
    n = len(values)
    at = [i for i in range(len(kernel) - n + 1)
          if [p['noise'] for p in kernel[i:i + n]] == [int(v) for v in values]]
    if n == 0 or len(at) != 1:
        failed.append(f'{name}: its {n} periods are {len(at)} times in the kernel\'s trace')
        return
    same = kernel[at[0]:at[0] + n]
    words = []
    for k, source in enumerate(SOURCES):
        ns, events = sum(p['ns'][k] for p in same), sum(p['events'][k] for p in same)
        count = sum(p['counts'][k] for p in same)
        want = ns if events == count and not counts_only else None
        if count != t[source]:
            failed.append(f'{name}: {source} count {t[source]}, the kernel\'s periods {count}')
        if t.get(source + '_ns') != want:
            failed.append(f"{name}: {source}_ns {t.get(source + '_ns')}, the kernel's "
                          f'{events} events of {count} noises: {want}')
        figure = None if want is None else want / 1000
        if s.get(f'noise_{source}_us') != figure and not (
                figure is not None and s.get(f'noise_{source}_us') is not None and
                close(s[f'noise_{source}_us'], figure)):
            failed.append(f"{name}: summary noise_{source}_us {s.get(f'noise_{source}_us')}, "
                          f'the kernel\'s events {figure}')
        words.append(f'{source} {events}/{count} events {"-" if want is None else want} ns')
    print(f'{name}: durations of periods {at[0]}-{at[0] + n - 1} of the kernel\'s trace: '
          + ', '.join(words))


def check_osnoise(run, samples, saved, summary, failed, kernel_trace):
    kernel = kernel_periods(kernel_trace) if kernel_trace else None
    counts_only = ' durations=no' in (run['command'].get('line') or '')
    for s in summary['series']:
        name = s['name']
        got = samples.get(name, {})
        values = [got[i] for i in sorted(got)]
        n = len(values)
        if sorted(got) != list(range(n)):
            failed.append(f'{name}: the periods are not numbered 0-{n - 1}')
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
        if kernel is not None:
            check_durations(name, values, t, s, kernel.get(s['cpu'], []), counts_only, failed)
        print(f"{name}: {n} periods, runtime {t['runtime_us']} noise {t['noise_us']} max noise "
              f"{t['max_noise_us']} max single {t['max_single_us']} % available "
              f"{available(t['runtime_us'], t['noise_us'])}, HW {t['hw']} NMI {t['nmi']} IRQ "
              f"{t['irq']} softirq {t['softirq']} thread {t['thread']}")


HWLAT_FIGURES = ('gaps', 'nmi_windows', 'nmi_count', 'nmi_us')


def check_hwlat(run, samples, saved, summary, failed, extra):
    threshold = int(extra or 0)
    command = run['command']
    # The run's windows by its duration (a window lasts a little longer than window_us).
    windows = int(summary['duration_s'] * 1e6) // command['interval_us'] \
        if summary.get('duration_s') is not None else None
    for cpu in sorted({s['cpu'] for s in summary['series']}):
        name = f'CPU{cpu}'
        latency = samples.get(name, {})
        inner, outer = samples.get(f'{name} inner', {}), samples.get(f'{name} outer', {})
        if not latency.keys() == inner.keys() == outer.keys():
            failed.append(f'{name}: its latency, inner and outer series hold other windows')
            continue
        for w in sorted(latency):
            if latency[w] != max(inner[w], outer[w]):
                failed.append(f'{name}: window {w}: latency {latency[w]} is not the larger of '
                              f'inner {inner[w]} and outer {outer[w]}')
            if latency[w] <= threshold:
                failed.append(f'{name}: window {w}: latency {latency[w]} is not above the '
                              f'threshold {threshold}')
        if windows is not None and latency and max(latency) >= windows + 1:
            failed.append(f'{name}: window {max(latency)} past the run\'s {windows} windows')
        t = saved[name].get('hwlat')
        if t is None:
            failed.append(f'{name}: no hwlat totals in the run file')
            continue
        if t['gaps'] is not None and t['gaps'] < len(latency):
            failed.append(f"{name}: {t['gaps']} gaps above the threshold in {len(latency)} "
                          f"samples, each of which has one at least")
        if t['nmi_windows'] is not None and (t['nmi_windows'] > len(latency) or
                                             t['nmi_windows'] > t['nmi_count']):
            failed.append(f"{name}: {t['nmi_windows']} windows with NMIs, {t['nmi_count']} "
                          f"NMIs, {len(latency)} samples")
        # The summary's figures are the CPU's totals, on its latency series alone.
        for s in summary['series']:
            for key in HWLAT_FIGURES:
                want = t[key] if s['name'] == name else None
                if s['cpu'] == cpu and s.get(key, 'absent') != want:
                    failed.append(f"{s['name']}: summary {key} {s.get(key, 'absent')}, the run "
                                  f"file's totals say {want}")
        print(f"{name}: {len(latency)} windows above {threshold} µs, {t['gaps']} gaps above it, "
              f"NMIs in {t['nmi_windows']} windows: {t['nmi_count']}, {t['nmi_us']} µs"
              f"{'' if windows is None else f'; {windows} windows in the run'}")


CHECKS = {'timerlat': check_timerlat, 'osnoise': check_osnoise, 'hwlat': check_hwlat}


def main(method, run_path, summary_path, series_path, histogram_path, limit_us, extra=None):
    run = json.load(open(run_path))
    saved = {s['name']: s for s in run['series']}
    summary = json.load(open(summary_path))['runs'][0]
    samples = collections.defaultdict(dict)  # series → sample number → µs
    order = collections.defaultdict(list)  # series → its numbers as the file lists them
    with open(series_path, newline='') as f:
        for row in csv.DictReader(f):
            value = float(row['min_us'])
            if row['samples'] != '1' or float(row['max_us']) != value:
                sys.exit(f"{row['series']} {row['index']}: a block of {row['samples']} samples,"
                         " the history is not exact")
            samples[row['series']][int(row['index'])] = value
            order[row['series']].append(int(row['index']))
    with open(histogram_path, newline='') as f:
        rows = list(csv.reader(f))

    failed = []
    for s in summary['series']:
        check_series(s, samples.get(s['name'], {}), order[s['name']], rows, int(limit_us),
                     failed)
    CHECKS[method](run, samples, saved, summary, failed, extra)
    for line in failed:
        print(line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == '__main__':
    if len(sys.argv) not in (7, 8) or sys.argv[1] not in CHECKS:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
