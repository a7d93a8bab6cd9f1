/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Reading the files a user names (run files, other tools' results): only regular files, so a
 * FIFO cannot block and /dev/zero cannot fill memory, and no more than a limit: an import
 * RTB_FILE_MAX_SIZE, a run file RTB_RUN_FILE_MAX_SIZE.
 */
#pragma once

#include <gio/gio.h>
#include <sys/stat.h>

G_BEGIN_DECLS

/* No result file of the tools rtbench imports comes near this. */
#define RTB_FILE_MAX_SIZE ((gsize) 512 * 1024 * 1024)
/* A run file holds each series' histogram and percentile buckets: a series that used every
 * 1 µs bucket of a 1 s histogram takes about 20 MiB, so 200 such series fit. */
#define RTB_RUN_FILE_MAX_SIZE ((guint64) 4 * 1024 * 1024 * 1024)

/* The file's bytes, followed by a NUL that `g_bytes_get_size()` does not count. Errors:
 * G_IO_ERROR_NOT_REGULAR_FILE (a FIFO, a device, a directory), G_IO_ERROR_MESSAGE_TOO_LARGE
 * (past `max_size`; `too_large_hint` says what to do), G_IO_ERROR_NO_SPACE (not enough memory
 * to hold it) or the system's error. */
/* Opens a regular file to read (a FIFO without a writer does not block): its descriptor, and
 * its status in `st` (may be NULL); -1 with the errors of _rtb_file_read(). */
int _rtb_file_open (const char *path, struct stat *st, GError **error);

GBytes *_rtb_file_read (const char *path, guint64 max_size, const char *too_large_hint,
                        GError **error);

G_END_DECLS
