/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The size a run's text may have — its label and every other string of a run file — so that a
 * hostile file cannot make the window or an export lay out megabytes of text: 4 KiB, more than a
 * person reads. Run files are read with longer strings cut to it, ending with an ellipsis
 * (rtb-run-file-scan.h); a label over it is refused before it is saved or a run starts.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_TEXT_MAX_BYTES 4096
#define RTB_TEXT_ELLIPSIS "…"

/* TRUE when `label` (UTF-8, NULL for none) is at most RTB_TEXT_MAX_BYTES long; otherwise an
 * error saying the limit, G_OPTION_ERROR_BAD_VALUE. */
gboolean rtb_text_check_label (const char *label, GError **error);

G_END_DECLS
