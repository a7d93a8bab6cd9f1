/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Run files, reading side: one series of a run file. */
#pragma once

#include <json-glib/json-glib.h>

#include "rtb-run-file-packed.h"
#include "rtb-run.h"

G_BEGIN_DECLS

/* Adds the series `object` (at `path`, "series[1]") of a file of `version` to `run`, its bulk
 * arrays taken from `bulk` where the scanner took them. Errors are RTB_RUN_ERROR_FORMAT. */
gboolean _rtb_run_file_parse_series (RtbRun *run, JsonObject *object, const char *path,
                                     gint64 version, const RtbSeriesBulk *bulk, GError **error);

G_END_DECLS
