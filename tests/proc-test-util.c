/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "proc-test-util.h"

gboolean
test_process_gone (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  const char *end;

  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return TRUE;
  /* The state follows the command's closing parenthesis, whatever the command holds. */
  end = strrchr (stat, ')');
  return end != NULL && end[1] == ' ' && (end[2] == 'Z' || end[2] == 'X');
}
