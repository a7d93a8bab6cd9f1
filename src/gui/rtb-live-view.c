/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "rtb-chart.h"
#include "rtb-headline.h"
#include "rtb-methods.h"
#include "rtb-inscription.h"
#include "rtb-live-view.h"
#include "rtb-on-screen-box.h"
#include "rtb-plot-run.h"
#include "rtb-system-panel.h"
#include "rtb-causes-panel.h"

#define MAX_FIGURES 5
#define MAX_LOG_LINES 200

struct _RtbLiveView
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkLabel *title_label;
  GtkLabel *command_label;
  GtkLabel *state_label;
  GtkLabel *source_label;
  GtkProgressBar *progress_bar;
  GtkInscription *time_text;
  GtkFlowBox *figures_box;
  GtkWidget *no_samples_box;
  GtkLabel *no_samples_label;
  GtkBox *curves_box;
  GtkFrame *histogram_frame;
  GtkFrame *heatmap_frame;
  RtbStatsTable *stats_table;
  RtbCausesPanel *causes_panel;
  RtbSystemPanel *system_panel;
  GtkExpander *log_expander;
  GtkLabel *log_label;

  /* Owned references */
  RtbRun *run;
  GQueue log_lines;

  /* Borrowed references */
  GtkInscription *figure_values[MAX_FIGURES];
  GtkLabel *figure_captions[MAX_FIGURES];
  GPtrArray *charts;
  guint n_figures;
  int title_state;          /* the RtbRunState the title and command were last shown for */
  gboolean stale;           /* the run changed while the view was out of sight */
  guint n_updates;
};

G_DEFINE_FINAL_TYPE (RtbLiveView, rtb_live_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_RUN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
method_title (RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  return _((info != NULL ? info : rtb_method_info (RTB_METHOD_LATENCY))->title);
}

static char *
format_duration (guint64 ns)
{
  guint64 s = ns / G_GUINT64_CONSTANT (1000000000);

  if (s >= 3600)
    return g_strdup_printf ("%" G_GUINT64_FORMAT ":%02u:%02u", s / 3600,
                            (guint) (s / 60 % 60), (guint) (s % 60));
  return g_strdup_printf ("%u:%02u", (guint) (s / 60), (guint) (s % 60));
}

static char *
format_value (double us)
{
  if (isnan (us))
    return g_strdup ("—");
  if (fabs (us) >= 10000)
    return g_strdup_printf (_("%.2f ms"), us / 1000);
  return g_strdup_printf (_("%.1f µs"), us);
}

/* The timer's figures, to 0.001 µs as its reference gives them. */
static char *
format_precise (double us)
{
  if (isnan (us))
    return g_strdup ("—");
  return g_strdup_printf (_("%.3f µs"), us);
}

/* Each new fraction relayouts the window: a long run's bar moves by less than a pixel a second,
 * so only a move that shows is made (and the end, and a restart). */
static void
set_fraction (GtkProgressBar *bar,
              double          fraction)
{
  double width = MAX (gtk_widget_get_width (GTK_WIDGET (bar)), 1);
  double shown = gtk_progress_bar_get_fraction (bar);

  if (fraction == shown ||
      (fraction != 1 && fraction > shown && (fraction - shown) * width < 1))
    return;
  gtk_progress_bar_set_fraction (bar, fraction);
}

/* The texts that change at every update are inscriptions (rtb_inscription_set_text()), which
 * widen up to INSISTED_CHARS: past that they ask for room without insisting, so huge figures
 * ("1000999.98 ms") cannot make the window wider than the screen, and a text cut short shows
 * whole as its tooltip. */
#define INSISTED_CHARS 10

static void
set_inscription (GtkInscription *inscription,
                 const char     *text)
{
  if (rtb_inscription_set_text (inscription, text, INSISTED_CHARS))
    gtk_widget_set_tooltip_text (GTK_WIDGET (inscription),
                                 g_utf8_strlen (text, -1) + 2 > INSISTED_CHARS ? text : NULL);
}

static void
add_figure (RtbLiveView *self,
            const char  *caption)
{
  GtkWidget *box;
  GtkWidget *value;
  GtkWidget *label;

  g_assert (self->n_figures < MAX_FIGURES);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (box, "card");
  gtk_widget_add_css_class (box, "figure");
  value = gtk_inscription_new ("—");
  gtk_inscription_set_xalign (GTK_INSCRIPTION (value), 0.5);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (value),
                                     GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_widget_add_css_class (value, "title-1");
  gtk_widget_add_css_class (value, "numeric");
  label = gtk_label_new (caption);
  /* Long captions (four figures, or a language with long words) wrap rather than widen the
   * window past the screen. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), value);
  gtk_box_append (GTK_BOX (box), label);
  /* The figures share a row while there is room and wrap in a narrow window; four of them
   * (timerlat's: max and mean of the IRQ and of the thread) stand two by two, as a table of
   * what they measure. */
  gtk_flow_box_append (self->figures_box, box);
  gtk_widget_set_focusable (gtk_widget_get_parent (box), FALSE);
  gtk_flow_box_set_max_children_per_line (self->figures_box,
                                          self->n_figures + 1 == 4 ? 2 : self->n_figures + 1);

  self->figure_values[self->n_figures] = GTK_INSCRIPTION (value);
  self->figure_captions[self->n_figures] = GTK_LABEL (label);
  self->n_figures++;
}

static void
set_figure (RtbLiveView *self,
            guint        i,
            char        *text)
{
  if (i < self->n_figures)
    set_inscription (self->figure_values[i], text);
  g_free (text);
}

static GtkWidget *
add_chart (RtbLiveView  *self,
           RtbChartKind  kind,
           const char   *title,
           int           filter)
{
  RtbChart *chart = rtb_chart_new (kind);
  GtkWidget *frame;

  rtb_chart_set_title (chart, title);
  rtb_chart_set_series_filter (chart, filter);
  rtb_chart_set_run (chart, self->run);
  gtk_widget_set_size_request (GTK_WIDGET (chart), -1, kind == RTB_CHART_CURVE ? 300 : 260);
  g_ptr_array_add (self->charts, chart);

  if (kind != RTB_CHART_CURVE)
    {
      gtk_frame_set_child (kind == RTB_CHART_HISTOGRAM ? self->histogram_frame
                                                       : self->heatmap_frame,
                           GTK_WIDGET (chart));
      return GTK_WIDGET (chart);
    }
  frame = gtk_frame_new (NULL);
  gtk_widget_add_css_class (frame, "chart-frame");
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (chart));
  gtk_box_append (self->curves_box, frame);
  return GTK_WIDGET (chart);
}

/* A file that keeps only histograms and statistics has no curve to draw: the view says so,
 * naming the file and its tool, where the curves would be. */
static void
show_no_samples (RtbLiveView *self)
{
  g_autofree char *format = NULL;
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;

  if (!rtb_plot_run_lacks_instances (self->run))
    return;
  rtb_plot_run_get_import (self->run, &format, &file);
  /* TRANSLATORS: the first %s is a file name, the second its format, e.g. "cyclictest 1.x–2.6
   * text" */
  if (rtb_plot_run_lacks_histogram (self->run))
    text = g_strdup_printf (_("“%s” (%s) keeps only each thread’s count, min, average and max: "
                              "there is neither a curve of every instance nor a histogram to "
                              "draw. The statistics below are the file’s."),
                            file != NULL ? file : rtb_run_get_label (self->run), format);
  else
    text = g_strdup_printf (_("“%s” (%s) keeps only a histogram and statistics, not every "
                              "sample in order: there is no curve of every instance to draw. "
                              "The histogram and the statistics below are the file’s."),
                            file != NULL ? file : rtb_run_get_label (self->run), format);
  gtk_widget_set_visible (GTK_WIDGET (self->histogram_frame),
                          !rtb_plot_run_lacks_histogram (self->run));
  gtk_label_set_label (self->no_samples_label, text);
  gtk_widget_set_visible (self->no_samples_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->curves_box), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->heatmap_frame), FALSE);
}

/* Where an imported run comes from, in place of the progress of a run being measured. */
static void
show_source (RtbLiveView *self)
{
  g_autofree char *format = NULL;
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;

  if (!rtb_plot_run_get_import (self->run, &format, &file))
    return;
  /* TRANSLATORS: the first %s is a file format, e.g. "cyclictest 1.x–2.6 text", the second
   * the file's name */
  text = file != NULL ? g_strdup_printf (_("Imported from %s: %s"), format, file)
                      : g_strdup_printf (_("Imported from %s"), format);
  gtk_label_set_label (self->source_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->source_label), rtb_run_get_source (self->run));
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
}

/* The curve of `thread` (-1: of every series), unless the run can have none. */
static void
add_curve (RtbLiveView *self,
           int          thread)
{
  if (gtk_widget_get_visible (self->no_samples_box))
    return;
  add_chart (self, RTB_CHART_CURVE,
             _(rtb_plot_run_curve_title (rtb_run_get_method (self->run), thread)), thread);
}

/* "Max latency, worst CPU", "Average latency, all CPUs"… as the CLI and summary --json say. */
static void
add_headlines (RtbLiveView *self)
{
  RtbHeadline headlines[RTB_N_HEADLINES];

  rtb_headlines (self->run, headlines);
  for (guint i = 0; i < RTB_N_HEADLINES; i++)
    {
      /* Translators: a headline figure and what it is of: "Max latency, worst CPU" */
      g_autofree char *caption = g_strdup_printf (_("%s, %s"), _(headlines[i].caption),
                                                  _(headlines[i].of));

      add_figure (self, caption);
    }
}

static void
build_for_method (RtbLiveView *self)
{
  show_no_samples (self);
  show_source (self);
  switch (rtb_run_get_method (self->run))
    {
    case RTB_METHOD_JITTER:
      add_figure (self, _("Base thread max jitter"));
      add_figure (self, _("Servo thread max jitter"));
      add_figure (self, _("Base thread overruns"));
      add_figure (self, _("Servo thread overruns"));
      add_curve (self, 0);
      add_curve (self, 1);
      break;
    case RTB_METHOD_TIMER:
      add_figure (self, _("RMS error"));
      add_figure (self, _("Max |error|"));
      /* xgettext:no-c-format */
      add_figure (self, _("95 % of |error| below"));
      /* xgettext:no-c-format */
      add_figure (self, _("99 % of |error| below"));
      add_curve (self, -1);
      break;
    case RTB_METHOD_RESPONSE:
      add_figure (self, _("Mean execution time"));
      add_figure (self, _("Max execution time"));
      add_figure (self, _("Min execution time"));
      add_curve (self, -1);
      break;
    case RTB_METHOD_TIMERLAT:
      add_figure (self, _("Max IRQ latency"));
      add_figure (self, _("Max thread latency"));
      add_figure (self, _("Mean IRQ latency"));
      add_figure (self, _("Mean thread latency"));
      add_curve (self, -1);
      break;
    case RTB_METHOD_OSNOISE:
      add_figure (self, _("Max noise in a period"));
      add_figure (self, _("Max single noise"));
      add_figure (self, _("CPU available, least of the CPUs"));
      /* Translators: the osnoise tracer's counts of what interrupted it, all CPUs together */
      add_figure (self, _("Noise sources: HW · NMI · IRQ · softirq · thread"));
      /* Translators: the time the osnoise tracer's noises of each source took, all CPUs
       * together, in the order of "Noise sources: HW · NMI · IRQ · softirq · thread" */
      add_figure (self, _("Their time: HW · NMI · IRQ · softirq · thread"));
      add_curve (self, -1);
      break;
    case RTB_METHOD_HWLAT:
      add_figure (self, _("Max hardware latency"));
      add_figure (self, _("Samples above the threshold"));
      /* Translators: the hwlat detector's windows so far (elapsed time over the window), and
       * how many of them stayed below the threshold */
      add_figure (self, _("Detector windows, quiet ones"));
      add_figure (self, _("NMIs during the samples"));
      add_curve (self, -1);
      break;
    case RTB_METHOD_NOISE:
    case RTB_METHOD_LATENCY:
    default:
      add_headlines (self);
      add_curve (self, -1);
      break;
    }
  add_chart (self, RTB_CHART_HISTOGRAM,
             _(rtb_plot_run_histogram_title (rtb_run_get_method (self->run))), -1);
  /* When the samples came: one heatmap per series, or why the run cannot say (a file saved
   * before heatmaps); none where the curves say there is no per-sample data. */
  if (!gtk_widget_get_visible (self->no_samples_box))
    add_chart (self, RTB_CHART_HEATMAP, _("Samples over time"), -1);
}

/* Timerlat's series come in pairs per CPU: the IRQ latency, then the thread latency. */
static void
update_timerlat_figures (RtbLiveView *self)
{
  guint n = rtb_run_get_n_series (self->run);

  for (guint kind = 0; kind < 2; kind++)
    {
      double max = NAN, sum = 0;
      guint64 count = 0;

      for (guint i = kind; i < n; i += 2)
        {
          RtbSeriesSummary s;

          rtb_series_get_summary (rtb_run_get_series (self->run, i), &s);
          if (s.count == 0)
            continue;
          max = isnan (max) ? s.max_us : MAX (max, s.max_us);
          sum += s.avg_us * s.count;
          count += s.count;
        }
      set_figure (self, kind, format_value (max));
      set_figure (self, 2 + kind, format_value (count ? sum / count : NAN));
    }
}

/* osnoise's noises by source, every CPU's together: their counts, or (`durations`) their time
 * in the unit of the longest, µs, ms or s, each to two or three digits so that the figure is as
 * short as the counts; "—" for a source whose events were not all seen, one "—" when no source's
 * were (a run with durations=no): five of them run together into a line in the large type. */
static char *
format_sources (const RtbOsnoiseTotals *totals,
                gboolean                durations)
{
  g_autoptr (GString) text = g_string_new (NULL);
  double longest_us = 0, scale = 1;

  if (durations && totals->durations_known == 0)
    return g_strdup ("—");

  for (guint s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    if (totals->durations_known & (1u << s))
      longest_us = MAX (longest_us, totals->durations_ns[s] / 1000.0);
  if (longest_us >= 1e7)
    scale = 1e6;
  else if (longest_us >= 1e4)
    scale = 1e3;
  for (guint s = 0; s < RTB_OSNOISE_N_SOURCES; s++)
    {
      double value = totals->durations_ns[s] / 1000.0 / scale;

      if (s > 0)
        g_string_append (text, " · ");
      if (!durations)
        g_string_append_printf (text, "%" G_GUINT64_FORMAT, totals->counts[s]);
      else if (!(totals->durations_known & (1u << s)))
        g_string_append (text, "—");
      else
        g_string_append_printf (text, value < 10 && value > 0 ? "%.1f" : "%.0f", value);
    }
  if (!durations)
    return g_string_free (g_steal_pointer (&text), FALSE);
  /* Translators: %s is the time of each source of noise, "12 · 0 · 3.5 · — · 40" */
  return g_strdup_printf (scale == 1e6 ? _("%s s") : scale == 1e3 ? _("%s ms") : _("%s µs"),
                          text->str);
}

/* osnoise: rtla osnoise top's totals of every CPU, the worst of each and the sources added up. */
static void
update_osnoise_figures (RtbLiveView *self)
{
  guint n = rtb_run_get_n_series (self->run);
  RtbOsnoiseTotals pooled = { 0 };
  double least = NAN;
  gboolean any;

  for (guint i = 0; i < n; i++)
    {
      const RtbSeries *series = rtb_run_get_series (self->run, i);
      double pct;

      if (!series->have_osnoise || series->osnoise.periods == 0)
        continue;
      rtb_osnoise_totals_merge (&pooled, &series->osnoise);
      pct = rtb_osnoise_available_pct (&series->osnoise);
      if (!isnan (pct))
        least = isnan (least) ? pct : MIN (least, pct);
    }
  any = pooled.periods > 0;
  set_figure (self, 0, format_value (any ? (double) pooled.max_noise_us : NAN));
  set_figure (self, 1, format_value (any ? (double) pooled.max_single_us : NAN));
  set_figure (self, 2, isnan (least) ? g_strdup ("—") : g_strdup_printf ("%.5f %%", least));
  set_figure (self, 3, any ? format_sources (&pooled, FALSE) : g_strdup ("—"));
  set_figure (self, 4, any ? format_sources (&pooled, TRUE) : g_strdup ("—"));
}

/* hwlat: each CPU's latency series (the first of its three) with its totals; the windows so far
 * from the elapsed time, so that quiet windows read apart from windows not measured yet. */
static void
update_hwlat_figures (RtbLiveView *self)
{
  const RtbCommand *cmd = rtb_run_get_command (self->run);
  guint64 samples = 0, nmis = 0, windows;
  double max = NAN;

  for (guint i = 0; i < rtb_run_get_n_series (self->run); i++)
    {
      RtbSeries *series = rtb_run_get_series (self->run, i);
      RtbSeriesSummary s;

      if (!series->hwlat.known)
        continue;
      rtb_series_get_summary (series, &s);
      samples += s.count;
      nmis += series->hwlat.nmi_count;
      if (s.count > 0)
        max = isnan (max) ? s.max_us : MAX (max, s.max_us);
    }
  windows = rtb_hwlat_windows (cmd, rtb_run_get_elapsed_ns (self->run));
  set_figure (self, 0, format_value (max));
  set_figure (self, 1, g_strdup_printf ("%" G_GUINT64_FORMAT, samples));
  /* An imported trace does not say its window. */
  if (!(rtb_run_get_stated (self->run) & RTB_RUN_STATED_INTERVAL))
    set_figure (self, 2, g_strdup ("—"));
  else
    set_figure (self, 2, g_strdup_printf ("%" G_GUINT64_FORMAT " · %" G_GUINT64_FORMAT, windows,
                                          windows > samples ? windows - samples : 0));
  set_figure (self, 3, g_strdup_printf ("%" G_GUINT64_FORMAT, nmis));
}

static void
update_figures (RtbLiveView *self)
{
  guint n = rtb_run_get_n_series (self->run);
  double max = NAN;
  double min = NAN;
  double sum = 0;
  guint64 count = 0;

  for (guint i = 0; i < n; i++)
    {
      RtbSeriesSummary s;

      rtb_series_get_summary (rtb_run_get_series (self->run, i), &s);
      if (s.count == 0)
        continue;
      max = isnan (max) ? s.max_us : MAX (max, s.max_us);
      min = isnan (min) ? s.min_us : MIN (min, s.min_us);
      sum += s.avg_us * s.count;
      count += s.count;
    }

  switch (rtb_run_get_method (self->run))
    {
    case RTB_METHOD_JITTER:
      /* LinuxCNC's figure: max(max interval − period, period − min interval). */
      for (guint i = 0; i < MIN (n, 2u); i++)
        {
          RtbSeriesSummary s;

          rtb_series_get_summary (rtb_run_get_series (self->run, i), &s);
          set_figure (self, i, format_value (s.max_jitter_us));
          set_figure (self, 2 + i, s.linuxcnc ? g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                                 s.overruns)
                                              : format_value (NAN));
        }
      break;
    case RTB_METHOD_TIMER:
      if (n > 0)
        {
          RtbSeriesSummary s;

          rtb_series_get_summary (rtb_run_get_series (self->run, 0), &s);
          set_figure (self, 0, format_precise (s.rms_us));
          set_figure (self, 1, format_precise (s.max_abs_us));
          set_figure (self, 2, format_precise (s.p95_abs_us));
          set_figure (self, 3, format_precise (s.p99_abs_us));
        }
      break;
    case RTB_METHOD_RESPONSE:
      set_figure (self, 0, format_value (count ? sum / count : NAN));
      set_figure (self, 1, format_value (max));
      set_figure (self, 2, format_value (min));
      break;
    case RTB_METHOD_TIMERLAT:
      update_timerlat_figures (self);
      break;
    case RTB_METHOD_OSNOISE:
      update_osnoise_figures (self);
      break;
    case RTB_METHOD_HWLAT:
      update_hwlat_figures (self);
      break;
    case RTB_METHOD_NOISE:
    case RTB_METHOD_LATENCY:
    default:
      {
        RtbHeadline headlines[RTB_N_HEADLINES];

        rtb_headlines (self->run, headlines);
        for (guint i = 0; i < RTB_N_HEADLINES; i++)
          set_figure (self, i, format_value (headlines[i].value_us));
      }
      break;
    }
}

static void
update_state (RtbLiveView *self)
{
  const RtbCommand *cmd = rtb_run_get_command (self->run);
  RtbRunState state = rtb_run_get_state (self->run);
  gboolean completed = state == RTB_RUN_STATE_FINISHED &&
                       rtb_run_get_end_reason (self->run) == RTB_END_COMPLETED;
  guint64 elapsed = rtb_run_get_elapsed_ns (self->run);
  g_autofree char *elapsed_text = NULL;
  g_autofree char *time_text = NULL;
  const char *state_text;
  const char *state_class;
  double fraction = 0;

  switch (state)
    {
    case RTB_RUN_STATE_NEW:
      state_text = _("Starting");
      state_class = "accent";
      break;
    case RTB_RUN_STATE_RUNNING:
      state_text = _("Running");
      state_class = "accent";
      break;
    case RTB_RUN_STATE_CUT_SHORT:
      state_text = _("Cut short");
      state_class = "warning";
      break;
    case RTB_RUN_STATE_FINISHED:
    default:
      state_text = rtb_run_get_end_reason (self->run) == RTB_END_COMPLETED ? _("Finished")
                   : rtb_run_get_end_reason (self->run) == RTB_END_FAILED ? _("Failed")
                   : _("Stopped");
      state_class = rtb_run_get_end_reason (self->run) == RTB_END_FAILED ? "error" : "success";
      break;
    }
  /* A completed run measured its whole planned length; the worker read its clock a little
   * before the end, which would read "0:19 of 0:20". */
  if (completed && cmd->duration_ns > 0)
    elapsed = MAX (elapsed, cmd->duration_ns);
  elapsed_text = format_duration (elapsed);
  rtb_inscription_set_label_text (self->state_label, state_text);
  /* Restyling is not free: only when the state's colour changes, not at every update. */
  if (!gtk_widget_has_css_class (GTK_WIDGET (self->state_label), state_class))
    gtk_widget_set_css_classes (GTK_WIDGET (self->state_label),
                                (const char *[]) { "run-state", state_class, NULL });

  if (cmd->method == RTB_METHOD_RESPONSE)
    {
      guint64 done = rtb_run_get_total_count (self->run);
      guint64 planned = rtb_command_response_total (cmd);

      fraction = planned ? (double) done / planned : 0;
      time_text = g_strdup_printf (_("%" PRIu64 " of %" PRIu64
                                     " instances, %s"),
                                   done, planned, elapsed_text);
    }
  else if (!(rtb_run_get_stated (self->run) & RTB_RUN_STATED_DURATION))
    /* An import that does not state its duration: what it measured for, if it says. */
    time_text = g_strdup_printf (_("Duration: %s"), elapsed > 0 ? elapsed_text : "-");
  else if (cmd->duration_ns > 0)
    {
      g_autofree char *total = format_duration (cmd->duration_ns);

      fraction = (double) elapsed / cmd->duration_ns;
      if (state == RTB_RUN_STATE_RUNNING || state == RTB_RUN_STATE_NEW)
        {
          g_autofree char *remaining =
            format_duration (cmd->duration_ns > elapsed ? cmd->duration_ns - elapsed : 0);

          time_text = g_strdup_printf (_("%s of %s, %s left"), elapsed_text, total, remaining);
        }
      else
        time_text = g_strdup_printf (_("%s of %s"), elapsed_text, total);
    }
  else
    time_text = g_strdup_printf (_("%s, until stopped"), elapsed_text);

  if (completed)
    fraction = 1;
  set_fraction (self->progress_bar, CLAMP (fraction, 0, 1));
  set_inscription (self->time_text, time_text);
}

static void
update_title (RtbLiveView *self)
{
  const char *worker_command = rtb_run_get_worker_command (self->run);
  g_autofree char *title = rtb_live_view_dup_title (self);
  g_autofree char *parameters = NULL;

  rtb_inscription_set_label_text (self->title_label, title);
  /* Only what the run's source stated: an import's unknowns are left out, not shown as 0. */
  if (worker_command == NULL || worker_command[0] == '\0')
    worker_command = parameters = rtb_run_format_parameters (self->run);
  rtb_inscription_set_label_text (self->command_label, worker_command);
}

/* The run as it is now, into the view. */
static void
update (RtbLiveView *self)
{
  RtbRunState state = rtb_run_get_state (self->run);

  /* The worker's command line comes with STARTED: not worth formatting at every update */
  if ((int) state != self->title_state)
    {
      update_title (self);
      self->title_state = (int) state;
    }
  update_state (self);
  update_figures (self);
  self->stale = FALSE;
  self->n_updates++;
}

/* A live run changes once a second, and each update relayouts the window (the progress bar
 * moves): a view out of sight, while another tab is shown, catches up when it comes back. */
static void
on_run_changed (RtbLiveView *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update (self);
  else
    self->stale = TRUE;
}

static void
catch_up (RtbLiveView *self)
{
  if (self->stale)
    update (self);
}

static void
rtb_live_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (rtb_live_view_parent_class)->map (widget);
  catch_up (RTB_LIVE_VIEW (widget));
}

guint
rtb_live_view_get_n_updates (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), 0);

  return self->n_updates;
}

void
rtb_live_view_append_log (RtbLiveView *self,
                          const char  *line)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_if_fail (RTB_IS_LIVE_VIEW (self));
  g_return_if_fail (line != NULL);

  g_queue_push_tail (&self->log_lines, g_strdup (line));
  while (self->log_lines.length > MAX_LOG_LINES)
    g_free (g_queue_pop_head (&self->log_lines));
  for (GList *l = self->log_lines.head; l != NULL; l = l->next)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, l->data);
    }
  gtk_label_set_label (self->log_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->log_expander), TRUE);
}

RtbLiveView *
rtb_live_view_new (RtbRun *run)
{
  g_return_val_if_fail (RTB_IS_RUN (run), NULL);

  return g_object_new (RTB_TYPE_LIVE_VIEW, "run", run, NULL);
}

RtbRun *
rtb_live_view_get_run (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  return self->run;
}

char *
rtb_live_view_dup_title (RtbLiveView *self)
{
  const char *label;

  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  label = rtb_run_get_label (self->run);
  if (label != NULL && label[0] != '\0')
    return g_strdup (label);
  return g_strdup (method_title (rtb_run_get_method (self->run)));
}

void
rtb_live_view_reset_zoom (RtbLiveView *self)
{
  g_return_if_fail (RTB_IS_LIVE_VIEW (self));

  for (guint i = 0; i < self->charts->len; i++)
    rtb_chart_reset_zoom (g_ptr_array_index (self->charts, i));
}

RtbStatsTable *
rtb_live_view_get_stats_table (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  return self->stats_table;
}

RtbChart *
rtb_live_view_get_chart (RtbLiveView *self,
                         guint        index)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  return index < self->charts->len ? g_ptr_array_index (self->charts, index) : NULL;
}

const char *
rtb_live_view_get_time_text (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  catch_up (self);
  return gtk_inscription_get_text (self->time_text);
}

const char *
rtb_live_view_get_source_text (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->source_label)))
    return NULL;
  return gtk_label_get_label (self->source_label);
}

const char *
rtb_live_view_get_no_samples_text (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  if (!gtk_widget_get_visible (self->no_samples_box))
    return NULL;
  return gtk_label_get_label (self->no_samples_label);
}

double
rtb_live_view_get_fraction (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), 0);

  catch_up (self);
  return gtk_progress_bar_get_fraction (self->progress_bar);
}

char *
rtb_live_view_dup_figures (RtbLiveView *self)
{
  GString *text;

  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  catch_up (self);
  text = g_string_new (NULL);

  for (guint i = 0; i < self->n_figures; i++)
    g_string_append_printf (text, "%s: %s\n", gtk_label_get_label (self->figure_captions[i]),
                            gtk_inscription_get_text (self->figure_values[i]));
  return g_string_free (text, FALSE);
}

RtbCausesPanel *
rtb_live_view_get_causes_panel (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  return self->causes_panel;
}

GPtrArray *
rtb_live_view_get_charts (RtbLiveView *self)
{
  g_return_val_if_fail (RTB_IS_LIVE_VIEW (self), NULL);

  return self->charts;
}

static void
rtb_live_view_constructed (GObject *object)
{
  RtbLiveView *self = RTB_LIVE_VIEW (object);

  G_OBJECT_CLASS (rtb_live_view_parent_class)->constructed (object);

  g_assert (self->run != NULL);
  build_for_method (self);
  rtb_stats_table_set_run (self->stats_table, self->run);
  rtb_system_panel_set_run (self->system_panel, self->run);
  rtb_causes_panel_set_run (self->causes_panel, self->run);
  g_signal_connect_object (self->run, "changed", G_CALLBACK (on_run_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "finished", G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "notify::label", G_CALLBACK (update_title), self,
                           G_CONNECT_SWAPPED);
  update (self);
}

static void
rtb_live_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  RtbLiveView *self = RTB_LIVE_VIEW (object);

  switch (prop_id)
    {
    case PROP_RUN:
      g_value_set_object (value, self->run);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_live_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  RtbLiveView *self = RTB_LIVE_VIEW (object);

  switch (prop_id)
    {
    case PROP_RUN:
      self->run = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_live_view_dispose (GObject *object)
{
  RtbLiveView *self = RTB_LIVE_VIEW (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_LIVE_VIEW);
  /* dispose_template() only unparents the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->run);
  g_queue_clear_full (&self->log_lines, g_free);

  G_OBJECT_CLASS (rtb_live_view_parent_class)->dispose (object);
}

static void
rtb_live_view_finalize (GObject *object)
{
  RtbLiveView *self = RTB_LIVE_VIEW (object);

  g_clear_pointer (&self->charts, g_ptr_array_unref);

  G_OBJECT_CLASS (rtb_live_view_parent_class)->finalize (object);
}

static void
rtb_live_view_class_init (RtbLiveViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = rtb_live_view_constructed;
  object_class->get_property = rtb_live_view_get_property;
  object_class->set_property = rtb_live_view_set_property;
  object_class->dispose = rtb_live_view_dispose;
  object_class->finalize = rtb_live_view_finalize;
  widget_class->map = rtb_live_view_map;

  properties[PROP_RUN] =
    g_param_spec_object ("run", NULL, NULL, RTB_TYPE_RUN,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RTB_TYPE_ON_SCREEN_BOX);
  g_type_ensure (RTB_TYPE_STATS_TABLE);
  g_type_ensure (RTB_TYPE_SYSTEM_PANEL);
  g_type_ensure (RTB_TYPE_CAUSES_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-live-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, title_label);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, command_label);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, state_label);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, source_label);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, time_text);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, figures_box);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, no_samples_box);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, no_samples_label);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, curves_box);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, histogram_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, heatmap_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, stats_table);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, system_panel);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, causes_panel);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, log_expander);
  gtk_widget_class_bind_template_child (widget_class, RtbLiveView, log_label);
}

static void
rtb_live_view_init (RtbLiveView *self)
{
  self->charts = g_ptr_array_new ();
  self->title_state = -1;
  g_queue_init (&self->log_lines);
  gtk_widget_init_template (GTK_WIDGET (self));
}
