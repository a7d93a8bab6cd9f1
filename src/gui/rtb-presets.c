/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <inttypes.h>

#include <gtk/gtk.h>
#include <glib/gi18n.h>

#include "rtb-presets.h"
#include "rtb-time.h"

guint
rtb_presets_get_n (void)
{
  return rtb_n_presets;
}

const RtbPreset *
rtb_presets_get (guint i)
{
  g_return_val_if_fail (i < rtb_n_presets, NULL);

  return &rtb_presets[i];
}

gboolean
rtb_preset_build_command (const RtbPreset *preset,
                          int              n_cpus,
                          RtbCommand      *cmd,
                          GError         **error)
{
  RtbCommandError cerr = { 0 };

  g_return_val_if_fail (preset != NULL, FALSE);
  g_return_val_if_fail (cmd != NULL, FALSE);

  if (!rtb_command_parse (preset->command, false, n_cpus, cmd, &cerr) ||
      !rtb_command_check (cmd, n_cpus, &cerr))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", cerr.message);
      return FALSE;
    }

  return TRUE;
}

char *
rtb_preset_dup_summary (const RtbPreset *preset)
{
  RtbCommandError cerr = { 0 };
  RtbCommand cmd;
  char duration[32];

  g_return_val_if_fail (preset != NULL, NULL);

  if (!rtb_command_parse (preset->command, false, RTB_MAX_CPUS, &cmd, &cerr))
    return g_strdup (_(preset->description));
  if (cmd.method == RTB_METHOD_RESPONSE)
    /* Translators: how long a preset runs, then what it does */
    return g_strdup_printf (ngettext ("%" PRIu64 " instance · %s",
                                      "%" PRIu64 " instances · %s",
                                      cmd.response.instances),
                            (guint64) cmd.response.instances, _(preset->description));
  if (cmd.duration_ns == 0)
    return g_strdup_printf (_("Until stopped · %s"), _(preset->description));
  rtb_duration_format (cmd.duration_ns, duration, sizeof duration);
  /* Translators: how long a preset runs ("12h", "15m", "1m"), then what it does */
  return g_strdup_printf (_("Runs %s · %s"), duration, _(preset->description));
}

/* AdwComboRow's own list cuts every item at 20 characters, and the three board vendor presets
 * then read alike: each preset's name whole, over how long it runs and what it does. */
static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  for (GtkWidget **label = (GtkWidget *[]) { title, subtitle, NULL }; *label != NULL; label++)
    {
      gtk_label_set_xalign (GTK_LABEL (*label), 0);
      gtk_label_set_wrap (GTK_LABEL (*label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (*label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (*label), 34);
      gtk_label_set_width_chars (GTK_LABEL (*label), 24);
      gtk_box_append (GTK_BOX (box), *label);
    }
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_item_set_child (item, box);
}

static void
bind_item (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  GtkWidget *title = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
  guint position = gtk_list_item_get_position (item);
  g_autofree char *summary = NULL;

  if (position == 0 || position > rtb_n_presets)
    {
      gtk_label_set_label (GTK_LABEL (title), _("Custom"));
      gtk_label_set_label (GTK_LABEL (subtitle), _("Every parameter as you set it"));
      return;
    }
  summary = rtb_preset_dup_summary (&rtb_presets[position - 1]);
  gtk_label_set_label (GTK_LABEL (title), _(rtb_presets[position - 1].name));
  gtk_label_set_label (GTK_LABEL (subtitle), summary);
}

GtkListItemFactory *
rtb_presets_new_list_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), NULL);
  return factory;
}
