/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * Writing the files a user names (run files, charts, tables, cyclictest text): the one way
 * every output of rtbench is saved. A temporary file beside the target takes the bytes and is
 * renamed over it, so the target is replaced whole or not at all: a full disk leaves the
 * previous file as it was, and a symbolic link planted at the target is replaced, never
 * written through.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Writes `length` bytes to `path` (mode 0666 less the umask). The error (G_IO_ERROR, its code
 * from the system's) names `path`, never the temporary file, says whether a previous file
 * there is kept and what to do. No temporary file is left behind. */
gboolean rtb_file_write (const char *path, const void *data, gsize length, GError **error);

G_END_DECLS
