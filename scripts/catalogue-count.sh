#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The maintainers' count: how many files of src/ name a command key, a figure or a method (its
# name or its id, as `grep -rlw` finds them), against the budget HACKING.md gives each. Prints
# one line per item (TAP with --tap) and fails when an item names more files than its budget.
#   scripts/catalogue-count.sh [--tap] [--list]     --list: also the files of each item
set -euo pipefail
cd "$(dirname "$0")/.."

tap=0 list=0
for arg in "$@"; do
  case "$arg" in
    --tap) tap=1 ;;
    --list) list=1 ;;
    *) echo "catalogue-count.sh: unknown option $arg: use --tap or --list" >&2; exit 2 ;;
  esac
done

# kind|item|the words that name it|budget|what holds it above the issue's budget (key 3:
# table row, struct field, worker code; figure 2: id and row, field; method 6)
items=(
  "key|spin_us|spin_us RTB_KEY_SPIN_US|4|its row of the client's key words (window row, compare notice, label words) and the timer study's presets there"
  "key|servo_us|servo_us RTB_KEY_SERVO_US|4|its row of the client's key words (window row, compare notice, label words) and LinuxCNC's preset there"
  "key|gap_us|gap_us RTB_KEY_GAP_US|4|its row of the client's key words (window row, compare notice) and the response presets there"
  # keys of words, by their values' names (the words themselves are everyday ones)
  "key|durations|key_durations RTB_OSNOISE_DURATIONS_YES RTB_OSNOISE_DURATIONS_NO|5|the worker's three places that differ without the events: which events it enables, how often its readers read, whether the durations are known"
  "key|mode|RTB_KEY_HWLAT_MODE RTB_HWLAT_MODE_ROUND_ROBIN RTB_HWLAT_MODE_PER_CPU|6|its id (rtb-command-keys.h), which the worker names to write its word to hwlat_detector/mode, and the count of windows, every CPU's in each with per-cpu (rtb-hwlat.c) and so said by the summary (rtb-cli-table.c)"
  "key|timer_slack_ns|timer_slack_ns RTB_KEY_TIMER_SLACK_NS|14|a field every method shares (command, wire, variant check, threads, the run file's command) and the name of the slack the threads really got (STARTED, worker, run model, run files, system panel)"
  "figure|p90|RTB_FIGURE_P90 p90_us|2|"
  "figure|p99.99|RTB_FIGURE_P9999 p9999_us|2|"
  "figure|p99.9|RTB_FIGURE_P999 p999_us|4|the answer's headline figure (rtb-headline.c) and the CSV's columns in export --help"
  "figure|skipped|RTB_FIGURE_SKIPPED|2|"
  # osnoise's seven, by their ids (their fields are also rtla's totals' words)
  "figure|osnoise's|RTB_FIGURE_MAX_SINGLE RTB_FIGURE_CPU_AVAILABLE RTB_FIGURE_NOISE_HW RTB_FIGURE_NOISE_NMI RTB_FIGURE_NOISE_IRQ RTB_FIGURE_NOISE_SOFTIRQ RTB_FIGURE_NOISE_THREAD|2|"
  # and its durations by source, which the sources' tables find by their row (by_source)
  "figure|osnoise's durations|RTB_FIGURE_NOISE_HW_US RTB_FIGURE_NOISE_NMI_US RTB_FIGURE_NOISE_IRQ_US RTB_FIGURE_NOISE_SOFTIRQ_US RTB_FIGURE_NOISE_THREAD_US noise_hw_us noise_thread_us|2|"
  # (its field, skipped, is also the run's and the worker's word for skipped periods: its id
  # alone says where the figure is named)
  # hwlat's four counts, by their ids (their fields are also the totals' words in rtb-hwlat.c)
  "figure|hwlat's|RTB_FIGURE_HWLAT_GAPS RTB_FIGURE_HWLAT_NMI_WINDOWS RTB_FIGURE_HWLAT_NMI_COUNT RTB_FIGURE_HWLAT_NMI_US|2|"
  "method|jitter|RTB_METHOD_JITTER|5|"
)

n=0 failed=0
for entry in "${items[@]}"; do
  IFS='|' read -r kind item words budget why <<<"$entry"
  pattern=$(tr ' ' '|' <<<"$words")
  mapfile -t files < <(grep -rlwE -- "$pattern" src | sort)
  count=${#files[@]}
  n=$((n + 1))
  line="$kind $item: $count files of src/ (budget $budget${why:+: $why})"
  if (( count > budget )); then
    failed=$((failed + 1))
    if (( tap )); then echo "not ok $n - $line"; else echo "OVER $line"; fi
  elif (( tap )); then
    echo "ok $n - $line"
  else
    echo "ok   $line"
  fi
  if (( list || count > budget )); then
    printf '#   %s\n' "${files[@]}"
  fi
done
(( tap )) && echo "1..$n"
exit $(( failed > 0 ))
