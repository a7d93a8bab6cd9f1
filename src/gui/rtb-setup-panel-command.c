/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-setup-panel-private.h"
#include "rtb-time.h"

static const char *const policy_names[] = { "fifo", "rr", "other" };

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
  /* A key such as histogram_us has a row for each method that takes it: the shown one's. */
  for (guint p = 0; p < N_PARAMS; p++)
    if (self->param_rows[p] != NULL && rtb_key_words[p].method == self->method &&
        g_str_equal (field, rtb_key_words[p].key))
      return GTK_WIDGET (self->param_rows[p]);
  return NULL;
}

static gboolean
fail_field (RtbSetupPanel         *self,
            const RtbCommandError *cerr,
            GError               **error)
{
  GtkWidget *row = row_for_field (self, cerr->field);

  _rtb_setup_panel_clear_error (self);
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
                        _rtb_setup_panel_get_variant (self) == RTB_TIMER_VARIANT_NORMAL
                          ? "normal" : "rt",
                        self->n_cpus, &cerr))
    return fail_field (self, &cerr, error);

  /* hwlat's thread is the kernel's, of no policy of ours. */
  if (rtb_command_key_taken (RTB_KEY_POLICY, self->method))
    {
      if (!rtb_command_set (cmd, "policy",
                            policy_names[_rtb_setup_panel_get_policy (self) == RTB_POLICY_RR ? 1
                                         : _rtb_setup_panel_get_policy (self) == RTB_POLICY_OTHER
                                           ? 2 : 0],
                            self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
      g_snprintf (value, sizeof value, "%d",
                  (int) gtk_adjustment_get_value (self->priority_adjustment));
      if (!rtb_command_set (cmd, "priority", value, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }

  for (guint p = 0; p < N_PARAMS; p++)
    {
      const RtbKey *key;

      if (self->param_rows[p] == NULL || rtb_key_words[p].method != self->method)
        continue;
      g_snprintf (value, sizeof value, "%.0f",
                  gtk_adjustment_get_value (self->param_adjustments[p]));
      key = rtb_key_words_key (p);
      if (key->auto_word != NULL && g_str_equal (value, "0"))
        g_strlcpy (value, key->auto_word, sizeof value);
      if (key->kind == RTB_KIND_WORD)
        g_strlcpy (value, rtb_command_key_word (key, (guint64) gtk_adjustment_get_value (
                                                        self->param_adjustments[p])),
                   sizeof value);
      if (!rtb_command_set (cmd, key->name, value, self->n_cpus, &cerr))
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
  else if (self->method != RTB_METHOD_TIMER ||
           _rtb_setup_panel_get_variant (self) == RTB_TIMER_VARIANT_RT)
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
      if (trace[0] != '\0' && _rtb_setup_panel_method_is_traced (self->method) &&
          !rtb_command_set (cmd, "trace_above_us", trace, self->n_cpus, &cerr))
        return fail_field (self, &cerr, error);
    }

  if (!rtb_command_check (cmd, self->n_cpus, &cerr))
    return fail_field (self, &cerr, error);

  _rtb_setup_panel_clear_error (self);
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
  _rtb_setup_panel_set_policy (self, cmd->policy);
  gtk_adjustment_set_value (self->priority_adjustment, cmd->priority);
  for (guint p = 0; p < N_PARAMS; p++)
    if (self->param_rows[p] != NULL && rtb_key_words[p].method == cmd->method)
      gtk_adjustment_set_value (self->param_adjustments[p],
                                _rtb_setup_panel_param_from_command (p, cmd));

  if (rtb_method_is_per_cpu (cmd->method))
    {
      rtb_cpu_picker_set_cpu_set (self->cpu_picker, cmd->cpus_all ? NULL : cmd->cpus);
      g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_CPUS]);
    }
  else
    {
      rtb_cpu_picker_set_cpu (self->cpu_picker, _rtb_setup_panel_picker_cpu (cmd, self->n_cpus));
      g_object_notify_by_pspec (G_OBJECT (self), _rtb_setup_panel_properties[PROP_CPU]);
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

  _rtb_setup_panel_update_thread_rows (self);
  self->applying--;
  _rtb_setup_panel_changed (self);
}
