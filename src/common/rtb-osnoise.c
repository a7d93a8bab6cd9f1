/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "rtb-cpu-list.h"
#include "rtb-osnoise.h"

typedef struct {
  const char *p;
  const char *end;
} Cursor;

static bool
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

/* Skips spaces and tabs; true when at least one was there. */
static bool
skip_blanks (Cursor *c)
{
  const char *start = c->p;

  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
    c->p++;
  return c->p > start;
}

/* A decimal below 2^53 (µs: 285 years), which sums of a run's periods never reach. */
static bool
parse_u64 (Cursor *c, uint64_t *out)
{
  uint64_t v = 0;
  const char *start = c->p;

  while (c->p < c->end && is_digit (*c->p))
    {
      if (v >= (UINT64_C (1) << 53) / 10)
        return false;
      v = v * 10 + (uint64_t) (*c->p++ - '0');
    }
  *out = v;
  return c->p > start;
}

static bool
skip_char (Cursor *c, char ch)
{
  if (c->p == c->end || *c->p != ch)
    return false;
  c->p++;
  return true;
}

/* "[CPU] FLAGS TIMESTAMP: " from `c`, at a '['; the time stamp's seconds and up to nine
 * decimals in ns. */
static bool
parse_prefix (Cursor *c, int *cpu, uint64_t *time_ns)
{
  uint64_t v, frac;
  const char *frac_start;
  long digits;

  if (!skip_char (c, '[') || !parse_u64 (c, &v) || v >= RTB_MAX_CPUS || !skip_char (c, ']') ||
      !skip_blanks (c))
    return false;
  *cpu = (int) v;
  /* The flags: irqs-off, need-resched… one word. */
  while (c->p < c->end && *c->p != ' ' && *c->p != '\t')
    c->p++;
  if (!skip_blanks (c) || !parse_u64 (c, &v) || !skip_char (c, '.'))
    return false;
  frac_start = c->p;
  if (!parse_u64 (c, &frac) || !skip_char (c, ':'))
    return false;
  digits = c->p - 1 - frac_start;
  if (digits > 9 || v > UINT64_MAX / 1000000000u - 1)
    return false;
  for (long d = digits; d < 9; d++)
    frac *= 10;
  *time_ns = v * 1000000000u + frac;
  return true;
}

bool
rtb_osnoise_parse_period (const char *line, size_t len, RtbOsnoisePeriod *out)
{
  const char *end = line + len;
  Cursor c = { line, end };
  uint64_t pct_int, pct_frac;

  if (len == 0 || line[0] == '#')
    return false;
  /* A task's name may hold anything: the first "[CPU] FLAGS TIME:" that parses. */
  for (;;)
    {
      while (c.p < end && *c.p != '[')
        c.p++;
      if (c.p == end)
        return false;
      Cursor at = c;
      if (parse_prefix (&at, &out->cpu, &out->time_ns))
        {
          c = at;
          break;
        }
      c.p++;
    }
  if (!skip_blanks (&c) || !parse_u64 (&c, &out->runtime_us) || !skip_blanks (&c) ||
      !parse_u64 (&c, &out->noise_us) || !skip_blanks (&c) || !parse_u64 (&c, &pct_int) ||
      !skip_char (&c, '.') || !parse_u64 (&c, &pct_frac) || !skip_blanks (&c) ||
      !parse_u64 (&c, &out->max_single_us))
    return false;
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    if (!skip_blanks (&c) || !parse_u64 (&c, &out->counts[s]))
      return false;
  skip_blanks (&c);
  return c.p == end;
}

void
rtb_osnoise_totals_add (RtbOsnoiseTotals *totals, const RtbOsnoisePeriod *period)
{
  RtbOsnoiseTotals one = {
    .periods = 1,
    .runtime_us = period->runtime_us,
    .noise_us = period->noise_us,
    .max_noise_us = period->noise_us,
    .max_single_us = period->max_single_us,
  };

  memcpy (one.counts, period->counts, sizeof one.counts);
  rtb_osnoise_totals_merge (totals, &one);
}

void
rtb_osnoise_totals_merge (RtbOsnoiseTotals *totals, const RtbOsnoiseTotals *other)
{
  if (other->periods == 0)
    return;
  totals->durations_known = totals->periods == 0 ? other->durations_known
                                                 : totals->durations_known & other->durations_known;
  totals->periods += other->periods;
  totals->runtime_us += other->runtime_us;
  totals->noise_us += other->noise_us;
  if (other->max_noise_us > totals->max_noise_us)
    totals->max_noise_us = other->max_noise_us;
  if (other->max_single_us > totals->max_single_us)
    totals->max_single_us = other->max_single_us;
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      totals->counts[s] += other->counts[s];
      totals->durations_ns[s] += other->durations_ns[s];
    }
}

static const struct {
  const char *key;
  const char *column;
  size_t offset;
} figures[RTB_OSNOISE_N_FIGURES] = {
#define AT(field) offsetof (RtbOsnoiseTotals, field)
  [RTB_OSNOISE_PERIODS] = { "periods", "Period", AT (periods) },
  [RTB_OSNOISE_RUNTIME] = { "runtime_us", "Runtime", AT (runtime_us) },
  [RTB_OSNOISE_NOISE] = { "noise_us", "Noise", AT (noise_us) },
  [RTB_OSNOISE_MAX_NOISE] = { "max_noise_us", "Max Noise", AT (max_noise_us) },
  [RTB_OSNOISE_MAX_SINGLE] = { "max_single_us", "Max Single", AT (max_single_us) },
  [RTB_OSNOISE_COUNT_HW] = { "hw", "HW", AT (counts[RTB_OSNOISE_HW]) },
  [RTB_OSNOISE_COUNT_NMI] = { "nmi", "NMI", AT (counts[RTB_OSNOISE_NMI]) },
  [RTB_OSNOISE_COUNT_IRQ] = { "irq", "IRQ", AT (counts[RTB_OSNOISE_IRQ]) },
  [RTB_OSNOISE_COUNT_SOFTIRQ] = { "softirq", "Softirq", AT (counts[RTB_OSNOISE_SOFTIRQ]) },
  [RTB_OSNOISE_COUNT_THREAD] = { "thread", "Thread", AT (counts[RTB_OSNOISE_THREAD]) },
#undef AT
};

const char *
rtb_osnoise_figure_key (RtbOsnoiseFigure figure)
{
  return figure < RTB_OSNOISE_N_FIGURES ? figures[figure].key : NULL;
}

const char *
rtb_osnoise_figure_column (RtbOsnoiseFigure figure)
{
  return figure < RTB_OSNOISE_N_FIGURES ? figures[figure].column : NULL;
}

const char *
rtb_osnoise_duration_key (RtbOsnoiseSource source)
{
  static const char *const keys[RTB_OSNOISE_N_SOURCES] = {
    "hw_ns", "nmi_ns", "irq_ns", "softirq_ns", "thread_ns",
  };

  return source < RTB_OSNOISE_N_SOURCES ? keys[source] : NULL;
}

uint64_t *
rtb_osnoise_figure_at (RtbOsnoiseTotals *totals, RtbOsnoiseFigure figure)
{
  return (uint64_t *) (void *) ((char *) totals + figures[figure].offset);
}

uint64_t
rtb_osnoise_figure (const RtbOsnoiseTotals *totals, RtbOsnoiseFigure figure)
{
  return *rtb_osnoise_figure_at ((RtbOsnoiseTotals *) totals, figure);
}

double
rtb_osnoise_available_pct (const RtbOsnoiseTotals *totals)
{
  uint64_t runtime = totals->runtime_us, available, scaled, rest;

  if (runtime == 0)
    return NAN;
  /* Noise above the runtime (a period cut short) leaves nothing available. */
  if (totals->noise_us >= runtime)
    return 0;
  /* rtla's: the whole 100000ths of a per cent, (runtime − noise) × 10⁷ / runtime in integers,
   * without the product overflowing. */
  available = runtime - totals->noise_us;
  rest = available % runtime;
  scaled = available / runtime * 10000000;
  if (rest <= UINT64_MAX / 10000000)
    scaled += rest * 10000000 / runtime;
  else
    scaled += (uint64_t) ((long double) rest * 10000000 / runtime);
  return (double) scaled / 100000;
}
