/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>

#include "rtb-causes-panel.h"
#include "rtb-checklist.h"
#include "rtb-refusal.h"

#define CAUSES_SHOWN 12
#define COUNTS_SHOWN 5

struct _RtbCausesPanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwPreferencesGroup *group;

  /* Owned references */
  RtbRun *run;
  GPtrArray *rows;      /* the rows added to the group */

  guint64 shown_total;  /* spikes the rows showed, to rebuild only when more came */
  gboolean shown_once;
};

G_DEFINE_FINAL_TYPE (RtbCausesPanel, rtb_causes_panel, GTK_TYPE_WIDGET)

static void
add_row (RtbCausesPanel *self, const char *title, const char *subtitle, const char *style)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (style != NULL)
    gtk_widget_add_css_class (row, style);
  adw_preferences_group_add (self->group, row);
  g_ptr_array_add (self->rows, row);
}

static char *
trace_description (RtbSpikeLog *log)
{
  int status = rtb_spike_log_get_status (log);

  switch (status)
    {
    case RTB_TRACE_NOT_ASKED:
      return g_strdup (_("Spikes were not traced: give a trace threshold to have each one "
                         "explained"));
    case RTB_TRACE_ARMED:
      return g_strdup_printf (_("Every sample of %.1f µs or more is explained from a kernel "
                                "trace: hover or click its mark on the curve"),
                              (double) rtb_spike_log_get_threshold_ns (log) / 1000.0);
    case RTB_TRACE_WAITING:
      return g_strdup (_("Spikes will be explained once enough samples set the threshold"));
    default:
      {
        g_autofree char *why = rtb_refusal_translate (rtb_spike_log_get_message (log) != NULL
                                                        ? rtb_spike_log_get_message (log) : "");

        return g_strdup_printf (_("Spikes are measured, not explained: %s"), why);
      }
    }
}

/* What the measured CPUs served, a line per CPU under one title. */
static void
add_counts (RtbCausesPanel *self, GArray *counts)
{
  g_autoptr (GString) lines = g_string_new (NULL);

  for (guint i = 0; counts != NULL && i < counts->len;)
    {
      int cpu = g_array_index (counts, RtbIrqCount, i).cpu;
      g_autoptr (GString) served = g_string_new (NULL);
      guint shown = 0;

      for (; i < counts->len && g_array_index (counts, RtbIrqCount, i).cpu == cpu; i++)
        {
          const RtbIrqCount *count = &g_array_index (counts, RtbIrqCount, i);
          if (shown++ < COUNTS_SHOWN)
            g_string_append_printf (served, "%s%s %" G_GUINT64_FORMAT,
                                    served->len > 0 ? " · " : "", count->name, count->count);
        }
      g_string_append (lines, lines->len > 0 ? "\n" : "");
      /* TRANSLATORS: a line of "Interrupts Served": "CPU 1: LOC 7047 · RCU 472" */
      g_string_append_printf (lines, _("CPU %d: %s"), cpu, served->str);
    }
  if (lines->len > 0)
    add_row (self, _("Interrupts Served"), lines->str, NULL);
}

void
rtb_causes_panel_update (RtbCausesPanel *self)
{
  RtbSpikeLog *log;
  GPtrArray *entries;
  GPtrArray *checks;
  const RtbCheck *tasks;
  g_autofree char *description = NULL;
  guint64 total;

  g_return_if_fail (RTB_IS_CAUSES_PANEL (self));

  if (self->run == NULL)
    return;
  log = rtb_run_get_spike_log (self->run);
  total = rtb_spike_league_total (rtb_spike_log_get_league (log));
  description = trace_description (log);
  adw_preferences_group_set_description (self->group, description);
  /* The rows change only with new spikes or at the end (the interrupt counts). */
  if (self->shown_once && total == self->shown_total &&
      rtb_run_get_state (self->run) == RTB_RUN_STATE_RUNNING)
    return;
  self->shown_once = TRUE;
  self->shown_total = total;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->group, self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);

  entries = rtb_spike_league_entries (rtb_spike_log_get_league (log));
  for (guint i = 0; i < entries->len && i < CAUSES_SHOWN; i++)
    {
      const RtbLeagueEntry *entry = entries->pdata[i];
      RtbCause cause = { .kind = entry->kind, .name = entry->name, .pid = entry->pid,
                         .owner = entry->owner, .number = entry->number };
      g_autofree char *what = rtb_cause_describe (&cause);
      g_autofree char *figures =
        g_strdup_printf (g_dngettext (NULL, "%" PRIu64 " spike, worst %.1f µs",
                                      "%" PRIu64 " spikes, worst %.1f µs",
                                      entry->count),
                         entry->count, (double) entry->worst_ns / 1000.0);
      add_row (self, what, figures, i == 0 ? "cause-main" : NULL);
    }
  if (rtb_spike_log_get_missed (log) > 0)
    {
      g_autofree char *missed =
        g_strdup_printf (_("%" PRIu64 " more came faster than they could be read"),
                         rtb_spike_log_get_missed (log));
      add_row (self, _("Not explained"), missed, NULL);
    }

  checks = rtb_run_get_checks (self->run);
  tasks = checks != NULL ? rtb_checklist_find (checks, "sched.rt_tasks") : NULL;
  if (tasks != NULL)
    add_row (self, _("Real-Time Tasks at the Start"), tasks->value,
             tasks->status == RTB_CHECK_BAD ? "warning" : NULL);
  add_counts (self, rtb_spike_log_get_irq_counts (log));
}

void
rtb_causes_panel_set_run (RtbCausesPanel *self,
                          RtbRun         *run)
{
  g_return_if_fail (RTB_IS_CAUSES_PANEL (self));
  g_return_if_fail (run == NULL || RTB_IS_RUN (run));

  if (self->run == run)
    return;
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_func (self->run, rtb_causes_panel_update, self);
  g_set_object (&self->run, run);
  self->shown_once = FALSE;
  if (run != NULL)
    {
      g_signal_connect_swapped (run, "changed", G_CALLBACK (rtb_causes_panel_update), self);
      g_signal_connect_swapped (run, "finished", G_CALLBACK (rtb_causes_panel_update), self);
    }
  rtb_causes_panel_update (self);
}

char *
rtb_causes_panel_get_text (RtbCausesPanel *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (RTB_IS_CAUSES_PANEL (self), NULL);

  for (guint i = 0; i < self->rows->len; i++)
    g_string_append_printf (text, "%s: %s\n",
                            adw_preferences_row_get_title (self->rows->pdata[i]),
                            adw_action_row_get_subtitle (self->rows->pdata[i]));
  return g_string_free (text, FALSE);
}

RtbCausesPanel *
rtb_causes_panel_new (void)
{
  return g_object_new (RTB_TYPE_CAUSES_PANEL, NULL);
}

static void
rtb_causes_panel_dispose (GObject *object)
{
  RtbCausesPanel *self = RTB_CAUSES_PANEL (object);
  GtkWidget *child;

  rtb_causes_panel_set_run (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_CAUSES_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (rtb_causes_panel_parent_class)->dispose (object);
}

static void
rtb_causes_panel_finalize (GObject *object)
{
  RtbCausesPanel *self = RTB_CAUSES_PANEL (object);

  g_ptr_array_unref (self->rows);
  G_OBJECT_CLASS (rtb_causes_panel_parent_class)->finalize (object);
}

static void
rtb_causes_panel_class_init (RtbCausesPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_causes_panel_dispose;
  object_class->finalize = rtb_causes_panel_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-causes-panel.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbCausesPanel, group);
}

static void
rtb_causes_panel_init (RtbCausesPanel *self)
{
  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
