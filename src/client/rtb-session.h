/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * RtbSession: one rtbench-worker process and its pipes. Starts the worker (RTBENCH_WORKER,
 * directly when already privileged, or through pkexec), sends the command, reads frames
 * asynchronously in the thread-default main context and emits them, and stops it cooperatively
 * (closing its stdin).
 */
#pragma once

#include <gio/gio.h>

#include "rtb-command.h"
#include "rtb-protocol.h"
#include "rtb-system-info.h"

G_BEGIN_DECLS

#define RTB_TYPE_SESSION (rtb_session_get_type ())
G_DECLARE_FINAL_TYPE (RtbSession, rtb_session, RTB, SESSION, GObject)

typedef enum {
  RTB_SESSION_LAUNCH_AUTO_CLI, /* RTBENCH_WORKER, else direct if privileged, else pkexec */
  RTB_SESSION_LAUNCH_AUTO_GUI, /* same, with pkexec --disable-internal-agent */
  RTB_SESSION_LAUNCH_DIRECT,   /* the worker path as given, no pkexec */
} RtbSessionLaunch;

#define RTB_SESSION_ERROR (rtb_session_error_quark ())
GQuark rtb_session_error_quark (void);
typedef enum {
  RTB_SESSION_ERROR_WORKER_MISSING, /* no worker executable where expected */
  RTB_SESSION_ERROR_SPAWN,          /* the process could not be started */
  RTB_SESSION_ERROR_AUTH_DISMISSED, /* pkexec exit 126: the dialog was dismissed */
  RTB_SESSION_ERROR_AUTH_DENIED,    /* pkexec exit 127: not authorized */
  RTB_SESSION_ERROR_REJECTED,       /* the worker sent an ERROR frame */
  RTB_SESSION_ERROR_PROTOCOL,       /* garbage on the worker's stdout */
  RTB_SESSION_ERROR_DIED,           /* the worker exited or crashed before its SUMMARY */
  RTB_SESSION_ERROR_UNSAFE,         /* refused: too busy while the kernel's RT throttling is off */
  RTB_SESSION_ERROR_NO_PRIVILEGE,   /* real-time priority refused to this user, or pkexec,
                                     * which would ask for it, is missing; the message says
                                     * how to get it */
  RTB_SESSION_ERROR_NO_POLKIT,      /* pkexec found no polkit to ask (no system D-Bus, or no
                                     * polkit on it); the message says the other ways */
} RtbSessionError;

RtbSession *rtb_session_new (void);

/* Which worker to run: NULL = the default search (RTBENCH_WORKER, then the installed path).
 * Without the rights for the asked priority, any of them runs through pkexec. */
void rtb_session_set_worker_path (RtbSession *self, const char *path);
void rtb_session_set_launch (RtbSession *self, RtbSessionLaunch launch);
/* Runs the worker on another machine through `ssh -T HOST WORKER`, WORKER being the path set
 * with rtb_session_set_worker_path or else the installed path (NULL host = this machine).
 * RTBENCH_SSH, when set, replaces "ssh" (with options: "ssh -F boards.conf").
 * Privileges on the remote side are the remote user's: ssh as root or give the user rtprio. */
void rtb_session_set_remote (RtbSession *self, const char *host);
/* FALSE, with RTB_SESSION_ERROR_SPAWN, for a host ssh would take as an option ("-o…"): the
 * window, its settings and the CLI refuse such a host before anything runs. */
gboolean rtb_session_check_remote_host (const char *host, GError **error);

/* Spawns the worker and writes the command. Frames arrive through ::frame; the end through
 * ::finished. Returns FALSE when nothing could be started (the error says what to do). */
gboolean rtb_session_start (RtbSession *self, const RtbCommand *command, GError **error);
/* Asks the remote worker who it is, measuring nothing: ::frame delivers its HELLO and SYSTEM,
 * then ::finished, with an error only when ssh or the worker failed. Needs a remote host. */
gboolean rtb_session_probe (RtbSession *self, GError **error);

/* Asks the worker to stop (closes its stdin); ::finished follows within ~100 ms. Safe to call
 * more than once and after the end. */
void rtb_session_stop (RtbSession *self);

gboolean rtb_session_is_running (RtbSession *self);
/* TRUE once ::finished was emitted; rtb_session_get_error then returns what it carried. */
gboolean rtb_session_is_finished (RtbSession *self);
const GError *rtb_session_get_error (RtbSession *self);
/* TRUE when the last start went through pkexec (the user may be looking at a polkit dialog). */
gboolean rtb_session_get_uses_pkexec (RtbSession *self);
/* TRUE when the worker runs on this machine and `pid` (HELLO's) is the process this session
 * spawned: this process and the worker then see the same pids (no ssh, no other pid
 * namespace). */
gboolean rtb_session_is_own_child (RtbSession *self, guint32 pid);
/* The HELLO the worker sent, or NULL. */
const RtbHelloFrame *rtb_session_get_hello (RtbSession *self);
/* The machine the worker runs on, as its SYSTEM frame describes it, or NULL (not yet, or a
 * worker of protocol 1). Notified as "system". */
const RtbSystemInfo *rtb_session_get_system (RtbSession *self);
/* The worker's machine as its system files (rtb-system-snapshot.h), from the same frame. */
GHashTable *rtb_session_get_snapshot (RtbSession *self);
/* The argv that was spawned (for messages and tests). */
const char * const *rtb_session_get_argv (RtbSession *self);

/*
 * Signals:
 *   ::frame (const RtbFrame *frame)       every decoded frame, HELLO included, in order;
 *                                         the frame lives only during the emission: copy
 *                                         what you keep
 *   ::log (const char *line)              each line the worker wrote to stderr
 *   ::finished (const GError *error)      once: NULL after a SUMMARY and a clean exit,
 *                                         otherwise why it ended badly
 *
 * Properties: "running" (gboolean, read-only, notifies), "system" (RtbSystemInfo, read-only,
 * notified when the worker's SYSTEM frame arrives).
 */

/* Resolves the worker per DESIGN.md without starting it: $RTBENCH_WORKER, else the
 * installed RTB_WORKER_PATH; and whether pkexec is needed for a SCHED_FIFO 99 run (polkit asks
 * with rtbench's own action for the installed worker, with its generic one for any other).
 * For messages and tests. */
char *rtb_session_find_worker (gboolean *needs_pkexec, GError **error);

G_END_DECLS
