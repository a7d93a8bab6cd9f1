/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>

#include "rtb-setup-panel-private.h"

const ParamSpec _rtb_setup_panel_params[N_PARAMS] = {
  [PARAM_INTERVAL] = { RTB_KEY_INTERVAL_US, RTB_METHOD_LATENCY, "interval-us",
                       N_("Interval (µs)"), N_("Wake-up period of each thread"), 100 },
  [PARAM_HISTOGRAM] = { RTB_KEY_HISTOGRAM_US, RTB_METHOD_LATENCY, "histogram-us",
                        N_("Histogram Limit (µs)"),
                        N_("1 µs buckets; larger values count as overflows"), 100 },
  [PARAM_BASE] = { RTB_KEY_BASE_US, RTB_METHOD_JITTER, "base-us", N_("Base Thread Period (µs)"),
                   N_("The fast thread that steps motors in software"), 5 },
  [PARAM_SERVO] = { RTB_KEY_SERVO_US, RTB_METHOD_JITTER, "servo-us",
                    N_("Servo Thread Period (µs)"),
                    N_("The slow thread that runs the motion controller"), 100 },
  [PARAM_PERIOD] = { RTB_KEY_PERIOD_US, RTB_METHOD_TIMER, "period-us", N_("Timer Period (µs)"),
                     NULL, 500 },
  [PARAM_SPIN] = { RTB_KEY_SPIN_US, RTB_METHOD_TIMER, "spin-us", N_("Spin Before Deadline (µs)"),
                   N_("Sleep until this long before each tick, then spin"), 10 },
  [PARAM_EXPERIMENTS] = { RTB_KEY_EXPERIMENTS, RTB_METHOD_RESPONSE, "experiments",
                          N_("Experiments"), N_("Runs of each size, one curve each"), 1 },
  [PARAM_INSTANCES] = { RTB_KEY_INSTANCES, RTB_METHOD_RESPONSE, "instances", N_("Instances"),
                        N_("How many inversions each experiment times"), 100 },
  /* 0 is "Auto": long enough that RT throttling never cuts an instance. */
  [PARAM_GAP] = { RTB_KEY_GAP_US, RTB_METHOD_RESPONSE, "gap-us",
                  N_("Pause Between Instances (µs)"),
                  N_("Auto keeps the thread at half of what RT throttling allows"), 100 },
  [PARAM_NOISE_HISTOGRAM] = { RTB_KEY_HISTOGRAM_US, RTB_METHOD_NOISE, "noise-histogram-us",
                              N_("Histogram Limit (µs)"),
                              N_("1 µs buckets, 32 as oslat; longer gaps count as overflows"),
                              8 },
  [PARAM_TIMERLAT_PERIOD] = { RTB_KEY_PERIOD_US, RTB_METHOD_TIMERLAT, "timerlat-period-us",
                              N_("Tracer Period (µs)"),
                              N_("How often the tracer's thread wakes, 100 µs or more"), 100 },
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
      const RtbKey *key = &rtb_command_keys[_rtb_setup_panel_params[p].key];
      /* A key whose 0 is a word ("auto") takes 0 too. */
      double lower = key->auto_word != NULL ? 0 : (double) key->min;
      GtkWidget *row = adw_action_row_new ();
      GtkAdjustment *adjustment;
      GtkWidget *spin;

      adjustment = gtk_adjustment_new (lower, lower, (double) key->max,
                                       _rtb_setup_panel_params[p].step,
                                       _rtb_setup_panel_params[p].step * 10, 0);
      spin = gtk_spin_button_new (adjustment, 1, 0);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), key->auto_word == NULL);
      gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
      gtk_widget_set_name (spin, key->name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     _(_rtb_setup_panel_params[p].title));
      if (_rtb_setup_panel_params[p].subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(_rtb_setup_panel_params[p].subtitle));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
      adw_preferences_group_add (self->params_group, row);

      if (key->auto_word != NULL)
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
  g_assert (cmd->method == _rtb_setup_panel_params[p].method);
  return rtb_command_key_get (cmd, _rtb_setup_panel_params[p].key);
}
