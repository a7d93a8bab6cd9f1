/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * rtb-save-loop SOURCE TARGET [COUNT]: loads a run file and saves it over TARGET again and
 * again (COUNT times, 0 = until killed), its label alternating between two versions. Prints
 * "ready" once loaded. test-lifecycle kills it mid-save to show that saving is atomic.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "rtb-run.h"

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RtbRun) run = NULL;
  guint64 count = 0;

  if (argc < 3 || argc > 4)
    {
      fprintf (stderr, "usage: rtb-save-loop SOURCE TARGET [COUNT]\n");
      return 2;
    }
  if (argc == 4)
    count = g_ascii_strtoull (argv[3], NULL, 10);

  run = rtb_run_load (argv[1], &error);
  if (run == NULL)
    {
      fprintf (stderr, "rtb-save-loop: %s\n", error->message);
      return 1;
    }
  printf ("ready\n");
  fflush (stdout);

  for (guint64 i = 0; count == 0 || i < count; i++)
    {
      g_autofree char *label = g_strdup_printf ("save-loop version %d", (int) (i % 2));

      rtb_run_set_label (run, label);
      if (!rtb_run_save (run, argv[2], &error))
        {
          fprintf (stderr, "rtb-save-loop: %s\n", error->message);
          return 1;
        }
    }
  return 0;
}
