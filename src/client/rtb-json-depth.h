/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * json-glib parses recursively: a document of 100 000 nested arrays overflows the stack. Every
 * document is measured before it is parsed; no file rtbench reads nests anywhere near the limit.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RTB_JSON_MAX_DEPTH 64

/* FALSE, with the line where the document first goes deeper than RTB_JSON_MAX_DEPTH, when
 * it does. Brackets inside strings do not count. */
gboolean _rtb_json_depth_ok (const char *data, gsize len, guint *line);

/* The message for such a document. */
char *_rtb_json_depth_message (guint line);

G_END_DECLS
