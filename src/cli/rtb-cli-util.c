/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include "rtb-cli-util.h"
#include "rtb-csv.h"
#include "rtb-safe-text.h"

void
rtb_cli_error (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_autofree char *safe = NULL;

  /* Messages quote files and other machines: nothing they hold reaches the terminal raw. */
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  safe = rtb_safe_text (message);
  fprintf (stderr, "rtbench-cli: %s\n", safe);
}

gboolean
rtb_cli_write_text (const char *path, const char *text, FILE *status)
{
  g_autoptr (GError) error = NULL;

  if (!rtb_csv_write (path, text, &error))
    {
      rtb_cli_error ("%s", error->message); /* it names the file */
      return FALSE;
    }
  rtb_cli_print_wrote (status, path);
  return TRUE;
}

void
rtb_cli_print_wrote (FILE *status, const char *path)
{
  g_autofree char *safe = rtb_safe_text (path);

  fprintf (status, "Wrote %s\n", safe);
}
