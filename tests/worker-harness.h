/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs the real rtbench-worker ($RTBENCH_WORKER) for the worker tests and collects its frames. */
#pragma once

#include <gio/gio.h>
#include <stdbool.h>

#include "rtb-command.h"
#include "rtb-protocol.h"

#define NOBODY 65534
#define STOP_BOUND_US (1000 * 1000)

typedef struct {
  RtbDecoder *decoder;
  GArray *types;          /* guint16, in stream order */
  RtbHelloFrame hello;
  GBytes *system;         /* the SYSTEM payload */
  GBytes *started;        /* the STARTED payload */
  RtbCommand command;     /* the command STARTED carries, decoded */
  GPtrArray *samples;     /* per thread: GArray of RtbSample */
  GArray *dropped_total;  /* per thread: guint64, from the last SAMPLES frame */
  GBytes *summary;        /* the SUMMARY payload */
  guint n_stats;
  GArray *errors;         /* RtbErrorFrame */
  GArray *traces;         /* RtbTraceFrame */
  GArray *trace_after;    /* guint64 per TRACE: the samples of every thread that came before */
  guint64 n_samples;      /* of every thread so far */
  guint n_spikes;
  GArray *spikes;         /* RtbSpikeFrame, without their text */
  guint n_counters;
  int exit_status;
} Stream;

Stream *stream_new (void);
void stream_free (Stream *s);
void stream_feed (Stream *s, const void *data, gsize len);
gboolean stream_has (Stream *s, RtbFrameType type);
const RtbStartedFrame *stream_started (Stream *s);
const RtbStatsFrame *stream_summary (Stream *s);
const char *worker_path (void);
void become_nobody (gpointer user_data);
GSubprocess *spawn (const char *const *args, gboolean stdin_pipe, gboolean as_nobody);
int stdout_fd (GSubprocess *sp);

/* Reads what is there within `timeout_ms`; returns FALSE at EOF. */
gboolean read_some (Stream *s, int fd, int timeout_ms);

/* Reads until `type` arrives (10 s at most). */
void read_until (Stream *s, GSubprocess *sp, RtbFrameType type);

/* Reads to EOF; returns how long it took. */
gint64 read_to_eof (Stream *s, GSubprocess *sp, gint64 bound_us);
void wait_exit (Stream *s, GSubprocess *sp);

/* Runs a command given in the worker's arguments, to the end. */
Stream *run_args (const char *command, gboolean as_nobody);
void assert_error (Stream *s, RtbErrorCode code, const char *field, const char *in_message);
gboolean is_root (void);

/* Sends `input` on stdin, then closes it; returns the stream up to EOF. */
Stream *run_stdin (const char *input);
/* The same for bytes that may hold a NUL. */
Stream *run_stdin_bytes (const char *input, gsize len);
void write_stdin (GSubprocess *sp, const char *text);
void write_stdin_bytes (GSubprocess *sp, const char *data, gsize len);

/* A stdin-driven run that lasts until stopped, read until its first samples. */
GSubprocess *start_stdin_run (Stream *s);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Stream, stream_free)
