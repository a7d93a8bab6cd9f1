/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-setup-panel-private.h"

const ParamSpec _rtb_setup_panel_params[N_PARAMS] = {
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

void
_rtb_setup_panel_create_param_rows (RtbSetupPanel *self)
{
  for (guint p = 0; p < N_PARAMS; p++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkAdjustment *adjustment;
      GtkWidget *spin;

      adjustment = gtk_adjustment_new (_rtb_setup_panel_params[p].lower,
                                       _rtb_setup_panel_params[p].lower,
                                       _rtb_setup_panel_params[p].upper,
                                       _rtb_setup_panel_params[p].step,
                                       _rtb_setup_panel_params[p].step * 10, 0);
      spin = gtk_spin_button_new (adjustment, 1, 0);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), p != PARAM_GAP);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_widget_set_name (spin, _rtb_setup_panel_params[p].key);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     _(_rtb_setup_panel_params[p].title));
      if (_rtb_setup_panel_params[p].subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(_rtb_setup_panel_params[p].subtitle));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->params_group, row);

      if (p == PARAM_GAP)
        {
          g_signal_connect (spin, "output", G_CALLBACK (on_gap_output), NULL);
          g_signal_connect (spin, "input", G_CALLBACK (on_gap_input), NULL);
        }
      g_signal_connect_swapped (adjustment, "value-changed",
                                G_CALLBACK (_rtb_setup_panel_changed), self);
      self->param_rows[p] = ADW_ACTION_ROW (row);
      self->param_adjustments[p] = adjustment;
    }
}

guint64
_rtb_setup_panel_param_from_command (Param             p,
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
