/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The unsaved folder (rtb_output_unsaved_dir, ~/.local/share/rtbench/unsaved) as the window
 * uses it: it keeps there every run that holds measurements but no file of the user's, until it
 * is saved or discarded, so that a crash, a closed session or a killed window loses nothing.
 * What is left there after the window went is offered for recovery.
 */
#pragma once

#include <gio/gio.h>

#include "rtb-run.h"

G_BEGIN_DECLS

typedef struct {
  char *path;
  char *title;          /* the run's label, as its file name carries it */
  GDateTime *modified;  /* when it was last written */
} RtbUnsavedEntry;

void rtb_unsaved_entry_free (RtbUnsavedEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbUnsavedEntry, rtb_unsaved_entry_free)

/* TRUE when `path` names a file in the unsaved folder. */
gboolean rtb_unsaved_contains (const char *path);
/* Keeps `run` in the folder: in the file `*path` names, or in a new one (named after the time
 * and the run's label) stored there. */
gboolean rtb_unsaved_keep (RtbRun *run, char **path, GError **error);
/* The runs in the folder, newest first (RtbUnsavedEntry, owned by the array); files still
 * empty (reserved by a run that never wrote) are left out. */
GPtrArray *rtb_unsaved_list (void);

G_END_DECLS
