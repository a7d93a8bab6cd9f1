/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Texts that change once a second without relayouting the window around them: in a
 * GtkInscription, or a GtkLabel set only when its text changes. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Puts `text` into `inscription` if it differs from the text shown, widening the inscription
 * (once) to what the widest text so far needs, but insisting on at most `insisted_chars`: past
 * that it asks for the room without insisting. Returns whether the text changed. */
gboolean rtb_inscription_set_text (GtkInscription *inscription, const char *text,
                                   guint insisted_chars);
/* GTK 4.8 relayouts a label (and so the window) even when it is given the text it already
 * shows: sets `text` only if it differs. */
void rtb_inscription_set_label_text (GtkLabel *label, const char *text);

G_END_DECLS
