/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A recorded rtbench-worker stream (`rtbench-worker latency … > board.stream`): the frames are
 * replayed into a run exactly as a live session would apply them. A recording cut short keeps
 * everything before the cut, and the notes say what was lost.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "rtb-import-private.h"
#include "rtb-run-private.h"

typedef struct {
  RtbRun *run;
  GError *error;
  char *worker_error;
  guint64 last_end_ns;
} Replay;

static bool
on_frame (const RtbFrame *frame, void *user_data)
{
  Replay *replay = user_data;

  switch (frame->header->type)
    {
    case RTB_FRAME_ERROR:
      if (replay->worker_error == NULL)
        {
          const RtbErrorFrame *err = frame->payload;
          g_autofree char *text = g_strndup (err->message, sizeof err->message);

          replay->worker_error = g_utf8_make_valid (text, -1);
        }
      break;
    case RTB_FRAME_STATS:
    case RTB_FRAME_SUMMARY:
      replay->last_end_ns = ((const RtbStatsFrame *) frame->payload)->end_realtime_ns;
      break;
    default:
      break;
    }
  return rtb_run_handle_frame (replay->run, frame, &replay->error);
}

/* What a recording of protocol 1, without SYSTEM, says of its machine. */
static RtbSystemInfo *
system_from_hello (RtbRun *run)
{
  RtbSystemInfo *system = rtb_system_info_new_unknown (NULL);
  const RtbHelloFrame *hello = rtb_run_get_worker (run);

  if (hello != NULL)
    {
      system->machine = g_utf8_make_valid (hello->machine, -1);
      if (hello->n_cpus_online > 0)
        system->n_cpus = (int) MIN (hello->n_cpus_online, (guint32) RTB_MAX_CPUS);
      if (hello->rt_runtime_us >= -1)
        system->sched_rt_runtime_us = hello->rt_runtime_us;
    }
  return system;
}

RtbRun *
_rtb_import_stream (RtbImportInput *in, GError **error)
{
  g_autoptr (RtbRun) run = NULL;
  RtbDecoder *decoder;
  RtbCommand cmd;
  Replay replay = { 0 };
  long delivered;
  gsize pending;
  guint64 frames;
  g_autofree char *protocol_error = NULL;

  rtb_command_defaults (&cmd, RTB_METHOD_LATENCY, 0);
  run = rtb_run_new (&cmd);
  replay.run = run;

  decoder = rtb_decoder_new (on_frame, &replay);
  if (decoder == NULL)
    g_error ("Out of memory for a frame decoder");
  delivered = rtb_decoder_feed (decoder, in->data, in->len);
  pending = rtb_decoder_pending (decoder);
  frames = rtb_decoder_frames (decoder);
  if (delivered < 0 && replay.error == NULL)
    protocol_error = g_strdup (rtb_decoder_error (decoder));
  rtb_decoder_free (decoder);

  if (rtb_run_get_state (run) == RTB_RUN_STATE_NEW)
    {
      if (replay.worker_error != NULL)
        _rtb_import_fail_code (error, RTB_IMPORT_ERROR_EMPTY, "the recording holds no run: the "
                               "worker refused the command: %s", replay.worker_error);
      else if (replay.error != NULL || protocol_error != NULL)
        _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "not a valid rtbench-worker "
                               "stream: frame %" G_GUINT64_FORMAT ": %s", frames + 1,
                               replay.error != NULL ? replay.error->message : protocol_error);
      else
        _rtb_import_fail_code (error, RTB_IMPORT_ERROR_EMPTY, "the recording holds no run: it "
                               "ends after %" G_GUINT64_FORMAT " frames without a STARTED frame",
                               frames);
      g_clear_error (&replay.error);
      g_free (replay.worker_error);
      return NULL;
    }

  if (replay.error != NULL || protocol_error != NULL)
    _rtb_import_note (in, _("the stream breaks off at frame %llu (%s): imported what came "
                            "before"), (unsigned long long) frames + 1,
                      replay.error != NULL ? replay.error->message : protocol_error);
  else if (pending > 0)
    _rtb_import_note (in, _("the stream ends inside a frame (%llu bytes of it): the recording "
                            "was cut short"), (unsigned long long) pending);
  if (rtb_run_get_state (run) == RTB_RUN_STATE_RUNNING)
    {
      rtb_run_stream_ended (run);
      _rtb_run_set_times (run, rtb_run_get_start_time (run),
                          replay.last_end_ns != 0 ? (gint64) (replay.last_end_ns / 1000) : 0,
                          rtb_run_get_elapsed_ns (run));
      _rtb_import_note (in, _("the recording ends without the worker's SUMMARY: the run is "
                              "marked cut short and keeps the %llu samples it holds"),
                        (unsigned long long) rtb_run_get_total_count (run));
    }
  if (replay.worker_error != NULL)
    _rtb_import_note (in, _("the worker reported: %s"), replay.worker_error);
  g_clear_error (&replay.error);
  g_free (replay.worker_error);

  /* A SYSTEM frame (protocol 2) set the recording's machine already */
  _rtb_import_finish (run, in, "rtbench-worker stream",
                      rtb_run_get_system (run) != NULL
                        ? rtb_system_info_copy (rtb_run_get_system (run))
                        : system_from_hello (run));
  return g_steal_pointer (&run);
}
