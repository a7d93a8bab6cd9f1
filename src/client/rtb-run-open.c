/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-file-read.h"
#include "rtb-import.h"
#include "rtb-run-open.h"
#include "rtb-run-private.h"

/* rtbench writes "format" first: a run file says what it is in its first bytes. */
#define HEAD_SIZE 4096

static gboolean
is_run_file (const char *path, const char *data, gsize len)
{
  gsize head = MIN (len, HEAD_SIZE);
  gsize i = 0;

  if (g_str_has_suffix (path, ".rtbench"))
    return TRUE;
  while (i < head && g_ascii_isspace (data[i]))
    i++;
  return i < head && data[i] == '{' &&
         memmem (data, head, "\"" RTB_RUN_FILE_FORMAT "\"",
                 strlen (RTB_RUN_FILE_FORMAT) + 2) != NULL;
}

static RtbRun *
opened (RtbRun *run, GError **import_error, GError **error)
{
  if (run == NULL)
    g_set_error (error, (*import_error)->domain, (*import_error)->code,
                 "neither an rtbench run file nor a result rtbench imports (cyclictest, rtla, "
                 "jitterdebugger, a worker stream): %s", (*import_error)->message);
  return run;
}

RtbRun *
rtb_run_open (const char *path, char ***notes, GError **error)
{
  g_autoptr (GError) import_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  RtbImportOptions options;
  const char *data;
  gsize len;
  RtbRun *run;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (notes != NULL)
    *notes = NULL;
  rtb_import_options_init (&options);
  /* A cyclictest -v log is read a chunk at a time, not whole. */
  if (!g_str_has_suffix (path, ".rtbench") &&
      rtb_import_file_streamed (path, &options, notes, &run, &import_error))
    return opened (run, &import_error, error);
  bytes = _rtb_file_read (path, RTB_RUN_FILE_MAX_SIZE, "no run file rtbench saves, and no "
                          "result of the tools it imports, is that large", error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  if (is_run_file (path, data, len))
    return _rtb_run_load_bytes (g_steal_pointer (&bytes), path, error);
  /* Run files may be larger than the results of other tools. */
  if (len > RTB_FILE_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                   "%s is larger than %" G_GSIZE_FORMAT " MiB and not an rtbench run file: no "
                   "result of the tools rtbench imports is that large", path,
                   RTB_FILE_MAX_SIZE >> 20);
      return NULL;
    }

  run = rtb_import_data ((const guint8 *) data, len, path, &options, notes, &import_error);
  return opened (run, &import_error, error);
}
