/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <sys/utsname.h>

#include "rtb-protocol.h"
#include "rtb-system-files.h"
#include "rtb-system-snapshot.h"

static GHashTable *
snapshot_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static bool
add_file (const char *relative, const char *contents, size_t len, void *data)
{
  /* As the worker sends it: printable ASCII, so valid UTF-8. */
  char *text = g_strndup (contents, len);

  for (char *p = text; *p != '\0'; p++)
    if (!((*p >= 0x20 && *p < 0x7f) || *p == '\t' || *p == '\n'))
      *p = '?';
  g_hash_table_replace (data, g_strdup (relative), text);
  return true;
}

static void
add_uname (GHashTable *snapshot, const char *root)
{
  static const char * const keys[] = { RTB_SYSTEM_UNAME_NODENAME, RTB_SYSTEM_UNAME_RELEASE,
                                       RTB_SYSTEM_UNAME_VERSION, RTB_SYSTEM_UNAME_MACHINE,
                                       RTB_SYSTEM_UTC_OFFSET };
  struct utsname uts;
  char offset[24];
  size_t offset_len;

  if (strcmp (root, "/") != 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          g_autofree char *path = g_build_filename (root, keys[i], NULL);
          g_autofree char *text = NULL;
          gsize len;

          if (g_file_get_contents (path, &text, &len, NULL))
            add_file (keys[i], text, len, snapshot);
        }
      return;
    }
  offset_len = rtb_system_utc_offset_text (offset, sizeof offset);
  if (offset_len > 0)
    add_file (RTB_SYSTEM_UTC_OFFSET, offset, offset_len, snapshot);
  if (uname (&uts) != 0)
    return;
  add_file (RTB_SYSTEM_UNAME_NODENAME, uts.nodename, strlen (uts.nodename), snapshot);
  add_file (RTB_SYSTEM_UNAME_RELEASE, uts.release, strlen (uts.release), snapshot);
  add_file (RTB_SYSTEM_UNAME_VERSION, uts.version, strlen (uts.version), snapshot);
  add_file (RTB_SYSTEM_UNAME_MACHINE, uts.machine, strlen (uts.machine), snapshot);
}

GHashTable *
rtb_system_snapshot_read (const char *root)
{
  GHashTable *snapshot = snapshot_new ();
  g_autofree char *buf = g_malloc (RTB_SYSTEM_VALUE_MAX);

  g_return_val_if_fail (root != NULL, NULL);

  add_uname (snapshot, root);
  rtb_system_files_read (root, buf, add_file, snapshot);
  return snapshot;
}

GHashTable *
rtb_system_snapshot_from_frame (const void *payload, size_t len)
{
  GHashTable *snapshot = snapshot_new ();
  RtbSystemItem item;
  size_t offset = 0;

  g_return_val_if_fail (payload != NULL, NULL);

  /* Validated printable ASCII, so every value is already valid UTF-8. */
  while (rtb_system_frame_next (payload, len, &offset, &item))
    g_hash_table_replace (snapshot, g_strndup (item.key, item.key_len),
                          g_strndup (item.value, item.value_len));
  return snapshot;
}
