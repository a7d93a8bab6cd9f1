/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small file system of a test's own, filled to the last byte: how the tests see what every
 * output of rtbench does on a full disk. */
#pragma once

#include <glib.h>

/* Mounts an empty tmpfs of `size` ("4m") on the folder `dir`, in a mount namespace private to
 * the calling thread, so it vanishes with the process however it ends. Call it before any
 * thread starts (before gtk_init) when other threads must see the mount. FALSE with the reason
 * for a skip in `why` when mounting is not allowed (not root, no namespaces). */
gboolean disk_test_mount_tmpfs (const char *dir, const char *size, char **why);

/* Fills the file system of `dir` to the last byte with the file "filler" in it. */
void disk_test_fill (const char *dir);

/* The file's bytes (asserts that it can be read). */
GBytes *disk_test_read (const char *path);
/* The file at `path` holds `before`, byte for byte. */
void disk_test_assert_unchanged (const char *path, GBytes *before);
/* Only the expected names (NULL-terminated) are in `dir`: no temporary file is left behind. */
void disk_test_assert_only (const char *dir, const char * const *names);

/* The message of a save to `path` that failed on the full disk: it names the user's file, never
 * the temporary one beside it ("NAME.XXXXXX"), and says that the previous file is kept. */
void disk_test_assert_no_space (const char *message, const char *path);

/* Unmounts what disk_test_mount_tmpfs () mounted on `dir`. */
void disk_test_unmount (const char *dir);
