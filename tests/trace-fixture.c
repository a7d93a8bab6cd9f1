/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "trace-fixture.h"

char *
trace_fixture (const char *name, gsize *len)
{
  g_autofree char *path = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), "trace-page", name,
                                            NULL);
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

guint64
trace_fixture_overrun (const char *name)
{
  g_autofree char *stats = trace_fixture (name, NULL);
  const char *line = strstr (stats, "overrun: ");
  guint64 overrun;

  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "overrun: %" G_GUINT64_FORMAT, &overrun), ==, 1);
  return overrun;
}
