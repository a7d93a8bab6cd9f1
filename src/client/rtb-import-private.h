/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared by the importers: input, line reading, number parsing, building the run. */
#pragma once

#include <json-glib/json-glib.h>

#include "rtb-import.h"

G_BEGIN_DECLS

/* Samples per series and values are bounded so that sums in ns never overflow 64 bits. */
#define RTB_IMPORT_MAX_VALUE_US G_GINT64_CONSTANT (1000000000)  /* 1000 s */
#define RTB_IMPORT_MAX_COUNT (G_GUINT64_CONSTANT (1) << 33)   /* 100 days at 1 kHz */
/* Bucket indices: cyclictest clamps its histogram to 1000000 buckets, our histograms too. */
#define RTB_IMPORT_MAX_INDEX(ns) \
  ((ns) ? G_GUINT64_CONSTANT (999999999) : G_GUINT64_CONSTANT (999999))
/* The histograms of one import together: 256 MB of counters at most. */
#define RTB_IMPORT_MAX_TOTAL_BUCKETS (G_GUINT64_CONSTANT (1) << 25)

typedef struct {
  const char *data;
  gsize len;
  const char *name;                /* file name, for the source and the label */
  const RtbImportOptions *options;
  GPtrArray *notes;                /* char*, sentences for the user */
  guint line_offset;               /* `data` starts after this many lines of the file */
} RtbImportInput;

typedef struct _RtbImportReader RtbImportReader;

/* One line: leading terminal escapes and a trailing CR removed. Not NUL-terminated. */
typedef struct {
  const char *p;
  gsize len;
  guint number; /* 1-based */
} RtbImportLine;

typedef struct {
  const char *p;
  const char *end;
  guint number;
} RtbImportLines;

void _rtb_import_lines_init (RtbImportLines *lines, const char *data, gsize len);
gboolean _rtb_import_lines_next (RtbImportLines *lines, RtbImportLine *line);

/* What a text format does with one of its lines; FALSE, with `error` set, stops the reading.
 * `rest` is where the lines after it start (a format that reads a part again keeps it). */
typedef gboolean (*RtbImportLineFunc) (gpointer parse, const RtbImportLine *line,
                                       const RtbImportLines *rest, GError **error);
/* Hands each line of the input to `func`, in order; `last_line` is the number of the last line
 * read (the input's first line is numbered after in->line_offset). FALSE when `func` failed. */
gboolean _rtb_import_scan (RtbImportInput *in, RtbImportLineFunc func, gpointer parse,
                           guint *last_line, GError **error);

/* The lines an importer does not recognise and skips: how many, and the first. */
typedef struct {
  guint n;
  guint first;      /* its line number */
  char *first_text; /* quoted (_rtb_import_quote) */
} RtbImportUnknown;

void _rtb_import_unknown_add (RtbImportUnknown *unknown, const RtbImportLine *line);
void _rtb_import_unknown_clear (RtbImportUnknown *unknown);

/* A cursor over one line. */
typedef struct {
  const char *p;
  const char *end;
} RtbImportCursor;

static inline void
_rtb_import_cursor_init (RtbImportCursor *c, const RtbImportLine *line)
{
  c->p = line->p;
  c->end = line->p + line->len;
}

gboolean _rtb_import_line_equals (const RtbImportLine *line, const char *text);
gboolean _rtb_import_line_has_prefix (const RtbImportLine *line, const char *prefix);
gboolean _rtb_import_line_is_blank (const RtbImportLine *line);
/* Skips spaces and tabs; returns TRUE if anything is left. */
gboolean _rtb_import_skip_blanks (RtbImportCursor *c);
/* Consumes `text` if it comes next. */
gboolean _rtb_import_skip_text (RtbImportCursor *c, const char *text);
/* An unsigned decimal of at most `max`; leading zeros allowed. */
gboolean _rtb_import_parse_u64 (RtbImportCursor *c, guint64 max, guint64 *out);

/* rtla's duration after its label, "%3d %02d:%02d:%02d" (days hh:mm:ss), into `elapsed_ns`;
 * FALSE, leaving it, when it is not one. */
gboolean _rtb_import_parse_rtla_duration (RtbImportCursor *c, guint64 *elapsed_ns);
/* The same for a whole line, "LABEL %3d %02d:%02d:%02d" ("duration:", "# Duration:"). */
gboolean _rtb_import_rtla_duration_line (const RtbImportLine *line, const char *label,
                                         guint64 *elapsed_ns);

/* "…\"text\"" with control bytes and non-ASCII escaped, at most 60 bytes of it. */
char *_rtb_import_quote (const char *p, gsize len);
gboolean _rtb_import_fail (GError **error, guint line, const char *format, ...)
  G_GNUC_PRINTF (3, 4);
/* "line N: EXPECTED, found \"…\"": what the line should have been, then the line quoted. */
gboolean _rtb_import_fail_found (GError **error, const RtbImportLine *line, const char *format,
                                 ...) G_GNUC_PRINTF (3, 4);
gboolean _rtb_import_fail_code (GError **error, RtbImportError code, const char *format, ...)
  G_GNUC_PRINTF (3, 4);
void _rtb_import_note (RtbImportInput *in, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Converts a value in the file's unit to ns; FALSE when it is out of range. */
gboolean _rtb_import_to_ns (guint64 value, gboolean ns, gint64 *out);
/* The sum that gives `avg_ns` over `count` samples; FALSE when it overflows. */
gboolean _rtb_import_sum_for_avg (gint64 avg_ns, guint64 count, gint64 *out);

/* A latency (or noise) command with nothing but the histogram size known (priority 0). */
void _rtb_import_command_init (RtbCommand *cmd, RtbMethod method, guint32 n_buckets);
/* The run of `cmd`, refused when its n_series histograms together are too large. */
/* `stated`: what the file says of the command (RtbRunStated); CPUs given as options count. */
RtbRun *_rtb_import_new_run (RtbImportInput *in, const RtbCommand *cmd, guint n_series,
                             guint stated, GError **error);
/* 1 µs buckets that hold bucket indices up to `max_index` (in ns when `ns`). */
guint32 _rtb_import_buckets_for (guint64 max_index, gboolean ns);
/* Adds `count` samples of the source's bucket `index` (ns when `ns`); the index must fit. */
void _rtb_import_add_bucket (RtbSeries *series, guint64 index, gboolean ns, guint64 count);
/* The CPU of thread `thread`: the options', else `file_cpu` (-1 = unknown). */
int _rtb_import_thread_cpu (RtbImportInput *in, guint thread, int file_cpu);
/* Adds the series of thread `thread`: its CPU from the options, else `file_cpu`. */
RtbSeries *_rtb_import_add_series (RtbRun *run, RtbImportInput *in, guint thread, int file_cpu,
                                   const char *name_suffix);
/* Sets source, label and system; `system` may be NULL (then only the options' hostname). */
void _rtb_import_finish (RtbRun *run, RtbImportInput *in, const char *what,
                         RtbSystemInfo *system);
/* Whether the run's values are ns: the options, else the file's own word (`file_ns`, -1 when it
 * says nothing). FALSE with an error when they contradict. */
gboolean _rtb_import_units (RtbImportInput *in, int file_ns, gboolean *ns, GError **error);

/* The per-thread part shared by cyclictest --json and jitterdebugger. */
typedef struct {
  const char *what;           /* for the source: "cyclictest --json" */
  const char *threads_member; /* "thread" or "cpu" */
  const char *count_member;   /* "cycles" or "count" */
  guint64 unit_ns;            /* 1 or 1000 */
  guint64 limit;              /* histogram buckets from the command line, 0 = unknown */
  gboolean have_limit_option; /* the command line asked for a histogram */
  RtbCommand cmd;
  guint stated;               /* RtbRunStated */
  RtbSystemInfo *system;      /* owned, may be NULL */
  gint64 start_us, end_us;
} RtbImportJson;

RtbRun *_rtb_import_json_threads (RtbImportInput *in, JsonObject *root, RtbImportJson *json,
                                  GError **error);
RtbSystemInfo *_rtb_import_json_sysinfo (JsonObject *root);

RtbRun *_rtb_import_cyclictest (RtbImportInput *in, GError **error);
/* cyclictest -v, read from `reader` (in->data is not used). */
RtbRun *_rtb_import_cyclictest_verbose (RtbImportInput *in, RtbImportReader *reader,
                                        GError **error);
/* A line "THREAD: CYCLE: LATENCY" of cyclictest -v. */
gboolean _rtb_import_is_verbose_sample (const RtbImportLine *line);
RtbRun *_rtb_import_cyclictest_json (RtbImportInput *in, JsonNode *root, GError **error);
RtbRun *_rtb_import_rtla (RtbImportInput *in, GError **error);
RtbRun *_rtb_import_jitterdebugger (RtbImportInput *in, JsonNode *root, GError **error);
RtbRun *_rtb_import_stream (RtbImportInput *in, GError **error);
RtbRun *_rtb_import_oslat (RtbImportInput *in, GError **error);
RtbRun *_rtb_import_hwlat (RtbImportInput *in, GError **error);
RtbRun *_rtb_import_osnoise_top (RtbImportInput *in, GError **error);
RtbRun *_rtb_import_oslat_json (RtbImportInput *in, JsonNode *root, GError **error);

G_END_DECLS
