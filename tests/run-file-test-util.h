/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the run-file tests share. */
#pragma once

#include "rtb-run.h"

/* Loads `text` through a file, as the CLI and the window do. */
RtbRun *run_file_test_load_text (const char *text, GError **error);

/* A decoder whose every frame goes to `run` (rtb_run_handle_frame, asserted to succeed). */
RtbDecoder *run_file_test_decoder_new (RtbRun *run);
/* Hands a frame to `decoder` through the encoder, as from a worker's pipe. */
void run_file_test_feed (RtbDecoder *decoder, guint32 *seq, RtbFrameType type, const void *part1,
                         gsize len1, const void *part2, gsize len2);
