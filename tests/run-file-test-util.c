/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "run-file-test-util.h"

RtbRun *
run_file_test_load_text (const char *text, GError **error)
{
  g_autofree char *path = NULL;
  RtbRun *run;
  int fd = g_file_open_tmp ("rtbench-load-XXXXXX.rtbench", &path, NULL);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run = rtb_run_load (path, error);
  g_unlink (path);
  return run;
}
