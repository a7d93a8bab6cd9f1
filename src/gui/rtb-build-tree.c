/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include "rtb-build-tree.h"

char *
rtb_build_tree_path (const char *relative)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *path = NULL;

  g_return_val_if_fail (relative != NULL, NULL);

  if (exe == NULL || !g_str_has_prefix (exe, RTB_BUILD_ROOT G_DIR_SEPARATOR_S))
    return NULL;
  path = g_build_filename (RTB_BUILD_ROOT, relative, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  return g_steal_pointer (&path);
}
