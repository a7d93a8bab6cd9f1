/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rtb-cpu-picker.h"
#include "rtb-checklist-group.h"
#include "rtb-checklist.h"
#include "rtb-machine-group.h"
#include "rtb-presets.h"
#include "rtb-setup-panel.h"
#include "rtb-time.h"

typedef enum {
  PARAM_INTERVAL,
  PARAM_HISTOGRAM,
  PARAM_BASE,
  PARAM_SERVO,
  PARAM_PERIOD,
  PARAM_SPIN,
  PARAM_EXPERIMENTS,
  PARAM_INSTANCES,
  PARAM_GAP,
  PARAM_NOISE_HISTOGRAM,
  N_PARAMS
} Param;

typedef struct {
  const char *key;          /* the command key */
  const char *settings_key;
  const char *title;
  const char *subtitle;
  double lower;
  double upper;
  double step;
  RtbMethod method;
} ParamSpec;

static const ParamSpec params[N_PARAMS] = {
  [PARAM_INTERVAL] = { "interval_us", "interval-us", N_("Interval (µs)"),
                       N_("Wake-up period of each thread"),
                       RTB_LATENCY_INTERVAL_MIN_US, RTB_INTERVAL_MAX_US, 100,
                       RTB_METHOD_LATENCY },
  [PARAM_HISTOGRAM] = { "histogram_us", "histogram-us", N_("Histogram Limit (µs)"),
                        N_("1 µs buckets; larger values count as overflows"),
                        RTB_HISTOGRAM_MIN_US, RTB_HISTOGRAM_MAX_US, 100, RTB_METHOD_LATENCY },
  [PARAM_BASE] = { "base_us", "base-us", N_("Base Thread Period (µs)"),
                   N_("The fast thread that steps motors in software"),
                   RTB_JITTER_BASE_MIN_US, RTB_INTERVAL_MAX_US, 5, RTB_METHOD_JITTER },
  [PARAM_SERVO] = { "servo_us", "servo-us", N_("Servo Thread Period (µs)"),
                    N_("The slow thread that runs the motion controller"),
                    RTB_JITTER_SERVO_MIN_US, RTB_INTERVAL_MAX_US, 100, RTB_METHOD_JITTER },
  [PARAM_PERIOD] = { "period_us", "period-us", N_("Timer Period (µs)"), NULL,
                     RTB_LATENCY_INTERVAL_MIN_US, RTB_INTERVAL_MAX_US, 500, RTB_METHOD_TIMER },
  [PARAM_SPIN] = { "spin_us", "spin-us", N_("Spin Before Deadline (µs)"),
                   N_("Sleep until this long before each tick, then spin"),
                   0, RTB_TIMER_SPIN_MAX_US, 10, RTB_METHOD_TIMER },
  [PARAM_EXPERIMENTS] = { "experiments", "experiments", N_("Experiments"),
                          N_("Runs of each size, one curve each"),
                          1, RTB_EXPERIMENTS_MAX, 1, RTB_METHOD_RESPONSE },
  [PARAM_INSTANCES] = { "instances", "instances", N_("Instances"),
                        N_("How many inversions each experiment times"),
                        RTB_INSTANCES_MIN, 100000000, 100, RTB_METHOD_RESPONSE },
  /* 0 is "Auto": long enough that RT throttling never cuts an instance. */
  [PARAM_GAP] = { "gap_us", "gap-us", N_("Pause Between Instances (µs)"),
                  N_("Auto keeps the thread at half of what RT throttling allows"),
                  0, RTB_GAP_MAX_US, 100, RTB_METHOD_RESPONSE },
  [PARAM_NOISE_HISTOGRAM] = { "histogram_us", "noise-histogram-us", N_("Histogram Limit (µs)"),
                              N_("1 µs buckets, 32 as oslat; longer gaps count as overflows"),
                              RTB_HISTOGRAM_MIN_US, RTB_HISTOGRAM_MAX_US, 8, RTB_METHOD_NOISE },
};

static const char *const method_descriptions[] = {
  N_("Wake-up latency of one thread per CPU, the cyclictest method"),
  N_("Base and servo thread jitter, the LinuxCNC latency-test method"),
  N_("Error of a periodic timer's ticks"),
  N_("Execution time of a matrix inversion, instance by instance"),
  N_("Gaps while one thread per CPU polls the clock, the oslat method: is an isolated CPU "
     "quiet?"),
};

static const char *const policy_names[] = { "fifo", "rr", "other" };
static const char *const load_names[] = { "none", "cpu", "full" };

struct _RtbSetupPanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  AdwPreferencesPage *page;
  AdwComboRow *preset_row;
  AdwPreferencesGroup *method_group;
  AdwComboRow *method_row;
  AdwPreferencesGroup *params_group;
  AdwComboRow *variant_row;
  AdwEntryRow *sizes_row;
  RtbMachineGroup *machine_group;
  RtbCpuPicker *cpu_picker;
  AdwComboRow *policy_row;
  AdwActionRow *priority_row;
  GtkAdjustment *priority_adjustment;
  AdwEntryRow *duration_row;
  AdwEntryRow *trace_row;
  AdwComboRow *load_row;
  AdwEntryRow *label_row;
  RtbChecklistGroup *checklist_group;

  /* Borrowed references */
  AdwActionRow *param_rows[N_PARAMS];
  GtkAdjustment *param_adjustments[N_PARAMS];
  GtkWidget *error_row;

  int n_cpus;
  guint applying;           /* filling the fields from a command or preset */
  guint checklist_idle;
  RtbMethod method;
};

G_DEFINE_FINAL_TYPE (RtbSetupPanel, rtb_setup_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_METHOD,
  PROP_CPUS,
  PROP_CPU,
  PROP_POLICY,
  PROP_LOAD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static RtbPolicy
get_policy (RtbSetupPanel *self)
{
  switch (adw_combo_row_get_selected (self->policy_row))
    {
    case 1: return RTB_POLICY_RR;
    case 2: return RTB_POLICY_OTHER;
    default: return RTB_POLICY_FIFO;
    }
}

static void
set_policy (RtbSetupPanel *self,
            RtbPolicy      policy)
{
  adw_combo_row_set_selected (self->policy_row,
                              policy == RTB_POLICY_RR ? 1 : policy == RTB_POLICY_OTHER ? 2 : 0);
}

/* The one CPU of the methods that measure on one, or how the worker is to choose it. */
static int
picker_cpu (const RtbCommand *cmd,
            int               n_cpus)
{
  if (cmd->cpu_auto)
    return RTB_CPU_PICKER_AUTO;
  for (int cpu = 0; cpu < n_cpus; cpu++)
    if (rtb_cpu_isset (cmd->cpus, cpu))
      return cpu;
  return RTB_CPU_PICKER_UNPINNED;
}

static RtbTimerVariant
get_variant (RtbSetupPanel *self)
{
  return adw_combo_row_get_selected (self->variant_row) == 1 ? RTB_TIMER_VARIANT_NORMAL
                                                             : RTB_TIMER_VARIANT_RT;
}

/* The normal timer thread is an ordinary one: its policy and CPU are not for choosing. */
static void
update_thread_rows (RtbSetupPanel *self)
{
  gboolean ordinary = self->method == RTB_METHOD_TIMER &&
                      get_variant (self) == RTB_TIMER_VARIANT_NORMAL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->policy_row), !ordinary);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cpu_picker), !ordinary);
  gtk_widget_set_sensitive (GTK_WIDGET (self->priority_row),
                            !ordinary && get_policy (self) != RTB_POLICY_OTHER);
}

static void
clear_error (RtbSetupPanel *self)
{
  if (self->error_row != NULL)
    gtk_widget_remove_css_class (self->error_row, "error");
  self->error_row = NULL;
}

/* The checklist of the chosen machine for the chosen CPUs and priority, read anew: what runs
 * on this computer changes while the window is open. */
static gboolean
update_checklist (gpointer data)
{
  RtbSetupPanel *self = data;
  g_autoptr (GHashTable) snapshot = rtb_machine_group_dup_snapshot (self->machine_group);
  g_autoptr (GPtrArray) checks = NULL;
  g_autofree char *cpus_text = NULL;
  uint64_t cpus[RTB_MAX_CPUS / 64] = { 0 };
  RtbChecklistFor what = {
    cpus,
    get_policy (self) == RTB_POLICY_OTHER
      ? 0 : (int) gtk_adjustment_get_value (self->priority_adjustment),
    rtb_machine_group_get_hello (self->machine_group),
  };

  self->checklist_idle = 0;
  if (snapshot == NULL)
    {
      rtb_checklist_group_set_checks (self->checklist_group, NULL,
                                      _("Known once the other machine answered"));
      return G_SOURCE_REMOVE;
    }
  /* Auto is chosen by the measured machine's worker, and unpinned threads may run anywhere:
   * either is judged on every CPU. */
  if (!rtb_method_is_per_cpu (self->method) && rtb_cpu_picker_get_cpu (self->cpu_picker) < 0)
    what.cpus = NULL;
  else if (!rtb_method_is_per_cpu (self->method))
    {
      int cpu = MIN (rtb_cpu_picker_get_cpu (self->cpu_picker), RTB_MAX_CPUS - 1);

      cpus[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
    }
  else if (g_strcmp0 (cpus_text = rtb_cpu_picker_dup_cpus (self->cpu_picker), "all") == 0 ||
           !rtb_cpu_list_parse (cpus_text, cpus, RTB_MAX_CPUS, NULL))
    what.cpus = NULL;
  checks = rtb_checklist_evaluate (snapshot, &what);
  rtb_checklist_group_set_checks (self->checklist_group, checks, NULL);
  return G_SOURCE_REMOVE;
}

static void
queue_checklist (RtbSetupPanel *self)
{
  if (self->checklist_idle == 0)
    self->checklist_idle = g_idle_add (update_checklist, self);
}

static void
setup_changed (RtbSetupPanel *self)
{
  queue_checklist (self);
  clear_error (self);
  if (!self->applying && adw_combo_row_get_selected (self->preset_row) != 0)
    adw_combo_row_set_selected (self->preset_row, 0);
}

static void
on_cpus_changed (RtbSetupPanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[rtb_method_is_per_cpu (self->method) ? PROP_CPUS
                                                                            : PROP_CPU]);
  setup_changed (self);
}

/* The methods whose spikes the worker explains from a kernel trace. */
static gboolean
method_is_traced (RtbMethod method)
{
  return method == RTB_METHOD_LATENCY || method == RTB_METHOD_JITTER || method == RTB_METHOD_TIMER;
}

static void
update_method_rows (RtbSetupPanel *self)
{
  guint index = self->method - RTB_METHOD_LATENCY;

  for (guint p = 0; p < N_PARAMS; p++)
    gtk_widget_set_visible (GTK_WIDGET (self->param_rows[p]), params[p].method == self->method);
  gtk_widget_set_visible (GTK_WIDGET (self->variant_row), self->method == RTB_METHOD_TIMER);
  gtk_widget_set_visible (GTK_WIDGET (self->sizes_row), self->method == RTB_METHOD_RESPONSE);
  update_thread_rows (self);
  gtk_widget_set_visible (GTK_WIDGET (self->duration_row), self->method != RTB_METHOD_RESPONSE);
  gtk_widget_set_visible (GTK_WIDGET (self->trace_row), method_is_traced (self->method));
  /* On the group, not as the row's subtitle: a long subtitle squeezes the row's value until
   * a translated method name no longer fits. */
  if (index < G_N_ELEMENTS (method_descriptions))
    adw_preferences_group_set_description (self->method_group, _(method_descriptions[index]));
  rtb_cpu_picker_set_multiple (self->cpu_picker, rtb_method_is_per_cpu (self->method));
}

static void
on_method_selected (RtbSetupPanel *self)
{
  RtbMethod method = RTB_METHOD_LATENCY + adw_combo_row_get_selected (self->method_row);

  if (method == self->method)
    return;
  self->method = method;

  /* The methods differ in their usual priority and CPU; a change by hand starts from those. */
  if (!self->applying)
    {
      RtbCommand defaults;

      rtb_command_defaults (&defaults, method, self->n_cpus);
      set_policy (self, defaults.policy);
      gtk_adjustment_set_value (self->priority_adjustment, defaults.priority);
      rtb_cpu_picker_set_cpu (self->cpu_picker, picker_cpu (&defaults, self->n_cpus));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CPU]);
    }

  update_method_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METHOD]);
  setup_changed (self);
}

static void
on_policy_selected (RtbSetupPanel *self)
{
  RtbPolicy policy = get_policy (self);
  double priority = gtk_adjustment_get_value (self->priority_adjustment);

  if (!self->applying)
    {
      if (policy == RTB_POLICY_OTHER)
        gtk_adjustment_set_value (self->priority_adjustment, 0);
      else if (priority < RTB_PRIORITY_MIN)
        gtk_adjustment_set_value (self->priority_adjustment,
                                  self->method == RTB_METHOD_TIMER ? 80
                                  : self->method == RTB_METHOD_NOISE ? 1 : 99);
    }
  update_thread_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POLICY]);
  setup_changed (self);
}

/* Like the command's variant key, a change by hand moves the policy and CPU along. */
static void
on_variant_selected (RtbSetupPanel *self)
{
  if (!self->applying)
    {
      RtbCommand cmd;

      rtb_command_defaults (&cmd, RTB_METHOD_TIMER, self->n_cpus);
      rtb_command_set (&cmd, "variant",
                       get_variant (self) == RTB_TIMER_VARIANT_NORMAL ? "normal" : "rt",
                       self->n_cpus, NULL);
      self->applying++;
      set_policy (self, cmd.policy);
      gtk_adjustment_set_value (self->priority_adjustment, cmd.priority);
      self->applying--;
      rtb_cpu_picker_set_cpu (self->cpu_picker, RTB_CPU_PICKER_UNPINNED);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CPU]);
    }
  update_thread_rows (self);
  setup_changed (self);
}

/* The pause's 0 is "Auto", shown and typed as such. */
static gboolean
on_gap_output (GtkSpinButton *spin,
               gpointer       user_data)
{
  if (gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin)) != 0)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), _("Auto"));
  return TRUE;
}

static int
on_gap_input (GtkSpinButton *spin,
              double        *value,
              gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));

  if (g_ascii_strcasecmp (text, "auto") != 0 && g_strcmp0 (text, _("Auto")) != 0)
    return FALSE;
  *value = 0;
  return TRUE;
}

static void
on_load_selected (RtbSetupPanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOAD]);
  setup_changed (self);
}

static void
on_preset_selected (RtbSetupPanel *self)
{
  guint selected = adw_combo_row_get_selected (self->preset_row);

  if (selected > 0 && selected != GTK_INVALID_LIST_POSITION && !self->applying)
    rtb_setup_panel_apply_preset (self, selected - 1);
}

static void
create_param_rows (RtbSetupPanel *self)
{
  for (guint p = 0; p < N_PARAMS; p++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkAdjustment *adjustment;
      GtkWidget *spin;

      adjustment = gtk_adjustment_new (params[p].lower, params[p].lower, params[p].upper,
                                       params[p].step, params[p].step * 10, 0);
      spin = gtk_spin_button_new (adjustment, 1, 0);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), p != PARAM_GAP);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_widget_set_name (spin, params[p].key);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(params[p].title));
      if (params[p].subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(params[p].subtitle));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->params_group, row);

      if (p == PARAM_GAP)
        {
          g_signal_connect (spin, "output", G_CALLBACK (on_gap_output), NULL);
          g_signal_connect (spin, "input", G_CALLBACK (on_gap_input), NULL);
        }
      g_signal_connect_swapped (adjustment, "value-changed", G_CALLBACK (setup_changed), self);
      self->param_rows[p] = ADW_ACTION_ROW (row);
      self->param_adjustments[p] = adjustment;
    }
}

static guint64
param_from_command (Param             p,
                    const RtbCommand *cmd)
{
  switch (p)
    {
    case PARAM_INTERVAL:
      return cmd->latency.interval_us;
    case PARAM_HISTOGRAM:
      return cmd->latency.histogram_us;
    case PARAM_BASE:
      return cmd->jitter.base_us;
    case PARAM_SERVO:
      return cmd->jitter.servo_us;
    case PARAM_PERIOD:
      return cmd->timer.period_us;
    case PARAM_SPIN:
      return cmd->timer.spin_us;
    case PARAM_EXPERIMENTS:
      return cmd->response.experiments;
    case PARAM_INSTANCES:
      return cmd->response.instances;
    case PARAM_GAP:
      return cmd->response.gap_us;
    case PARAM_NOISE_HISTOGRAM:
      return cmd->noise.histogram_us;
    case N_PARAMS:
    default:
      g_assert_not_reached ();
    }
}

static GtkWidget *
row_for_field (RtbSetupPanel *self,
               const char    *field)
{
  if (g_str_equal (field, "cpus") || g_str_equal (field, "cpu"))
    return GTK_WIDGET (self->cpu_picker);
  if (g_str_equal (field, "policy"))
    return GTK_WIDGET (self->policy_row);
  if (g_str_equal (field, "priority"))
    return GTK_WIDGET (self->priority_row);
  if (g_str_equal (field, "duration"))
    return GTK_WIDGET (self->duration_row);
  if (g_str_equal (field, "variant"))
    return GTK_WIDGET (self->variant_row);
  if (g_str_equal (field, "size"))
    return GTK_WIDGET (self->sizes_row);
  if (g_str_equal (field, "trace_above_us"))
    return GTK_WIDGET (self->trace_row);
  for (guint p = 0; p < N_PARAMS; p++)
    if (g_str_equal (field, params[p].key))
      return GTK_WIDGET (self->param_rows[p]);
  return NULL;
}

static gboolean
fail_field (RtbSetupPanel         *self,
            const RtbCommandError *cerr,
            GError               **error)
{
  GtkWidget *row = row_for_field (self, cerr->field);

  clear_error (self);
  if (row != NULL)
    {
      gtk_widget_add_css_class (row, "error");
      self->error_row = row;
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", cerr->message);
  return FALSE;
}

gboolean
rtb_setup_panel_build_command (RtbSetupPanel *self,
                               RtbCommand    *cmd,
                               GError       **error)
{
  RtbCommandError cerr = { 0 };
  char value[64];

  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), FALSE);
  g_return_val_if_fail (cmd != NULL, FALSE);

  rtb_command_defaults (cmd, self->method, self->n_cpus);

  if (self->method == RTB_METHOD_TIMER &&
      !rtb_command_set (cmd, "variant",
                        get_variant (self) == RTB_TIMER_VARIANT_NORMAL ? "normal" : "rt",
                        self->n_cpus, &cerr))
    return fail_field (self, &cerr, error);

  if (!rtb_command_set (cmd, "policy", policy_names[get_policy (self) == RTB_POLICY_RR ? 1 :
                                                    get_policy (self) == RTB_POLICY_OTHER ? 2 : 0],
                        self->n_cpus, &cerr))
    return fail_field (self, &cerr, error);

  g_snprintf (value, sizeof value, "%d",
              (int) gtk_adjustment_get_value (self->priority_adjustment));
  if (!rtb_command_set (cmd, "priority", value, self->n_cpus, &cerr))
    return fail_field (self, &cerr, error);

  for (guint p = 0; p < N_PARAMS; p++)
    {
      if (params[p].method != self->method)
        continue;
      g_snprintf (value, sizeof value, "%.0f",
                  gtk_adjustment_get_value (self->param_adjustments[p]));
      if (p == PARAM_GAP && g_str_equal (value, "0"))
        g_strlcpy (value, "auto", sizeof value);
      if (!rtb_command_set (cmd, params[p].key, value, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }

  if (self->method == RTB_METHOD_RESPONSE)
    {
      /* "32, 64, 128" as the user may write it is the key's "32,64,128". */
      g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->sizes_row)));
      g_auto (GStrv) words = g_strsplit_set (g_strstrip (text), ", ", -1);
      g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
      g_auto (GStrv) sizes = NULL;
      g_autofree char *list = NULL;

      for (guint i = 0; words[i] != NULL; i++)
        if (words[i][0] != '\0')
          g_strv_builder_add (builder, words[i]);
      sizes = g_strv_builder_end (builder);
      list = g_strjoinv (",", sizes);
      if (!rtb_command_set (cmd, "size", list, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }

  if (rtb_method_is_per_cpu (self->method))
    {
      g_autofree char *cpus = rtb_cpu_picker_dup_cpus (self->cpu_picker);

      if (!rtb_command_set (cmd, "cpus", cpus, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }
  else if (self->method != RTB_METHOD_TIMER || get_variant (self) == RTB_TIMER_VARIANT_RT)
    {
      int cpu = rtb_cpu_picker_get_cpu (self->cpu_picker);

      if (cpu == RTB_CPU_PICKER_AUTO)
        g_strlcpy (value, "auto", sizeof value);
      else if (cpu == RTB_CPU_PICKER_UNPINNED)
        g_strlcpy (value, "none", sizeof value);
      else
        g_snprintf (value, sizeof value, "%d", cpu);
      if (!rtb_command_set (cmd, "cpu", value, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }

  if (self->method != RTB_METHOD_RESPONSE)
    {
      g_autofree char *duration =
        g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->duration_row))));

      if (!rtb_command_set (cmd, "duration", duration, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
      g_autofree char *trace =
        g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->trace_row))));
      if (trace[0] != '\0' && method_is_traced (self->method) &&
          !rtb_command_set (cmd, "trace_above_us", trace, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }

  if (!rtb_command_check (cmd, self->n_cpus, &cerr))
    return fail_field (self, &cerr, error);

  clear_error (self);
  return TRUE;
}

void
rtb_setup_panel_set_command (RtbSetupPanel    *self,
                             const RtbCommand *cmd)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (cmd != NULL);

  self->applying++;

  rtb_setup_panel_set_method (self, cmd->method);
  if (cmd->method == RTB_METHOD_TIMER)
    adw_combo_row_set_selected (self->variant_row,
                                cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL ? 1 : 0);
  if (cmd->method == RTB_METHOD_RESPONSE)
    {
      uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
      unsigned n = rtb_command_response_sizes (cmd, sizes);
      g_autoptr (GString) text = g_string_new (NULL);

      for (unsigned i = 0; i < n; i++)
        g_string_append_printf (text, "%s%u", i > 0 ? ", " : "", sizes[i]);
      gtk_editable_set_text (GTK_EDITABLE (self->sizes_row), text->str);
    }
  set_policy (self, cmd->policy);
  gtk_adjustment_set_value (self->priority_adjustment, cmd->priority);
  for (guint p = 0; p < N_PARAMS; p++)
    if (params[p].method == cmd->method)
      gtk_adjustment_set_value (self->param_adjustments[p], param_from_command (p, cmd));

  if (rtb_method_is_per_cpu (cmd->method))
    {
      rtb_cpu_picker_set_cpu_set (self->cpu_picker, cmd->cpus_all ? NULL : cmd->cpus);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CPUS]);
    }
  else
    {
      rtb_cpu_picker_set_cpu (self->cpu_picker, picker_cpu (cmd, self->n_cpus));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CPU]);
    }

  if (cmd->method != RTB_METHOD_RESPONSE)
    {
      char buf[64];

      rtb_duration_format (cmd->duration_ns, buf, sizeof buf);
      gtk_editable_set_text (GTK_EDITABLE (self->duration_row), buf);
      if (cmd->trace_auto)
        g_snprintf (buf, sizeof buf, "auto");
      else if (cmd->trace_above_us > 0)
        g_snprintf (buf, sizeof buf, "%u", cmd->trace_above_us);
      else
        buf[0] = '\0';
      gtk_editable_set_text (GTK_EDITABLE (self->trace_row), buf);
    }

  update_thread_rows (self);
  self->applying--;
  setup_changed (self);
}

RtbMethod
rtb_setup_panel_get_method (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), RTB_METHOD_LATENCY);

  return self->method;
}

void
rtb_setup_panel_set_method (RtbSetupPanel *self,
                            RtbMethod      method)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (method >= RTB_METHOD_LATENCY && method <= RTB_METHOD_LAST);

  adw_combo_row_set_selected (self->method_row, method - RTB_METHOD_LATENCY);
}

RtbLoadScenario
rtb_setup_panel_get_load (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), RTB_LOAD_NONE);

  switch (adw_combo_row_get_selected (self->load_row))
    {
    case 1: return RTB_LOAD_CPU;
    case 2: return RTB_LOAD_FULL;
    default: return RTB_LOAD_NONE;
    }
}

void
rtb_setup_panel_set_load (RtbSetupPanel   *self,
                          RtbLoadScenario  load)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  adw_combo_row_set_selected (self->load_row,
                              load == RTB_LOAD_CPU ? 1 : load == RTB_LOAD_FULL ? 2 : 0);
}

const char *
rtb_setup_panel_get_label (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->label_row));
}

void
rtb_setup_panel_set_label (RtbSetupPanel *self,
                           const char    *label)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  gtk_editable_set_text (GTK_EDITABLE (self->label_row), label ? label : "");
}

void
rtb_setup_panel_set_duration (RtbSetupPanel *self,
                              const char    *duration)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  gtk_editable_set_text (GTK_EDITABLE (self->duration_row), duration);
}

/* The isolated CPUs, when there are: the ones a noise run is meant to prove quiet. */
static void
choose_isolated (RtbSetupPanel *self,
                 RtbCommand    *cmd)
{
  uint64_t isolated[RTB_MAX_CPUS / 64] = { 0 };

  for (int cpu = 0; cpu < self->n_cpus && cpu < RTB_MAX_CPUS; cpu++)
    if (rtb_cpu_picker_is_isolated (self->cpu_picker, cpu))
      isolated[cpu / 64] |= G_GUINT64_CONSTANT (1) << (cpu % 64);
  if (rtb_cpu_count (isolated, RTB_MAX_CPUS) == 0)
    return;
  memcpy (cmd->cpus, isolated, sizeof isolated);
  cmd->cpus_all = FALSE;
}

void
rtb_setup_panel_apply_preset (RtbSetupPanel *self,
                              guint          index)
{
  const RtbPreset *preset;
  g_autoptr(GError) error = NULL;
  RtbCommand cmd;

  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (index < rtb_presets_get_n ());

  preset = rtb_presets_get (index);
  if (!rtb_preset_build_command (preset, self->n_cpus, &cmd, &error))
    {
      g_warning ("Preset “%s” does not fit this machine: %s", preset->name, error->message);
      return;
    }
  if (cmd.method == RTB_METHOD_NOISE)
    choose_isolated (self, &cmd);

  self->applying++;
  rtb_setup_panel_set_command (self, &cmd);
  rtb_setup_panel_set_load (self, preset->load);
  rtb_setup_panel_set_label (self, _(preset->name));
  adw_combo_row_set_selected (self->preset_row, index + 1);
  self->applying--;
}

void
rtb_setup_panel_set_isolated (RtbSetupPanel *self,
                              const char    *list)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));

  rtb_cpu_picker_set_isolated (self->cpu_picker, list);
}

gboolean
rtb_setup_panel_is_cpu_isolated (RtbSetupPanel *self,
                                 int            cpu)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), FALSE);

  return rtb_cpu_picker_is_isolated (self->cpu_picker, cpu);
}

/* Another machine brings its own CPUs, once its worker said how many; a load scenario would
 * run stress-ng here, not there. */
static void
on_machine_changed (RtbSetupPanel *self)
{
  const RtbSystemInfo *system = rtb_machine_group_get_system (self->machine_group);
  gboolean remote = rtb_machine_group_get_remote (self->machine_group) != NULL;

  if (system != NULL)
    {
      rtb_cpu_picker_set_n_cpus (self->cpu_picker, system->n_cpus);
      rtb_cpu_picker_set_isolated (self->cpu_picker, system->isolated);
    }
  else if (!remote)
    rtb_cpu_picker_show_this_machine (self->cpu_picker);
  self->n_cpus = rtb_cpu_picker_get_n_cpus (self->cpu_picker);

  if (remote)
    adw_combo_row_set_selected (self->load_row, 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->load_row), !remote);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->load_row),
                               remote ? _("Start the load on the other machine yourself: "
                                          "stress-ng would run here")
                                      : _("Started with stress-ng during the run"));
  setup_changed (self);
}

const char *
rtb_setup_panel_get_remote (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return rtb_machine_group_get_remote (self->machine_group);
}

const char *
rtb_setup_panel_get_remote_worker (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return rtb_machine_group_get_remote_worker (self->machine_group);
}

const RtbSystemInfo *
rtb_setup_panel_get_remote_system (RtbSetupPanel *self)
{
  g_return_val_if_fail (RTB_IS_SETUP_PANEL (self), NULL);

  return rtb_machine_group_get_system (self->machine_group);
}

void
rtb_setup_panel_bind_settings (RtbSetupPanel *self,
                               GSettings     *settings)
{
  g_return_if_fail (RTB_IS_SETUP_PANEL (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  /* The method first: changing it resets the policy, priority and CPU to its defaults. */
  g_settings_bind (settings, "method", self, "method", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "policy", self, "policy", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "priority", self->priority_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "cpus", self, "cpus", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "cpu", self, "cpu", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "duration", self->duration_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "trace-above", self->trace_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "load", self, "load", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "label", self->label_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "sizes", self->sizes_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "timer-variant", self->variant_row, "selected",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "remote-worker", self->machine_group, "remote-worker",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "remote", self->machine_group, "remote", G_SETTINGS_BIND_DEFAULT);
  for (guint p = 0; p < N_PARAMS; p++)
    g_settings_bind (settings, params[p].settings_key, self->param_adjustments[p], "value",
                     G_SETTINGS_BIND_DEFAULT);
}

RtbSetupPanel *
rtb_setup_panel_new (void)
{
  return g_object_new (RTB_TYPE_SETUP_PANEL, NULL);
}

static void
rtb_setup_panel_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);

  switch (prop_id)
    {
    case PROP_METHOD:
      g_value_set_string (value, rtb_method_to_string (self->method));
      break;
    case PROP_CPUS:
      g_value_take_string (value, rtb_cpu_picker_dup_cpus (self->cpu_picker));
      break;
    case PROP_CPU:
      g_value_set_int (value, rtb_cpu_picker_get_cpu (self->cpu_picker));
      break;
    case PROP_POLICY:
      g_value_set_string (value, rtb_policy_to_string (get_policy (self)));
      break;
    case PROP_LOAD:
      g_value_set_string (value, load_names[rtb_setup_panel_get_load (self)]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_setup_panel_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);
  RtbMethod method;
  RtbPolicy policy;
  RtbLoadScenario load;
  int cpu;

  switch (prop_id)
    {
    case PROP_METHOD:
      if (rtb_method_from_string (g_value_get_string (value), &method))
        rtb_setup_panel_set_method (self, method);
      break;
    case PROP_CPUS:
      rtb_cpu_picker_set_cpus (self->cpu_picker, g_value_get_string (value));
      break;
    case PROP_CPU:
      cpu = g_value_get_int (value);
      if ((cpu == RTB_CPU_PICKER_AUTO || cpu == RTB_CPU_PICKER_UNPINNED ||
           (cpu >= 0 && cpu < self->n_cpus)) &&
          cpu != rtb_cpu_picker_get_cpu (self->cpu_picker))
        {
          rtb_cpu_picker_set_cpu (self->cpu_picker, cpu);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_POLICY:
      if (rtb_policy_from_string (g_value_get_string (value), &policy))
        set_policy (self, policy);
      break;
    case PROP_LOAD:
      if (rtb_load_scenario_from_string (g_value_get_string (value), &load))
        rtb_setup_panel_set_load (self, load);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
  /* Set from the settings or a test, the CPUs do not pass through the picker's signal. */
  queue_checklist (self);
}

static void
rtb_setup_panel_dispose (GObject *object)
{
  RtbSetupPanel *self = RTB_SETUP_PANEL (object);
  GtkWidget *child;

  g_clear_handle_id (&self->checklist_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_SETUP_PANEL);
  /* dispose_template() only unparents the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (rtb_setup_panel_parent_class)->dispose (object);
}

static void
rtb_setup_panel_class_init (RtbSetupPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rtb_setup_panel_get_property;
  object_class->set_property = rtb_setup_panel_set_property;
  object_class->dispose = rtb_setup_panel_dispose;

  properties[PROP_METHOD] =
    g_param_spec_string ("method", NULL, NULL, "latency",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CPUS] =
    g_param_spec_string ("cpus", NULL, NULL, "all",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CPU] =
    g_param_spec_int ("cpu", NULL, NULL, RTB_CPU_PICKER_UNPINNED, RTB_MAX_CPUS - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POLICY] =
    g_param_spec_string ("policy", NULL, NULL, "fifo",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOAD] =
    g_param_spec_string ("load", NULL, NULL, "none",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RTB_TYPE_CPU_PICKER);
  g_type_ensure (RTB_TYPE_MACHINE_GROUP);
  g_type_ensure (RTB_TYPE_CHECKLIST_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-setup-panel.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, page);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, preset_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, method_group);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, variant_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, sizes_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, method_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, params_group);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, machine_group);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, cpu_picker);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, policy_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, priority_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, priority_adjustment);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, duration_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, trace_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, load_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, label_row);
  gtk_widget_class_bind_template_child (widget_class, RtbSetupPanel, checklist_group);
  gtk_widget_class_bind_template_callback (widget_class, on_cpus_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_selected);
  gtk_widget_class_bind_template_callback (widget_class, setup_changed);
}

static void
rtb_setup_panel_init (RtbSetupPanel *self)
{
  g_autoptr(GtkStringList) presets = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->n_cpus = rtb_cpu_picker_get_n_cpus (self->cpu_picker);
  self->method = RTB_METHOD_LATENCY;

  gtk_string_list_append (presets, _("Custom"));
  for (guint i = 0; i < rtb_presets_get_n (); i++)
    gtk_string_list_append (presets, _(rtb_presets_get (i)->name));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (presets));
  {
    g_autoptr(GtkListItemFactory) factory = rtb_presets_new_list_factory ();

    adw_combo_row_set_list_factory (self->preset_row, factory);
  }

  create_param_rows (self);

  {
    RtbCommand defaults;
    char size[16];

    rtb_command_defaults (&defaults, RTB_METHOD_LATENCY, self->n_cpus);
    rtb_setup_panel_set_command (self, &defaults);
    for (guint p = 0; p < N_PARAMS; p++)
      {
        RtbCommand other;

        rtb_command_defaults (&other, params[p].method, self->n_cpus);
        gtk_adjustment_set_value (self->param_adjustments[p], param_from_command (p, &other));
      }
    rtb_command_defaults (&defaults, RTB_METHOD_RESPONSE, self->n_cpus);
    g_snprintf (size, sizeof size, "%u", defaults.response.size);
    gtk_editable_set_text (GTK_EDITABLE (self->sizes_row), size);
  }
  update_method_rows (self);

  g_signal_connect_swapped (self->method_row, "notify::selected",
                            G_CALLBACK (on_method_selected), self);
  g_signal_connect_swapped (self->policy_row, "notify::selected",
                            G_CALLBACK (on_policy_selected), self);
  g_signal_connect_swapped (self->load_row, "notify::selected",
                            G_CALLBACK (on_load_selected), self);
  g_signal_connect_swapped (self->preset_row, "notify::selected",
                            G_CALLBACK (on_preset_selected), self);
  g_signal_connect_swapped (self->priority_adjustment, "value-changed",
                            G_CALLBACK (setup_changed), self);
  g_signal_connect_swapped (self->duration_row, "changed", G_CALLBACK (setup_changed), self);
  g_signal_connect_swapped (self->trace_row, "changed", G_CALLBACK (setup_changed), self);
  g_signal_connect_swapped (self->label_row, "changed", G_CALLBACK (setup_changed), self);
  g_signal_connect_swapped (self->machine_group, "notify::remote",
                            G_CALLBACK (on_machine_changed), self);
  g_signal_connect_swapped (self->machine_group, "notify::system",
                            G_CALLBACK (on_machine_changed), self);
}
