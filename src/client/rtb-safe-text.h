/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Text that comes from files and other machines (labels, series and host names, kernel
 * strings, values quoted in errors) made safe to show: on a terminal an escape sequence could
 * clear the screen, set the title or rewrite what is shown, and a line break could forge a line
 * of an exported file. Every control character (C0 including line breaks and tabs, DEL, C1),
 * every bidirectional override and every byte that is not UTF-8 is written out visibly:
 * "\x1b", "\u202e". Backslashes are kept, so escaping twice changes nothing.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* NULL for NULL. */
char *rtb_safe_text (const char *text);
/* TRUE when rtb_safe_text() would return `text` unchanged. */
gboolean rtb_text_is_safe (const char *text);
/* Makes *text safe in place (frees and replaces it when it changes). */
void rtb_safe_text_in_place (char **text);

G_END_DECLS
