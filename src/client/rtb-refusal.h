/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The worker's refusals (src/common/rtb-refusals.h) in the user's language: the worker writes
 * English only, so the client recognises its known messages and translates them here, keeping
 * what each names (a tracer, a kernel option, a path, the system's error).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `message` translated when it is one of the worker's known refusals, else a copy of it. */
char *rtb_refusal_translate (const char *message);

/* The table, for its test: row i's text as the worker writes it and its twin marked for
 * translation (untranslated), or FALSE past the last row. */
gboolean rtb_refusal_get (guint i, const char **worker, const char **translatable);

G_END_DECLS
