/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the run-file tests share. */
#pragma once

#include "rtb-run.h"

/* Loads `text` through a file, as the CLI and the window do. */
RtbRun *run_file_test_load_text (const char *text, GError **error);
