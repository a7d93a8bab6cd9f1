/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include "rtb-cli-util.h"
#include "rtb-csv.h"

void
rtb_cli_error (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "rtbench-cli: %s\n", message);
}

gboolean
rtb_cli_write_text (const char *path, const char *text, FILE *status)
{
  g_autoptr (GError) error = NULL;

  if (!rtb_csv_write (path, text, &error))
    {
      rtb_cli_error ("could not write %s: %s", path, error->message);
      return FALSE;
    }
  fprintf (status, "Wrote %s\n", path);
  return TRUE;
}
