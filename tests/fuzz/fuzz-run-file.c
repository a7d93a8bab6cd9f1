/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * libFuzzer target: a run file, loaded both from parsed JSON and through rtb_run_load from a
 * path. A file that loads must save and load again: a run the user can open can be kept. The
 * path reader takes the bulk arrays apart from the JSON tree: a file it loads must give the
 * same run as the tree reader.
 */
#include "config.h"

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rtb-json-precheck.h"
#include "rtb-run.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* A critical is a caller bug that GLib would only log: make it a crash the fuzzer sees. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
check_round_trip (RtbRun *run)
{
  g_autoptr (JsonNode) saved = rtb_run_to_json (run);
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) again = rtb_run_from_json (saved, &error);

  if (again == NULL)
    {
      g_printerr ("a loaded run does not load again once saved: %s\n", error->message);
      abort ();
    }
  g_autoptr (JsonNode) summary = rtb_run_summary_to_json (again);
  if (summary == NULL)
    abort ();
}

static char *
to_text (RtbRun *run)
{
  g_autoptr (JsonNode) node = rtb_run_to_json (run);

  return json_to_string (node, FALSE);
}

static void
load_from_path (const uint8_t *data, size_t size, RtbRun *from_tree)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr (RtbRun) run = NULL;
  int fd = memfd_create ("fuzz-run", MFD_CLOEXEC);

  if (fd < 0)
    abort ();
  if (size > 0 && write (fd, data, size) != (ssize_t) size)
    abort ();
  path = g_strdup_printf ("/proc/self/fd/%d", fd);
  run = rtb_run_load (path, &error);
  if (run == NULL && error == NULL)
    abort ();
  if (run != NULL)
    {
      g_autofree char *a = NULL, *b = NULL;

      if (from_tree == NULL)
        {
          g_printerr ("the path reader loads a file the tree reader refuses\n");
          abort ();
        }
      a = to_text (run);
      b = to_text (from_tree);
      if (strcmp (a, b) != 0)
        {
          g_printerr ("the path and tree readers give different runs\n");
          abort ();
        }
    }
  close (fd);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;

  g_autofree char *deep = _rtb_json_check_depth ((const char *) data, size);

  /* As the importers do: json-glib recurses once per level. */
  if (deep == NULL &&
      json_parser_load_from_data (parser, (const char *) data, (gssize) size, NULL) &&
      json_parser_get_root (parser) != NULL)
    {
      run = rtb_run_from_json (json_parser_get_root (parser), &error);
      if (run != NULL)
        check_round_trip (run);
      else if (error == NULL)
        abort ();
    }

  load_from_path (data, size, run);
  return 0;
}
