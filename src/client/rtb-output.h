/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A run's output file, before and while the run writes it: checked before the worker starts (a
 * 12-hour run must not be lost to a typo found at its end), locked while the run lives (two runs
 * cannot silently overwrite each other's file), and the unsaved folder a run falls back to.
 */
#pragma once

#include <gio/gio.h>

#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_OUTPUT_ERROR (rtb_output_error_quark ())
GQuark rtb_output_error_quark (void);
typedef enum {
  RTB_OUTPUT_ERROR_UNUSABLE, /* the path cannot take a run file: the message says why */
  RTB_OUTPUT_ERROR_BUSY,     /* another run is saving to it */
} RtbOutputError;

/* TRUE when a run file can be saved at `path`: its folder exists and this user may create files
 * there, and the path is absent or a file or symbolic link this user may replace (saving
 * replaces a link, never follows it). A folder, a device, FIFO or socket, and another user's
 * file or link in a shared (sticky) folder such as /tmp, where the final rename would fail, are
 * refused with a message that quotes the path and says what to do. */
gboolean rtb_output_check (const char *path, GError **error);

/* An advisory lock (flock) on ".NAME.lock" beside `path`, held while a run saves to `path`:
 * saving renames a new file over the target, so the target itself cannot hold the lock. Any
 * process of any user that can write the folder sees it. Only a lock file made here (O_EXCL) is
 * written to; one found there is locked to see whether a run holds it, and refused when it is
 * a symbolic link, not a regular file, has other names or, held by no run, is another user's
 * (a user's own, left by a killed run, is made anew). */
typedef struct _RtbOutputLock RtbOutputLock;

/* Takes the lock; RTB_OUTPUT_ERROR_BUSY names the process that holds it,
 * RTB_OUTPUT_ERROR_UNUSABLE names a refused lock file and says what to do. */
RtbOutputLock *rtb_output_lock (const char *path, GError **error);
/* Takes the lock of `path`, or when another run holds it, of the first free "NAME-2.EXT",
 * "NAME-3.EXT"…; `*chosen` is the path that was locked. */
RtbOutputLock *rtb_output_lock_free_name (const char *path, char **chosen, GError **error);
const char *rtb_output_lock_get_path (RtbOutputLock *lock);
/* Releases the lock and removes its file. */
void rtb_output_lock_release (RtbOutputLock *lock);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbOutputLock, rtb_output_lock_release)

/* Saves `run` to `path` as every writer of run files but a live run (which holds the lock while
 * it lives) does: `path` checked (rtb_output_check) and its lock held while the file is written,
 * so that saving where a run is saving is refused (RTB_OUTPUT_ERROR_BUSY names that run). */
gboolean rtb_output_save_run (RtbRun *run, const char *path, GError **error);

/* A file name to propose for `name` (a run's label, a tab's title), with neither commas nor
 * spaces: "latency-vm-2026-12-03-0947.rtbench" for "latency, vm" started then; without the
 * time when `start_us` (µs since the epoch) is 0. */
char *rtb_output_file_name (const char *name, gint64 start_us, const char *extension);

/* "DIR/MACHINE-METHOD.rtbench", the name a run of several machines gets in a folder, made as
 * rtb_output_file_name() makes one: an ssh host may hold `/`, escapes or bytes that are not
 * UTF-8, and none of them gets into the name. */
char *rtb_output_in_folder (const char *dir, const char *machine, const char *method);

/* ~/.local/share/rtbench/unsaved ($XDG_DATA_HOME), where runs without a file are kept. */
char *rtb_output_unsaved_dir (void);
/* Creates the unsaved folder (0700) and a new empty file in it named after the time and
 * `name`, never one that exists; returns its path. */
char *rtb_output_reserve_unsaved (const char *name, GError **error);

G_END_DECLS
