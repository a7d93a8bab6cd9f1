/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What every rtbench-cli command uses to report: errors on stderr, text files written. */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

/* Prints "rtbench-cli: MESSAGE" on stderr, control characters escaped (rtb-safe-text.h). */
void rtb_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* Writes `text` atomically, then says so on `status`; reports failures. */
gboolean rtb_cli_write_text (const char *path, const char *text, FILE *status);
/* "Wrote PATH" on `status`. */
void rtb_cli_print_wrote (FILE *status, const char *path);

G_END_DECLS
