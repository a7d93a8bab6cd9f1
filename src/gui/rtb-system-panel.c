/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "rtb-checklist-group.h"
#include "rtb-system-panel.h"
#include "rtb-verdict.h"

typedef enum {
  ROW_HOST,
  ROW_KERNEL,
  ROW_PREEMPT_RT,
  ROW_CPU,
  ROW_ISOLATED,
  ROW_NOHZ,
  ROW_GOVERNOR,
  ROW_SMT,
  ROW_THROTTLING,
  ROW_SCHEDULING,
  ROW_PLACEMENT,
  ROW_TIMER_SLACK,
  ROW_MEMORY,
  ROW_OFF_CPU,
  ROW_LOAD,
  N_ROWS
} Row;

static const char *const row_titles[N_ROWS] = {
  [ROW_HOST] = N_("Host"),
  [ROW_KERNEL] = N_("Kernel"),
  [ROW_PREEMPT_RT] = N_("PREEMPT_RT"),
  [ROW_CPU] = N_("Processor"),
  [ROW_ISOLATED] = N_("Isolated CPUs"),
  [ROW_NOHZ] = N_("nohz_full / rcu_nocbs"),
  [ROW_GOVERNOR] = N_("Frequency Governor"),
  [ROW_SMT] = N_("Simultaneous Multithreading"),
  [ROW_THROTTLING] = N_("Real-Time Throttling"),
  [ROW_SCHEDULING] = N_("Threads Got"),
  [ROW_PLACEMENT] = N_("Threads' CPU"),
  [ROW_TIMER_SLACK] = N_("Timer Slack"),
  [ROW_MEMORY] = N_("Memory Lock and DMA Latency"),
  [ROW_OFF_CPU] = N_("Instances Kept Off the CPU"),
  [ROW_LOAD] = N_("Load"),
};

struct _RtbSystemPanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwPreferencesGroup *group;
  RtbChecklistGroup *checklist_group;

  /* Owned references */
  RtbRun *run;
  int shown_state;          /* the run's state when last shown; -1 before */

  /* Borrowed references */
  GtkLabel *values[N_ROWS];
  GtkWidget *rows[N_ROWS];
};

G_DEFINE_FINAL_TYPE (RtbSystemPanel, rtb_system_panel, GTK_TYPE_WIDGET)

static void
set_row (RtbSystemPanel *self,
         Row             row,
         const char     *text,
         const char     *style)
{
  GtkWidget *label = GTK_WIDGET (self->values[row]);

  gtk_label_set_label (self->values[row], text && text[0] ? text : _("unknown"));
  gtk_widget_remove_css_class (label, "success");
  gtk_widget_remove_css_class (label, "warning");
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
}

static char *
describe_scheduling (RtbRun *run)
{
  guint n = rtb_run_get_n_series (run);
  RtbSeries *first;

  if (n == 0 || rtb_run_get_state (run) == RTB_RUN_STATE_NEW)
    return g_strdup (_("not started yet"));
  first = rtb_run_get_series (run, 0);
  if (!(rtb_run_get_stated (run) & RTB_RUN_STATED_POLICY))
    return NULL;
  if (first->policy == RTB_POLICY_OTHER)
    return g_strdup (_("normal scheduling (SCHED_OTHER)"));
  if (!(rtb_run_get_stated (run) & RTB_RUN_STATED_PRIORITY))
    return g_strdup_printf ("SCHED_%s", first->policy == RTB_POLICY_RR ? "RR" : "FIFO");
  return g_strdup_printf (_("SCHED_%s priority %d"),
                          first->policy == RTB_POLICY_RR ? "RR" : "FIFO", first->priority);
}

/* Where a one-CPU method's threads ran and why; a latency run's are the CPUs it names. */
static char *
describe_cpu_choice (RtbRun *run)
{
  RtbSeries *first;

  if (rtb_run_get_n_series (run) == 0 || rtb_run_get_state (run) == RTB_RUN_STATE_NEW)
    return g_strdup (_("not started yet"));
  /* Another tool's file does not say how its CPUs were chosen. */
  if (rtb_run_get_worker (run) == NULL || !(rtb_run_get_stated (run) & RTB_RUN_STATED_CPUS))
    return NULL;
  first = rtb_run_get_series (run, 0);
  switch (first->placement)
    {
    case RTB_CPU_PLACEMENT_ISOLATED:
      return g_strdup_printf (_("CPU %d, the last isolated one, where LinuxCNC puts its "
                                "threads"), first->cpu);
    case RTB_CPU_PLACEMENT_LAST:
      return g_strdup_printf (_("CPU %d, the last one: no CPU is isolated (LinuxCNC 2.8 and 2.9 "
                                "pin there; later versions leave the threads unpinned)"),
                              first->cpu);
    case RTB_CPU_PLACEMENT_NONE:
      return g_strdup (_("not pinned: the scheduler moves the threads"));
    case RTB_CPU_PLACEMENT_GIVEN:
    default:
      return g_strdup (_("as the run asked"));
    }
}

static char *
describe_placement (RtbRun *run, gboolean *shared)
{
  g_autofree char *choice = describe_cpu_choice (run);

  *shared = choice != NULL && (rtb_run_get_started_flags (run) &
                               RTB_STARTED_SHARES_MEASURED_CPUS) != 0;
  if (!*shared)
    return g_steal_pointer (&choice);
  /* TRANSLATORS: %s is how the CPUs were chosen, e.g. "as the run asked" */
  return g_strdup_printf (_("%s; rtbench's own threads ran on the measured CPUs too: every CPU "
                            "was measured"), choice);
}

static char *
describe_timer_slack (RtbRun *run)
{
  gint64 slack = rtb_run_get_timer_slack_ns (run);
  g_autofree char *ns = g_strdup_printf ("%" G_GINT64_FORMAT, slack);

  if (slack < 0)
    return NULL;
  if (slack == 0)
    return g_strdup (_("none (real-time threads have none)"));
  if (rtb_run_get_command (run)->timer_slack_ns == 0)
    /* TRANSLATORS: %s is a number of nanoseconds */
    return g_strdup_printf (_("%s ns, the kernel's default"), ns);
  /* TRANSLATORS: %s is a number of nanoseconds */
  return g_strdup_printf (_("%s ns, as set"), ns);
}

/* The response instances whose thread lost its CPU meanwhile (RT throttling, a hypervisor…). */
static char *
describe_off_cpu (RtbRun *run, gboolean *any)
{
  g_autofree char *off_cpu_text = NULL;
  g_autofree char *count_text = NULL;
  guint64 off_cpu = 0, count = 0;

  *any = FALSE;
  if (rtb_run_get_worker (run) == NULL)
    return NULL;
  for (guint i = 0; i < rtb_run_get_n_series (run); i++)
    {
      RtbSeries *series = rtb_run_get_series (run, i);

      off_cpu += series->off_cpu;
      count += series->histogram.stats.count;
    }
  *any = off_cpu > 0;
  if (off_cpu == 0)
    return g_strdup (_("none"));
  off_cpu_text = g_strdup_printf ("%" G_GUINT64_FORMAT, off_cpu);
  count_text = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
  /* TRANSLATORS: "3 of 12000 (…)": instances of a response run */
  return g_strdup_printf (_("%s of %s (RT throttling, a hypervisor or another thread took the "
                            "CPU)"), off_cpu_text, count_text);
}

/* NULL (shown as "unknown") when not stated, `empty` when stated empty. */
static const char *
stated_or (const char *value,
           const char *empty)
{
  if (value == NULL)
    return NULL;
  return value[0] != '\0' ? value : empty;
}

/* The checklist as the run recorded it at its start, and the verdict on it and the figures. */
static void
update_checklist (RtbSystemPanel *self)
{
  GPtrArray *checks = self->run != NULL ? rtb_run_get_checks (self->run) : NULL;
  g_autofree char *verdict = NULL;

  if (checks == NULL)
    {
      rtb_checklist_group_set_checks (self->checklist_group, NULL,
                                      self->run != NULL &&
                                      rtb_run_get_state (self->run) == RTB_RUN_STATE_NEW
                                        ? _("Known once the worker started")
                                        : _("Not recorded with this run"));
      return;
    }
  verdict = rtb_verdict (checks, self->run);
  rtb_checklist_group_set_checks (self->checklist_group, checks, verdict);
}

void
rtb_system_panel_update (RtbSystemPanel *self)
{
  const RtbSystemInfo *info;
  const RtbHelloFrame *hello;
  g_autofree char *kernel = NULL;
  g_autofree char *cpu = NULL;
  g_autofree char *nohz = NULL;
  g_autofree char *throttling = NULL;
  g_autofree char *scheduling = NULL;
  g_autofree char *memory = NULL;
  g_autofree char *placement = NULL;
  g_autofree char *slack = NULL;
  g_autofree char *off_cpu = NULL;
  guint32 released = 0;
  gboolean any_off_cpu, shared;
  const char *load;
  const char *words;

  g_return_if_fail (RTB_IS_SYSTEM_PANEL (self));

  self->shown_state = self->run != NULL ? (int) rtb_run_get_state (self->run) : -1;
  update_checklist (self);
  info = self->run ? rtb_run_get_system (self->run) : NULL;
  if (info == NULL)
    {
      for (guint r = 0; r < N_ROWS; r++)
        set_row (self, r, NULL, NULL);
      return;
    }

  set_row (self, ROW_HOST, info->hostname, NULL);
  kernel = g_strdup_printf ("%s %s", info->kernel_release ? info->kernel_release : "",
                            info->machine ? info->machine : "");
  set_row (self, ROW_KERNEL, g_strstrip (kernel), NULL);
  set_row (self, ROW_PREEMPT_RT,
           info->preempt_rt == TRUE ? _("Yes") : info->preempt_rt == FALSE ? _("No") : NULL,
           info->preempt_rt == TRUE ? "success" : info->preempt_rt == FALSE ? "warning" : NULL);
  if (info->n_cpus > 0)
    cpu = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d CPU", "%s, %d CPUs",
                                        info->n_cpus),
                           info->cpu_model ? info->cpu_model : "", info->n_cpus);
  set_row (self, ROW_CPU, cpu, NULL);
  set_row (self, ROW_ISOLATED, stated_or (info->isolated, _("none")),
           info->isolated && info->isolated[0] ? "success" : NULL);
  if (info->nohz_full != NULL || info->rcu_nocbs != NULL)
    nohz = g_strdup_printf ("%s / %s",
                            info->nohz_full ? stated_or (info->nohz_full, _("none"))
                                            : _("unknown"),
                            info->rcu_nocbs ? stated_or (info->rcu_nocbs, _("none"))
                                            : _("unknown"));
  set_row (self, ROW_NOHZ, nohz, NULL);
  words = rtb_system_info_governor_words (info->governor);
  set_row (self, ROW_GOVERNOR, words ? _(words) : NULL,
           g_strcmp0 (info->governor, "performance") == 0 ? "success" : NULL);
  words = rtb_system_info_smt_words (info->smt);
  set_row (self, ROW_SMT, words ? _(words) : NULL,
           g_strcmp0 (info->smt, "on") == 0 ? "warning" : NULL);

  if (info->sched_rt_runtime_us == -1)
    throttling = g_strdup (_("off (sched_rt_runtime_us = -1)"));
  else if (info->sched_rt_runtime_us == RTB_SYSTEM_INFO_UNKNOWN)
    throttling = g_strdup (_("unknown"));
  else
    throttling = g_strdup_printf (_("on, %d µs per second"), info->sched_rt_runtime_us);
  set_row (self, ROW_THROTTLING, throttling, NULL);

  scheduling = describe_scheduling (self->run);
  set_row (self, ROW_SCHEDULING, scheduling, NULL);
  placement = describe_placement (self->run, &shared);
  set_row (self, ROW_PLACEMENT, placement, shared ? "warning" : NULL);
  slack = describe_timer_slack (self->run);
  set_row (self, ROW_TIMER_SLACK, slack, NULL);
  gtk_widget_set_visible (self->rows[ROW_OFF_CPU],
                          rtb_run_get_method (self->run) == RTB_METHOD_RESPONSE);
  off_cpu = describe_off_cpu (self->run, &any_off_cpu);
  set_row (self, ROW_OFF_CPU, off_cpu, any_off_cpu ? "warning" : NULL);

  hello = rtb_run_get_worker (self->run);
  released = rtb_run_get_started_flags (self->run) &
             (RTB_STARTED_MEMORY_UNLOCKED | RTB_STARTED_DMA_LATENCY_RELEASED);
  if (hello != NULL)
    memory = g_strdup_printf ("%s, %s",
                              released & RTB_STARTED_MEMORY_UNLOCKED
                                ? _("memory not locked (an ordinary thread)")
                              : hello->mlockall_errno == 0 ? _("memory locked")
                                                           : _("memory not locked"),
                              released & RTB_STARTED_DMA_LATENCY_RELEASED
                                ? _("cpu_dma_latency released (an ordinary thread)")
                              : hello->dma_latency_errno == 0 ? _("cpu_dma_latency held at 0")
                                                              : _("cpu_dma_latency not held"));
  /* A run that ended without HELLO (another tool's file) never will say: unknown. */
  if (memory == NULL && rtb_run_get_state (self->run) == RTB_RUN_STATE_NEW)
    memory = g_strdup (_("not started yet"));
  set_row (self, ROW_MEMORY, memory,
           hello == NULL || released != 0 ? NULL
           : hello->mlockall_errno == 0 && hello->dma_latency_errno == 0 ? "success" : "warning");

  load = rtb_run_get_load (self->run);
  set_row (self, ROW_LOAD,
           g_strcmp0 (load, "full") == 0 ? _("full: CPU, I/O and memory (stress-ng)")
           : g_strcmp0 (load, "cpu") == 0 ? _("CPU (stress-ng)")
           : load != NULL ? _("none") : NULL, NULL);
}

/* The system and its checklist come with the start (STARTED): not at every update. */
static void
on_run_changed (RtbSystemPanel *self)
{
  if ((int) rtb_run_get_state (self->run) != self->shown_state)
    rtb_system_panel_update (self);
}

void
rtb_system_panel_set_run (RtbSystemPanel *self,
                          RtbRun         *run)
{
  g_return_if_fail (RTB_IS_SYSTEM_PANEL (self));
  g_return_if_fail (run == NULL || RTB_IS_RUN (run));

  if (self->run == run)
    return;
  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->run, rtb_system_panel_update, self);
      g_signal_handlers_disconnect_by_func (self->run, on_run_changed, self);
    }
  g_set_object (&self->run, run);
  if (run != NULL)
    {
      g_signal_connect_swapped (run, "finished", G_CALLBACK (rtb_system_panel_update), self);
      g_signal_connect_swapped (run, "changed", G_CALLBACK (on_run_changed), self);
    }
  rtb_system_panel_update (self);
}

RtbSystemPanel *
rtb_system_panel_new (void)
{
  return g_object_new (RTB_TYPE_SYSTEM_PANEL, NULL);
}

static void
rtb_system_panel_dispose (GObject *object)
{
  RtbSystemPanel *self = RTB_SYSTEM_PANEL (object);
  GtkWidget *child;

  rtb_system_panel_set_run (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_SYSTEM_PANEL);
  /* dispose_template() only unparents the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (rtb_system_panel_parent_class)->dispose (object);
}

static void
rtb_system_panel_class_init (RtbSystemPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_system_panel_dispose;

  g_type_ensure (RTB_TYPE_CHECKLIST_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-system-panel.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbSystemPanel, group);
  gtk_widget_class_bind_template_child (widget_class, RtbSystemPanel, checklist_group);
}

static void
rtb_system_panel_init (RtbSystemPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shown_state = -1;

  for (guint r = 0; r < N_ROWS; r++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *value = gtk_label_new (NULL);

      gtk_label_set_selectable (GTK_LABEL (value), TRUE);
      gtk_label_set_wrap (GTK_LABEL (value), TRUE);
      gtk_label_set_xalign (GTK_LABEL (value), 1.0);
      gtk_label_set_justify (GTK_LABEL (value), GTK_JUSTIFY_RIGHT);
      gtk_widget_set_can_focus (value, FALSE);
      gtk_widget_set_hexpand (value, TRUE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(row_titles[r]));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), value);
      adw_preferences_group_add (self->group, row);
      self->values[r] = GTK_LABEL (value);
      self->rows[r] = row;
    }
}
