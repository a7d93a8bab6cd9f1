/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Help text in a column: the worker's usage and rtbench-cli's options. */
#pragma once

#include <stdio.h>

/* Prints `text` from `column` on, wrapped at spaces so that no line passes `width`; `used`
 * columns of the current line are already taken (past `column`: the text starts on the next
 * line). Ends with a newline. */
void rtb_text_wrap_print (FILE *out, const char *text, int used, int column, int width);
