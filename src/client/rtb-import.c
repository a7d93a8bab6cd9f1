/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <gio/gunixinputstream.h>

#include "rtb-file-read.h"
#include "rtb-import-json.h"
#include "rtb-import-private.h"
#include "rtb-import-reader.h"
#include "rtb-text-limit.h"

#define TOO_LARGE_HINT "no result file of the supported tools is that large; cut it to one run"

static const char * const format_names[] = {
  [RTB_IMPORT_FORMAT_AUTO] = "auto",
  [RTB_IMPORT_FORMAT_CYCLICTEST] = "cyclictest",
  [RTB_IMPORT_FORMAT_CYCLICTEST_JSON] = "cyclictest-json",
  [RTB_IMPORT_FORMAT_RTLA] = "rtla",
  [RTB_IMPORT_FORMAT_JITTERDEBUGGER] = "jitterdebugger",
  [RTB_IMPORT_FORMAT_STREAM] = "stream",
  [RTB_IMPORT_FORMAT_OSLAT] = "oslat",
  [RTB_IMPORT_FORMAT_OSLAT_JSON] = "oslat-json",
  [RTB_IMPORT_FORMAT_HWLAT] = "hwlat",
  [RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE] = "cyclictest-verbose",
  [RTB_IMPORT_FORMAT_OSNOISE_TOP] = "osnoise-top",
};

void
rtb_import_options_init (RtbImportOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
}

gboolean
rtb_import_parse_cpus (const char *text,
                       GArray     *cpus)
{
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (cpus != NULL, FALSE);

  parts = g_strsplit (text, ",", RTB_MAX_THREADS + 1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_auto (GStrv) range = g_strsplit (g_strstrip (parts[i]), "-", 3);
      guint64 first, last;

      if (range[0] == NULL ||
          !g_ascii_string_to_unsigned (range[0], 10, 0, RTB_MAX_CPUS - 1, &first, NULL))
        return FALSE;
      last = first;
      if (range[1] != NULL &&
          (range[2] != NULL ||
           !g_ascii_string_to_unsigned (range[1], 10, first, RTB_MAX_CPUS - 1, &last, NULL)))
        return FALSE;
      for (guint64 cpu = first; cpu <= last; cpu++)
        {
          int value = (int) cpu;

          if (cpus->len == RTB_MAX_THREADS)
            return FALSE;
          g_array_append_val (cpus, value);
        }
    }
  return cpus->len > 0;
}

const char *
rtb_import_format_to_string (RtbImportFormat format)
{
  if ((guint) format >= G_N_ELEMENTS (format_names))
    return "unknown";
  return format_names[format];
}

gboolean
rtb_import_format_from_string (const char *str, RtbImportFormat *format)
{
  g_return_val_if_fail (str != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (format_names); i++)
    if (strcmp (str, format_names[i]) == 0)
      {
        *format = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
contains (const guint8 *data, gsize len, const char *needle)
{
  return memmem (data, len, needle, strlen (needle)) != NULL;
}

RtbImportFormat
rtb_import_detect (const guint8 *data, gsize len)
{
  RtbImportLines lines;
  RtbImportLine line;
  gsize head = MIN (len, (gsize) 1 << 20);
  gsize i = 0;

  if (len >= sizeof (guint32) && memcmp (data, "RTBF", 4) == 0)
    return RTB_IMPORT_FORMAT_STREAM;

  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < head && g_ascii_isspace (data[i]))
    i++;
  if (i < head && (data[i] == '{' || data[i] == '['))
    {
      /* oslat's threads have a counter frequency; cyclictest's per-thread objects also have a
       * "cpu" member; jitterdebugger has no "thread". */
      if (contains (data, head, "\"freq\":") && contains (data, head, "\"thread\""))
        return RTB_IMPORT_FORMAT_OSLAT_JSON;
      if (contains (data, head, "\"thread\"") || !contains (data, head, "\"cpu\""))
        return RTB_IMPORT_FORMAT_CYCLICTEST_JSON;
      return RTB_IMPORT_FORMAT_JITTERDEBUGGER;
    }

  _rtb_import_lines_init (&lines, (const char *) data, head);
  while (_rtb_import_lines_next (&lines, &line) && line.number <= 32)
    {
      if (_rtb_import_line_has_prefix (&line, "# RTLA "))
        return RTB_IMPORT_FORMAT_RTLA;
      if (_rtb_import_line_equals (&line, "# tracer: hwlat"))
        return RTB_IMPORT_FORMAT_HWLAT;
      if (_rtb_import_line_has_prefix (&line, "Max CPUs = ") ||
          _rtb_import_is_verbose_sample (&line))
        return RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE;
      if (memmem (line.p, line.len, "Operating System Noise", 22) != NULL)
        return RTB_IMPORT_FORMAT_OSNOISE_TOP;
      if (_rtb_import_line_has_prefix (&line, "oslat V ") ||
          memmem (line.p, line.len, "Counter Freq:\t", strlen ("Counter Freq:\t")) != NULL)
        return RTB_IMPORT_FORMAT_OSLAT;
      if (_rtb_import_line_has_prefix (&line, "Index") &&
          (memmem (line.p, line.len, "IRQ-", 4) != NULL ||
           memmem (line.p, line.len, "Thr-", 4) != NULL ||
           memmem (line.p, line.len, "CPU-", 4) != NULL))
        return RTB_IMPORT_FORMAT_RTLA;
    }
  return RTB_IMPORT_FORMAT_CYCLICTEST;
}

static GBytes *
read_stdin (GError **error)
{
  g_autoptr (GInputStream) stream = g_unix_input_stream_new (0, FALSE);
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  gsize chunk = 1 << 20;

  for (;;)
    {
      gsize old = bytes->len;
      gssize n;

      if (old > RTB_IMPORT_MAX_FILE_SIZE)
        {
          g_set_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_TOO_LARGE,
                       "the standard input holds more than %" G_GSIZE_FORMAT " MiB: %s",
                       RTB_IMPORT_MAX_FILE_SIZE >> 20, TOO_LARGE_HINT);
          return NULL;
        }
      g_byte_array_set_size (bytes, (guint) (old + chunk));
      n = g_input_stream_read (stream, bytes->data + old, chunk, NULL, error);
      if (n < 0)
        return NULL;
      g_byte_array_set_size (bytes, (guint) (old + (gsize) n));
      if (n == 0)
        break;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

static GBytes *
read_input (const char *path, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  GBytes *bytes;

  if (strcmp (path, "-") == 0)
    return read_stdin (error);
  bytes = _rtb_file_read (path, RTB_FILE_MAX_SIZE, TOO_LARGE_HINT, &local_error);
  if (bytes == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
    g_set_error_literal (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_TOO_LARGE,
                         local_error->message);
  else if (bytes == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return bytes;
}

static const char *
describe (RtbImportFormat format)
{
  switch (format)
    {
    case RTB_IMPORT_FORMAT_CYCLICTEST_JSON:
      return "a cyclictest --json file";
    case RTB_IMPORT_FORMAT_JITTERDEBUGGER:
      return "a jitterdebugger JSON file";
    case RTB_IMPORT_FORMAT_OSLAT_JSON:
      return "an oslat --json file";
    case RTB_IMPORT_FORMAT_OSLAT:
    case RTB_IMPORT_FORMAT_AUTO:
    case RTB_IMPORT_FORMAT_CYCLICTEST:
    case RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE:
    case RTB_IMPORT_FORMAT_RTLA:
    case RTB_IMPORT_FORMAT_STREAM:
    case RTB_IMPORT_FORMAT_HWLAT:
    case RTB_IMPORT_FORMAT_OSNOISE_TOP:
    default:
      return "JSON";
    }
}

static void
give_notes (RtbRun *run, GPtrArray *note_array, char ***notes)
{
  if (run != NULL && notes != NULL)
    {
      g_ptr_array_add (note_array, NULL);
      *notes = (char **) g_ptr_array_steal (note_array, NULL);
    }
}

RtbRun *
rtb_import_data (const guint8 *data, gsize len, const char *name,
                 const RtbImportOptions *options, char ***notes, GError **error)
{
  g_autoptr (GPtrArray) note_array = g_ptr_array_new_with_free_func (g_free);
  RtbImportOptions defaults;
  RtbImportInput in;
  RtbImportFormat format;
  RtbRun *run = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    {
      rtb_import_options_init (&defaults);
      options = &defaults;
    }
  if (!rtb_text_check_label (options->label, error))
    return NULL;
  if (len == 0)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_EMPTY, "the file is empty");
      return NULL;
    }
  if (len > RTB_IMPORT_MAX_FILE_SIZE)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_TOO_LARGE,
                             "the file is larger than %" G_GSIZE_FORMAT " MiB",
                             RTB_IMPORT_MAX_FILE_SIZE >> 20);
      return NULL;
    }

  in = (RtbImportInput) {
    .data = (const char *) data, .len = len, .name = name, .options = options,
    .notes = note_array,
  };
  format = options->format != RTB_IMPORT_FORMAT_AUTO ? options->format
                                                      : rtb_import_detect (data, len);
  switch (format)
    {
    case RTB_IMPORT_FORMAT_CYCLICTEST_JSON:
    case RTB_IMPORT_FORMAT_JITTERDEBUGGER:
    case RTB_IMPORT_FORMAT_OSLAT_JSON:
      {
        g_autoptr (JsonNode) root = NULL;

        root = _rtb_import_parse_json (&in, format != RTB_IMPORT_FORMAT_JITTERDEBUGGER, error);
        if (root == NULL)
          break;
        if (!JSON_NODE_HOLDS_OBJECT (root))
          {
            _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT,
                                   "expected %s: a JSON object at the top", describe (format));
            break;
          }
        if (options->format == RTB_IMPORT_FORMAT_AUTO)
          {
            JsonObject *object = json_node_get_object (root);

            if (!json_object_has_member (object, "thread") &&
                json_object_has_member (object, "cpu"))
              format = RTB_IMPORT_FORMAT_JITTERDEBUGGER;
            else if (!json_object_has_member (object, "thread") &&
                     !json_object_has_member (object, "num_threads"))
              {
                _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT,
                                       "a JSON file that is neither cyclictest --json (with "
                                       "\"thread\") nor jitterdebugger's (with \"cpu\")");
                break;
              }
          }
        if (format == RTB_IMPORT_FORMAT_OSLAT_JSON)
          run = _rtb_import_oslat_json (&in, root, error);
        else if (format == RTB_IMPORT_FORMAT_JITTERDEBUGGER)
          run = _rtb_import_jitterdebugger (&in, root, error);
        else
          run = _rtb_import_cyclictest_json (&in, root, error);
      }
      break;
    case RTB_IMPORT_FORMAT_RTLA:
      run = _rtb_import_rtla (&in, error);
      break;
    case RTB_IMPORT_FORMAT_STREAM:
      run = _rtb_import_stream (&in, error);
      break;
    case RTB_IMPORT_FORMAT_OSLAT:
      run = _rtb_import_oslat (&in, error);
      break;
    case RTB_IMPORT_FORMAT_HWLAT:
      run = _rtb_import_hwlat (&in, error);
      break;
    case RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE:
      {
        g_autoptr (RtbImportReader) reader = _rtb_import_reader_new_memory (in.data, in.len);

        run = _rtb_import_cyclictest_verbose (&in, reader, error);
      }
      break;
    case RTB_IMPORT_FORMAT_OSNOISE_TOP:
      run = _rtb_import_osnoise_top (&in, error);
      break;
    case RTB_IMPORT_FORMAT_CYCLICTEST:
    case RTB_IMPORT_FORMAT_AUTO:
    default:
      run = _rtb_import_cyclictest (&in, error);
      break;
    }

  give_notes (run, note_array, notes);
  return run;
}

gboolean
rtb_import_file_streamed (const char *path, const RtbImportOptions *options, char ***notes,
                          RtbRun **run, GError **error)
{
  g_autoptr (GPtrArray) note_array = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (RtbImportReader) reader = NULL;
  RtbImportOptions defaults;
  RtbImportInput in;
  const char *head;
  gsize len;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (run != NULL, FALSE);

  if (options == NULL)
    {
      rtb_import_options_init (&defaults);
      options = &defaults;
    }
  if (strcmp (path, "-") == 0 ||
      (options->format != RTB_IMPORT_FORMAT_AUTO &&
       options->format != RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE))
    return FALSE;
  reader = _rtb_import_reader_new_file (path, NULL);
  if (reader == NULL)
    return FALSE;
  head = _rtb_import_reader_head (reader, &len, NULL);
  if (head == NULL || len == 0 ||
      (options->format == RTB_IMPORT_FORMAT_AUTO &&
       rtb_import_detect ((const guint8 *) head, len) != RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE))
    return FALSE;

  *run = NULL;
  if (!rtb_text_check_label (options->label, error))
    return TRUE;
  in = (RtbImportInput) { .name = path, .options = options, .notes = note_array };
  *run = _rtb_import_cyclictest_verbose (&in, reader, error);
  give_notes (*run, note_array, notes);
  return TRUE;
}

RtbRun *
rtb_import_file (const char *path, const RtbImportOptions *options, char ***notes,
                 GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize len;
  const guint8 *data;
  RtbRun *run;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (rtb_import_file_streamed (path, options, notes, &run, error))
    return run;
  bytes = read_input (path, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  return rtb_import_data (data != NULL ? data : (const guint8 *) "", len, path, options, notes,
                          error);
}
