/* SPDX-License-Identifier: GPL-3.0-or-later */
/* osnoise's binary entries summed by source (rtb-osnoise-events.h) against the kernel's own text
 * of the same buffer. The fixtures come from the lab's board-rt (Debian's 6.1 PREEMPT_RT arm64
 * kernel): the osnoise tracer ran for a second, 50 ms of every 100 ms, its osnoise events on, in
 * an instance of 16 KiB per CPU, its clock mono, so that it overwrote its oldest entries; with
 * tracing then off, its `trace` file (text, not consumed), each CPU's stats and each CPU's
 * trace_pipe_raw (binary, consumed) were saved, and the entries' format files
 * (tests/data/trace-page/osnoise-*). */
#include "config.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-osnoise-events.h"
#include "trace-fixture.h"
#include "trace-page-walk.h"

static const char *const events[RTB_OSNOISE_N_SOURCES] = {
  "sample_threshold", "nmi_noise", "irq_noise", "softirq_noise", "thread_noise",
};

typedef struct {
  RtbOsnoisePeriod period;
  RtbOsnoiseNoises noises;
} Period;

typedef struct {
  RtbOsnoiseFormats formats;
  RtbOsnoiseNoises noises;
  GArray *periods;
} Walk;

static void
take (const RtbTraceEvent *event, void *user)
{
  Walk *w = user;
  Period p = { 0 };

  if (rtb_osnoise_entry_take (&w->formats, event, &w->noises, &p.period) !=
      RTB_OSNOISE_ENTRY_PERIOD)
    return;
  p.noises = w->noises;
  memset (&w->noises, 0, sizeof w->noises);
  g_array_append_val (w->periods, p);
}

static void
read_formats (RtbOsnoiseFormats *f)
{
  static const char *const period[8] = {
    "noise", "runtime", "max_sample", "hw_count", "nmi_count", "irq_count", "softirq_count",
    "thread_count",
  };
  g_autofree char *text = trace_fixture ("osnoise-format.txt", NULL);

  g_assert_true (rtb_trace_format_id (text, &f->period_id));
  for (guint i = 0; i < 8; i++)
    g_assert_true (rtb_trace_format_field (text, period[i], &f->period[i]));
  for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      g_autofree char *name = g_strdup_printf ("osnoise-%s-format.txt", events[s]);
      g_autofree char *format = trace_fixture (name, NULL);

      g_assert_true (rtb_trace_format_id (format, &f->noise_id[s]));
      g_assert_true (rtb_trace_format_field (format, "duration", &f->duration[s]));
      if (s == RTB_OSNOISE_HW)
        g_assert_true (rtb_trace_format_field (format, "interference", &f->interference));
    }
}

/* The CPU's periods of the kernel's text: each period line and the events before it since the
 * CPU's previous one, "irq_noise: arch_timer:11 start … duration 153456 ns". */
static GArray *
text_periods (const char *text, int cpu)
{
  g_autofree char *tag = g_strdup_printf ("[%03d]", cpu);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GArray *periods = g_array_new (FALSE, TRUE, sizeof (Period));
  RtbOsnoiseNoises noises = { 0 };

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *at = strstr (lines[i], tag), *rest;
      const char *duration;
      g_auto (GStrv) f = NULL;
      Period p = { 0 };

      if (lines[i][0] == '#' || at == NULL || (rest = strstr (at, ": ")) == NULL)
        continue;
      rest += 2;
      duration = strstr (rest, " duration ");
      for (int s = 0; s < RTB_OSNOISE_N_SOURCES && duration != NULL; s++)
        if (g_str_has_prefix (rest, events[s]) && rest[strlen (events[s])] == ':')
          {
            const char *interference = strstr (duration, " interference ");

            if (s == RTB_OSNOISE_HW && g_ascii_strtoull (interference + 14, NULL, 10) != 0)
              break;
            noises.durations_ns[s] += g_ascii_strtoull (duration + 10, NULL, 10);
            noises.events[s]++;
            break;
          }
      if (duration != NULL)
        continue;
      f = g_strsplit_set (rest, " \t", -1);
      /* runtime noise %avail max-single HW NMI IRQ softirq thread, blanks between */
      {
        guint64 v[9];
        guint n = 0;

        for (guint k = 0; f[k] != NULL && n < 9; k++)
          if (f[k][0] != '\0')
            v[n++] = g_ascii_strtoull (f[k], NULL, 10);
        g_assert_cmpuint (n, ==, 9);
        p.period.runtime_us = v[0];
        p.period.noise_us = v[1];
        p.period.max_single_us = v[3];
        for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
          p.period.counts[s] = v[4 + s];
      }
      p.noises = noises;
      memset (&noises, 0, sizeof noises);
      g_array_append_val (periods, p);
    }
  return periods;
}

/* Every period of the binary pages is the text's, with each source's events summed to the ns;
 * after the first (whose earlier events the full buffer overwrote) each source's events are as
 * many as its count, and its hardware gaps stay within its noise; the events lost before the
 * first page are the stats' overrun. */
static void
test_real_pages (void)
{
  g_autofree char *text = trace_fixture ("osnoise-trace.txt", NULL);
  Walk w = { 0 };

  read_formats (&w.formats);
  for (int cpu = 0; cpu < 2; cpu++)
    {
      g_autoptr (GArray) want = text_periods (text, cpu);

      memset (&w.noises, 0, sizeof w.noises);
      w.periods = g_array_new (FALSE, TRUE, sizeof (Period));
      trace_page_walk_fixture ("osnoise", cpu, take, &w);
      g_assert_cmpuint (w.periods->len, ==, want->len);
      g_assert_cmpuint (want->len, >=, 2);
      for (guint i = 0; i < want->len; i++)
        {
          Period *a = &g_array_index (w.periods, Period, i);
          Period *b = &g_array_index (want, Period, i);

          g_assert_cmpuint (a->period.noise_us, ==, b->period.noise_us);
          g_assert_cmpuint (a->period.runtime_us, ==, b->period.runtime_us);
          g_assert_cmpuint (a->period.max_single_us, ==, b->period.max_single_us);
          for (int s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
            {
              g_assert_cmpuint (a->period.counts[s], ==, b->period.counts[s]);
              g_assert_cmpuint (a->noises.durations_ns[s], ==, b->noises.durations_ns[s]);
              g_assert_cmpuint (a->noises.events[s], ==, b->noises.events[s]);
              if (i > 0)
                g_assert_cmpuint (a->noises.events[s], ==, a->period.counts[s]);
            }
          if (i > 0)
            g_assert_cmpuint (a->noises.durations_ns[RTB_OSNOISE_HW] / 1000, <=,
                              a->period.noise_us);
        }
      g_array_unref (w.periods);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/osnoise-events/real-pages", test_real_pages);
  return g_test_run ();
}
