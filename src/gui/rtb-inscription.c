/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-inscription.h"

/* Unlike a label's, an inscription's size does not follow its text: a new text only redraws
 * it, where a label's would measure and lay out the whole window again. Its size changes only
 * when a text would not fit, so a figure that grows by a digit widens it once. */
gboolean
rtb_inscription_set_text (GtkInscription *inscription,
                          const char     *text,
                          guint           insisted_chars)
{
  guint chars = (guint) g_utf8_strlen (text != NULL ? text : "", -1) + 2;

  g_return_val_if_fail (GTK_IS_INSCRIPTION (inscription), FALSE);

  if (g_strcmp0 (gtk_inscription_get_text (inscription), text) == 0)
    return FALSE;
  if (chars > gtk_inscription_get_nat_chars (inscription))
    gtk_inscription_set_nat_chars (inscription, chars);
  if (MIN (chars, insisted_chars) > gtk_inscription_get_min_chars (inscription))
    gtk_inscription_set_min_chars (inscription, MIN (chars, insisted_chars));
  gtk_inscription_set_text (inscription, text);
  return TRUE;
}

void
rtb_inscription_set_label_text (GtkLabel   *label,
                                const char *text)
{
  if (g_strcmp0 (gtk_label_get_label (label), text) != 0)
    gtk_label_set_label (label, text);
}
