/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small text file read whole: a tracefs or /proc file, which holds no more than a page or two. */
#pragma once

#include <stddef.h>

/* Reads dir/name (`dir` NULL: `name` is the path) into `buf`, ended by a zero; returns 0, or the
 * errno of open(), or EOVERFLOW when it does not fit in `size` bytes (what did is in `buf`). */
int rtb_file_text_read (const char *dir, const char *name, char *buf, size_t size);
