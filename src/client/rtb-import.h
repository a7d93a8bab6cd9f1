/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Importers: turn other tools' results (and recorded rtbench-worker streams) into runs.
 *
 * Formats (see FORMATS.md): cyclictest -h/-H text of every version 1.x–2.10 (also a terminal
 * capture, or -q status lines alone), cyclictest -v (every sample: full series, read from a
 * file a chunk at a time so that its length does not matter), cyclictest --json, rtla timerlat
 * hist text, jitterdebugger JSON, oslat's summary text and --json, rtla osnoise hist text and rtla
 * osnoise top's table (as noise runs), the hwlat tracer's trace (as a hwlat run), and a recorded
 * rtbench-worker frame stream.
 *
 * An imported series carries the source's own figures: count, min, max and the average exactly
 * as the tool printed them (cyclictest's text Avg is truncated to an integer, so the imported
 * average is that integer). The histogram holds the bucket counts, and each bucket's lower edge
 * stands for its samples in the percentiles, which are therefore to the µs, as the source's
 * (resolution_ns = 1000). Samples the source counted outside its histogram (overflows) keep
 * their count but their values are unknown (unknown_values): a percentile that falls among them
 * is unknown (NAN) unless it is the max. When a source gives no histogram at all (cyclictest
 * -q, --json without -h) every sample is such an unknown value. The standard deviation then
 * covers only the samples in the buckets, and the summary says it is partial.
 *
 * No input crashes or hangs an importer: files above RTB_IMPORT_MAX_FILE_SIZE are refused, every
 * number is range-checked, and an error names the line and what was expected there.
 */
#pragma once

#include <glib.h>

#include "rtb-file-read.h"
#include "rtb-run.h"

G_BEGIN_DECLS

#define RTB_IMPORT_MAX_FILE_SIZE RTB_FILE_MAX_SIZE

typedef enum {
  RTB_IMPORT_FORMAT_AUTO,
  RTB_IMPORT_FORMAT_CYCLICTEST,      /* -h/-H text, terminal captures, -q status lines */
  RTB_IMPORT_FORMAT_CYCLICTEST_JSON, /* --json */
  RTB_IMPORT_FORMAT_RTLA,            /* rtla timerlat hist (and osnoise hist) text */
  RTB_IMPORT_FORMAT_JITTERDEBUGGER,  /* jitterdebugger JSON */
  RTB_IMPORT_FORMAT_STREAM,          /* a recorded rtbench-worker stream */
  RTB_IMPORT_FORMAT_OSLAT,           /* oslat's summary text: a noise run */
  RTB_IMPORT_FORMAT_OSLAT_JSON,      /* oslat --json: a noise run */
  RTB_IMPORT_FORMAT_HWLAT,           /* the hwlat tracer's trace: a hwlat run */
  RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE, /* -v: every sample, streamed from a file */
  RTB_IMPORT_FORMAT_OSNOISE_TOP,     /* rtla osnoise top's table: a noise run of totals */
} RtbImportFormat;

typedef enum {
  RTB_IMPORT_UNITS_AUTO, /* what the file says; microseconds when it says nothing */
  RTB_IMPORT_UNITS_US,
  RTB_IMPORT_UNITS_NS,   /* cyclictest -N, rtla -n */
} RtbImportUnits;

/* What a file does not say, the user can: every member is optional. */
typedef struct {
  RtbImportFormat format;
  RtbImportUnits units;
  const char *label;    /* NULL: derived from the file name */
  const char *hostname; /* NULL: from the file when it names the machine */
  const int *cpus;      /* CPU of thread i (i < n_cpus); NULL: from the file, else unknown */
  guint n_cpus;
} RtbImportOptions;

void rtb_import_options_init (RtbImportOptions *options);
/* Parses a list of CPUs such as "0-3" or "2,0-1" into `cpus` (an array of int) in the order
 * given, so thread i gets the i-th: below RTB_MAX_CPUS, at most RTB_MAX_THREADS. FALSE when
 * `text` is not such a list (`cpus` may then hold part of it). */
gboolean rtb_import_parse_cpus (const char *text, GArray *cpus);

const char *rtb_import_format_to_string (RtbImportFormat format);
gboolean rtb_import_format_from_string (const char *str, RtbImportFormat *format);

/* Guesses the format from the content (never AUTO). */
/* Whether `run` was imported from rtla osnoise hist, whose values are the single noises above
 * osnoise's threshold (its sample_threshold events), not every gap between two clock reads. */
gboolean rtb_import_holds_single_noises (RtbRun *run);
RtbImportFormat rtb_import_detect (const guint8 *data, gsize len);

/* Imports `data`, the content of the file `name` (used in the source and the default label).
 * Returns a finished (or, for a stream cut short, CUT_SHORT) run, latency but for oslat's (noise)
 * and a stream's (its method), whose source says
 * "imported from FORMAT: NAME". `notes` (optional) receives sentences worth telling the user,
 * e.g. that a stream was cut short and what of it was imported; free with g_strfreev. */
RtbRun *rtb_import_data (const guint8 *data, gsize len, const char *name,
                         const RtbImportOptions *options, char ***notes, GError **error);
/* Same from a file; "-" reads standard input. A cyclictest -v log is read from its file a chunk
 * at a time, in bounded memory and without RTB_IMPORT_MAX_FILE_SIZE (standard input is read
 * whole). */
RtbRun *rtb_import_file (const char *path, const RtbImportOptions *options, char ***notes,
                         GError **error);
/* Imports `path` if it is a log read from its file a chunk at a time (cyclictest -v, detected
 * or as `options` say): TRUE then, with the run in `run` or an error. FALSE for any other file
 * (or one that cannot be opened), which is left to be read whole. */
gboolean rtb_import_file_streamed (const char *path, const RtbImportOptions *options,
                                   char ***notes, RtbRun **run, GError **error);

#define RTB_IMPORT_ERROR (rtb_import_error_quark ())
GQuark rtb_import_error_quark (void);
typedef enum {
  RTB_IMPORT_ERROR_FORMAT,    /* not the expected format: the message names the line */
  RTB_IMPORT_ERROR_TOO_LARGE, /* the file, or what it describes, exceeds a limit */
  RTB_IMPORT_ERROR_OPTIONS,   /* the options contradict the file */
  RTB_IMPORT_ERROR_EMPTY,     /* nothing to import */
} RtbImportError;

G_END_DECLS
