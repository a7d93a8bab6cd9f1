/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbRecording: one measurement from its start to its end, the same for the window and
 * rtbench-cli. It owns everything that starts and follows a run: the worker session (here or on
 * another machine through ssh), the run it fills, the load scenario, the cadence at which the
 * run's views are refreshed, the checkpoints of a long run and the saving at its end, and it
 * turns the worker's end into ::finished or ::failed. Views only show it.
 *
 * Several recordings run at once, each with its own worker.
 *
 * A run that cannot be saved to its output at its end is saved to the unsaved folder instead.
 *
 * Signals:
 *   ::changed ()                  the run or the recording's state changed; at most once per
 *                                 flush interval while data flows (the run's own ::changed
 *                                 follows the same cadence)
 *   ::log (const char *line)      a line of the worker's log
 *   ::warning (const char *text)  something the user should know that does not stop the run:
 *                                 a checkpoint that could not be written, a load that died,
 *                                 where a run that could not be saved was kept
 *   ::finished ()                 the recording ended without error (completed or stopped),
 *                                 after the final save
 *   ::failed (const GError *e)    it ended with an error; the run keeps what was measured
 *
 * Properties: "state" (RtbRecordingState as int, read-only), "system" (RtbSystemInfo,
 * read-only: the machine as its worker described it, NULL until then).
 */
#pragma once

#include <gio/gio.h>

#include "rtb-load.h"
#include "rtb-run.h"
#include "rtb-session.h" /* its errors (RTB_SESSION_ERROR) are the recording's too */
#include "rtb-system-info.h"

G_BEGIN_DECLS

/* A run longer than this (or one that has no set length) is saved at every minute of its own
 * clock (RtbRun::minute) while it goes on, so that a crash loses at most that much. */
#define RTB_RECORDING_CHECKPOINT_MIN_DURATION_NS (G_GUINT64_CONSTANT (60) * 1000000000)

#define RTB_RECORDING_ERROR (rtb_recording_error_quark ())
GQuark rtb_recording_error_quark (void);
typedef enum {
  RTB_RECORDING_ERROR_LOAD,   /* the load scenario could not start */
} RtbRecordingError;

typedef enum {
  RTB_RECORDING_NEW,      /* set up, not started */
  RTB_RECORDING_STARTING, /* the worker was started; it has not begun measuring yet */
  RTB_RECORDING_RUNNING,  /* measuring */
  RTB_RECORDING_FINISHED, /* ended without error (completed or stopped) */
  RTB_RECORDING_FAILED,   /* ended with an error */
} RtbRecordingState;

#define RTB_TYPE_RECORDING (rtb_recording_get_type ())
G_DECLARE_FINAL_TYPE (RtbRecording, rtb_recording, RTB, RECORDING, GObject)

/* A recording of `command` on this machine, labelled `label` (NULL: none). */
RtbRecording *rtb_recording_new (const RtbCommand *command, const char *label);

/* Before the start. Measures `host` through ssh (NULL: this machine), its worker at
 * `worker_path` there (NULL: the installed path); `known` is what a probe already learnt of
 * that machine (NULL: only its name), shown until its worker describes it. */
void rtb_recording_set_remote (RtbRecording *self, const char *host, const char *worker_path,
                               const RtbSystemInfo *known);
/* The worker's administrator prompt comes from a desktop polkit agent, not the terminal. */
void rtb_recording_set_graphical (RtbRecording *self, gboolean graphical);
void rtb_recording_set_load (RtbRecording *self, RtbLoadScenario load);
/* How often the run's views are refreshed while it runs (default 1000 ms). */
void rtb_recording_set_flush_interval (RtbRecording *self, guint ms);
/* Where the run is saved: checkpoints of a long run while it goes on, and the whole run at
 * its end. NULL: nowhere (unless kept as unsaved). The start checks that it can be written
 * (rtb_output_check) and locks it against other runs (rtb_output_lock): a busy output is
 * refused, or with `free_name` replaced by the next free name (a ::warning says which). */
void rtb_recording_set_output (RtbRecording *self, const char *path);
void rtb_recording_set_output_free_name (RtbRecording *self, gboolean free_name);
/* While the run has no output file, a long run's checkpoints and every run's end go to a file
 * in the unsaved folder (~/.local/share/rtbench/unsaved), as the window keeps its runs; the
 * start checks that this folder can be written. */
void rtb_recording_set_keep_unsaved (RtbRecording *self, gboolean keep);

/* Checks the output (RTB_OUTPUT_ERROR), warns (::warning) when another rtbench measurement
 * already runs on one of its CPUs (a run of this process, or any rtbench-worker of this
 * machine), then starts the load (if any) and the worker. Returns FALSE with an error that says
 * what to do when nothing could be started; the recording then stays NEW. */
gboolean rtb_recording_start (RtbRecording *self, GError **error);
/* Asks the worker to stop; ::finished or ::failed follows. Safe at any time. */
void rtb_recording_stop (RtbRecording *self);
/* Stops without the final save, and removes the run's file in the unsaved folder (also after
 * the end); a file of the user's (its output) stays as the checkpoints wrote it. */
void rtb_recording_discard (RtbRecording *self);
/* Ends at once without waiting for the worker (a second Ctrl-C): the run is cut short where it
 * is, saved, and ::finished or ::failed is emitted before this returns. */
void rtb_recording_abort (RtbRecording *self);

/* Saves the run now (also while it runs) to `path`, which then becomes its output: later
 * checkpoints and the end go there, and an autosave in the unsaved folder is removed. */
gboolean rtb_recording_save_to (RtbRecording *self, const char *path, GError **error);

RtbRun *rtb_recording_get_run (RtbRecording *self);
RtbRecordingState rtb_recording_get_state (RtbRecording *self);
/* STARTING or RUNNING. */
gboolean rtb_recording_is_live (RtbRecording *self);
/* Why it failed (the ::failed error), or NULL. */
const GError *rtb_recording_get_error (RtbRecording *self);
/* The machine measured: the ssh host, or NULL for this one. */
const char *rtb_recording_get_remote (RtbRecording *self);
/* The machine as its worker described it, NULL until its SYSTEM frame came. */
const RtbSystemInfo *rtb_recording_get_system (RtbRecording *self);
/* TRUE when the live run is saved at every minute of its clock to its output or unsaved
 * file. */
gboolean rtb_recording_saves_checkpoints (RtbRecording *self);
/* The output file, or NULL. */
const char *rtb_recording_get_output (RtbRecording *self);
/* The unsaved folder's file that holds the run while it has no output, or NULL. */
const char *rtb_recording_get_unsaved_path (RtbRecording *self);
/* Where the ended run is saved: at its end, its output or the unsaved folder (when it had no
 * output or saving there failed); after rtb_recording_save_to(), that file; NULL when it was
 * not saved or its unsaved file was discarded. And why saving to its output failed, or NULL. */
const char *rtb_recording_get_saved_path (RtbRecording *self);
const GError *rtb_recording_get_save_error (RtbRecording *self);
/* TRUE when the worker went through pkexec (an administrator prompt may be showing). */
gboolean rtb_recording_get_uses_pkexec (RtbRecording *self);
/* TRUE once the worker began measuring (a run that ended before has nothing to show or save,
 * though its state then says it was cut short). */
gboolean rtb_recording_has_measured (RtbRecording *self);
/* Seconds since the worker began measuring (monotonic clock), 0 before. */
double rtb_recording_get_elapsed_seconds (RtbRecording *self);

G_END_DECLS
