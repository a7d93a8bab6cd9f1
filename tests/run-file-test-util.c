/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "run-file-test-util.h"

RtbRun *
run_file_test_load_text (const char *text, GError **error)
{
  g_autofree char *path = NULL;
  RtbRun *run;
  int fd = g_file_open_tmp ("rtbench-load-XXXXXX.rtbench", &path, NULL);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  run = rtb_run_load (path, error);
  g_unlink (path);
  return run;
}

static bool
deliver (const RtbFrame *frame, void *user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (rtb_run_handle_frame (user_data, frame, &error));
  g_assert_no_error (error);
  return true;
}

RtbDecoder *
run_file_test_decoder_new (RtbRun *run)
{
  return rtb_decoder_new (deliver, run);
}

void
run_file_test_feed (RtbDecoder *decoder, guint32 *seq, RtbFrameType type, const void *part1,
                    gsize len1, const void *part2, gsize len2)
{
  gsize size = sizeof (RtbFrameHeader) + len1 + len2;
  g_autofree guint8 *buf = g_malloc (size);

  g_assert_cmpuint (rtb_frame_encode2 (buf, size, type, (*seq)++, part1, len1, part2, len2), ==,
                    size);
  g_assert_cmpint (rtb_decoder_feed (decoder, buf, size), ==, 1);
}
