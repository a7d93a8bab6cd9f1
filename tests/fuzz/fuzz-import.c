/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * libFuzzer target: the importers (cyclictest text, -v and JSON, rtla, jitterdebugger, oslat
 * text and JSON, the hwlat tracer's trace, rtla osnoise top, recorded worker streams), each
 * forced on the bytes and by detection. An imported
 * run must save and load back as a run file.
 */
#include "config.h"

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>

#include "rtb-import.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static const RtbImportFormat formats[] = {
  RTB_IMPORT_FORMAT_AUTO,
  RTB_IMPORT_FORMAT_CYCLICTEST,
  RTB_IMPORT_FORMAT_CYCLICTEST_JSON,
  RTB_IMPORT_FORMAT_RTLA,
  RTB_IMPORT_FORMAT_JITTERDEBUGGER,
  RTB_IMPORT_FORMAT_STREAM,
  RTB_IMPORT_FORMAT_OSLAT,
  RTB_IMPORT_FORMAT_OSLAT_JSON,
  RTB_IMPORT_FORMAT_HWLAT,
  RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE,
  RTB_IMPORT_FORMAT_OSNOISE_TOP,
};

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  (void) rtb_import_detect (data, size);

  for (size_t i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      RtbImportOptions options;
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) notes = NULL;
      g_autoptr (RtbRun) run = NULL;

      rtb_import_options_init (&options);
      options.format = formats[i];
      run = rtb_import_data (data, size, "fuzz.txt", &options, &notes, &error);
      if (run == NULL)
        {
          if (error == NULL)
            {
              g_printerr ("format %s: no run and no error\n",
                          rtb_import_format_to_string (formats[i]));
              abort ();
            }
          continue;
        }

      g_autoptr (JsonNode) saved = rtb_run_to_json (run);
      g_autoptr (GError) load_error = NULL;
      g_autoptr (RtbRun) again = rtb_run_from_json (saved, &load_error);
      if (again == NULL)
        {
          g_printerr ("an imported run does not load back: %s\n", load_error->message);
          abort ();
        }
    }
  return 0;
}
