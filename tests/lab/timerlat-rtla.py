#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The rounds of tests/lab/timerlat-rtla.sh: rtbench against rtla timerlat hist.

    timerlat-rtla.py OUTDIR ROUNDS

For each round and series (CPUn IRQ, CPUn thread): the samples of each, p50, p99 and max of
each by the same rule (nearest rank over whole µs: rtla's buckets, rtbench's samples from
`export --csv-series`, each truncated as rtla truncates), and rtbench/rtla. Then, per run, what
the board spent while it measured (between its two snapshots), per second: each CPU's
interrupts by kind, and per process and task its CPU time, its voluntary switches (wake-ups)
and its time waiting for a CPU.
"""
import csv
import math
import os
import sys

SERIES = ['CPU0 IRQ', 'CPU0 thread', 'CPU1 IRQ', 'CPU1 thread']
RTLA_COLUMNS = {'IRQ-000': 'CPU0 IRQ', 'Thr-000': 'CPU0 thread', 'IRQ-001': 'CPU1 IRQ',
                'Thr-001': 'CPU1 thread'}


def rtla_histograms(path):
    """{series: {µs: count}} and the over: counts of rtla timerlat hist's text."""
    hist = {s: {} for s in SERIES}
    over = {}
    columns = None
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith('#'):
                continue
            if words[0] == 'Index':
                columns = [RTLA_COLUMNS[w] for w in words[1:]]
            elif words[0] == 'over:':
                over = dict(zip(columns, map(int, words[1:])))
            elif words[0].isdigit() and columns:
                for name, n in zip(columns, map(int, words[1:])):
                    if n:
                        hist[name][int(words[0])] = n
    return hist, over


def rtbench_histograms(path):
    """{series: {µs: count}} from rtbench's --csv-series; exact only with a block per sample."""
    hist = {s: {} for s in SERIES}
    with open(path, newline='') as f:
        for row in csv.DictReader(f):
            if row['samples'] != '1':
                sys.exit(f'{path}: {row["series"]} has blocks of {row["samples"]} samples: '
                         'the run is too long for exact percentiles')
            us = int(float(row['min_us']))
            h = hist.setdefault(row['series'], {})
            h[us] = h.get(us, 0) + 1
    return hist


def percentile(hist, over, p):
    """Nearest rank over the buckets; None when the rank falls past them."""
    n = sum(hist.values()) + over
    if n == 0:
        return None
    rank, seen = math.ceil(p * n), 0
    for us in sorted(hist):
        seen += hist[us]
        if seen >= rank:
            return us
    return None


def figures(hist, over):
    n = sum(hist.values()) + over
    return n, percentile(hist, over, 0.5), percentile(hist, over, 0.99), \
        max(hist) if hist and not over else None


def ratio(a, b):
    return f'{a / b:.2f}' if a is not None and b else '-'


def parse(lines, irqs, tasks):
    """Each CPU's interrupts by name, and {(pid, tid): task} of a snapshot's lines."""
    ncpu = 0
    for line in lines:
        words = line.split()
        if not words:
            continue
        if words[0] == 'CPU0':
            ncpu = len(words)
        elif line.count('/') >= 3 and ':' in line and line[0].isdigit():
            path, _, text = line.partition(':')
            pid, _, tid, what = path.split('/')[:4]
            t = tasks.setdefault((pid, tid), {'name': '?', 'cpu': '?', 'vol': 0,
                                              'run_ns': 0, 'wait_ns': 0})
            if what == 'stat':
                fields = text[text.rindex(') ') + 2:].split()
                t['cpu'] = f'CPU{fields[36]}'
            elif what == 'schedstat':
                t['run_ns'], t['wait_ns'] = map(int, text.split()[:2])
            elif what == 'comm':
                t['name'] = text.strip().replace(' ', '_')
            elif what == 'status' and text.startswith('voluntary_ctxt_switches'):
                t['vol'] = int(text.split()[1])
        elif words[0] == 'HOST' and len(words) >= 7:
            pid, tid, vol, run_ns, wait_ns = words[1:6]
            tasks[('host ' + pid, tid)] = {'name': '_'.join(words[6:]), 'cpu': 'host',
                                           'vol': int(vol), 'run_ns': int(run_ns),
                                           'wait_ns': int(wait_ns)}
        elif words[0].endswith(':') and len(words) > ncpu:
            name = words[0][:-1] + ' ' + ' '.join(words[1 + ncpu:])
            irqs[name.strip()] = [int(x) for x in words[1:1 + ncpu]]


def snapshots(base):
    """[(seconds, irqs, tasks)] of the board's two looks and the host's two."""
    try:
        with open(base + '.board') as f:
            text = f.read()
        board = [part.splitlines() for part in text.split('SNAP ')[1:]]
        host = [open(f'{base}.host{n}').read().splitlines() for n in (0, 1)]
        host_t = [float(open(f'{base}.t{n}').read()) for n in (0, 1)]
    except OSError:
        return None
    if len(board) != 2:
        return None
    looks = []
    for n in (0, 1):
        irqs, tasks = {}, {}
        parse(board[n][1:], irqs, tasks)
        parse(host[n], {}, tasks)
        looks.append((float(board[n][0]), host_t[n], irqs, tasks))
    return looks


def footprint(base):
    """Lines saying what the board and the host spent per second between the two looks."""
    looks = snapshots(base)
    if looks is None:
        return ['  (no snapshots)']
    (b0, h0, irq0, task0), (b1, h1, irq1, task1) = looks
    board_s, host_s = b1 - b0, h1 - h0
    lines = [f'  between the looks: {board_s:.2f} s on the board, {host_s:.2f} s on the host']
    for name in irq1:
        if name in irq0:
            per = [(b - a) / board_s for a, b in zip(irq0[name], irq1[name])]
            if any(x >= 1 for x in per):
                lines.append(f'  irq {name[:40]:40} ' + ' '.join(f'CPU{i} {x:8.1f}/s'
                                                               for i, x in enumerate(per)))
    procs = {}
    for key, t in task1.items():
        before = task0.get(key)
        if before is None:
            continue
        seconds = host_s if t['cpu'] == 'host' else board_s
        run_ms = (t['run_ns'] - before['run_ns']) / 1e6 / seconds
        wakes = (t['vol'] - before['vol']) / seconds
        wait_ms = (t['wait_ns'] - before['wait_ns']) / 1e6 / seconds
        p = procs.setdefault(key[0], [0.0, 0.0, t['name']])
        p[0] += run_ms
        p[1] += wakes
        if run_ms >= 0.05 or wakes >= 1:
            lines.append(f'  task {key[0]}/{key[1]} {t["name"][:16]:16} on {t["cpu"]}: '
                         f'{run_ms:7.2f} ms/s on CPU, {wakes:7.1f} wake-ups/s, '
                         f'{wait_ms:6.2f} ms/s waiting')
    for pid, (run_ms, wakes, name) in procs.items():
        lines.append(f'  process {pid} ({name}): {run_ms:.2f} ms/s on CPU, {wakes:.1f} wake-ups/s')
    return lines


def main(out, rounds):
    print('round series        samples rtbench/rtla   p50 rtbench/rtla     '
          'p99 rtbench/rtla       max rtbench/rtla   ratios p50 p99 max')
    ratios = {'p50': [], 'p99': [], 'max': []}
    for r in range(1, int(rounds) + 1):
        try:
            la, lover = rtla_histograms(f'{out}/rtla-{r}.txt')
            ba = rtbench_histograms(f'{out}/rtbench-{r}.csv')
        except (OSError, KeyError) as e:
            print(f'{r}: not complete ({e})')
            continue
        for s in SERIES:
            bn, b50, b99, bmax = figures(ba.get(s, {}), 0)
            ln, l50, l99, lmax = figures(la[s], lover.get(s, 0))
            r50, r99, rmax = ratio(b50, l50), ratio(b99, l99), ratio(bmax, lmax)
            for k, v in (('p50', r50), ('p99', r99), ('max', rmax)):
                if v != '-':
                    ratios[k].append(float(v))
            print(f'{r:5} {s:12} {bn:6} / {ln:6} {b50!s:>7} / {l50!s:7} {b99!s:>7} / {l99!s:7} '
                  f'{bmax!s:>7} / {lmax!s:7}   {r50} {r99} {rmax}')
    for k, v in ratios.items():
        if v:
            above = sum(1 for x in v if x > 1)
            print(f'{k}: {min(v):.2f}-{max(v):.2f}, median {sorted(v)[len(v) // 2]:.2f}, '
                  f'rtbench higher in {above} of {len(v)}')
    for r in range(1, int(rounds) + 1):
        for name in ('rtla', 'rtbench'):
            print(f'footprint, round {r}, {name}:')
            for line in footprint(f'{out}/{name}-{r}'):
                print(line)


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
