/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Reading the files a user names (run files, other tools' results): only regular files, so a
 * FIFO cannot block and /dev/zero cannot fill memory, and at most RTB_FILE_MAX_SIZE bytes.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* No run file rtbench saves and no result file of the tools it imports comes near this. */
#define RTB_FILE_MAX_SIZE ((gsize) 512 * 1024 * 1024)

/* The file's bytes, followed by a NUL that `g_bytes_get_size()` does not count. Errors:
 * G_IO_ERROR_NOT_REGULAR_FILE (a FIFO, a device, a directory), G_IO_ERROR_MESSAGE_TOO_LARGE
 * (past RTB_FILE_MAX_SIZE; `too_large_hint` says what to do) or the system's error. */
GBytes *_rtb_file_read (const char *path, const char *too_large_hint, GError **error);

G_END_DECLS
