/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * libFuzzer target: the worker's frame stream as a client decodes it. The same bytes are fed
 * whole and in pieces of input-derived sizes; both must deliver the same frames and end in the
 * same state. Every delivered payload is read in full through its typed view.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-protocol.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

typedef struct {
  uint64_t n_frames;
  uint64_t digest;
} Seen;

static uint64_t
mix (uint64_t h, uint64_t v)
{
  return (h ^ v) * 0x100000001b3ull;
}

static uint64_t
read_payload (const RtbFrame *frame)
{
  const unsigned char *p = frame->payload;
  uint64_t h = frame->header->type;

  /* Touch every byte the frame claims, so that a length the decoder got wrong shows up. */
  for (size_t i = 0; i < frame->payload_len; i++)
    h = mix (h, p[i]);

  switch ((RtbFrameType) frame->header->type)
    {
    case RTB_FRAME_STARTED:
      {
        const RtbStarted *started = frame->started;
        char line[RTB_COMMAND_MAX];
        for (uint32_t i = 0; i < started->n_threads; i++)
          h = mix (h, strlen (started->threads[i].name) + (uint64_t) started->threads[i].cpu);
        /* The decoded command is one the worker could run, and it reads back whole. */
        if (!rtb_command_check (started->command, 0, NULL) ||
            rtb_command_format (started->command, line, sizeof line) < 0)
          abort ();
        h = mix (h, strlen (line));
        break;
      }
    case RTB_FRAME_SAMPLES:
      {
        const RtbSamplesFrame *samples = frame->payload;
        const RtbSample *s = rtb_samples_data (samples);
        for (uint32_t i = 0; i < samples->count; i++)
          h = mix (h, s[i].index ^ (uint64_t) s[i].value_ns);
        break;
      }
    case RTB_FRAME_STATS:
    case RTB_FRAME_SUMMARY:
      {
        const RtbStatsFrame *stats = frame->payload;
        const RtbThreadStats *t = rtb_stats_threads (stats);
        for (uint32_t i = 0; i < stats->n_threads; i++)
          h = mix (h, t[i].count + (uint64_t) t[i].max_ns);
        break;
      }
    case RTB_FRAME_HELLO:
      h = mix (h, strlen (((const RtbHelloFrame *) frame->payload)->worker_version));
      break;
    case RTB_FRAME_ERROR:
      h = mix (h, strlen (((const RtbErrorFrame *) frame->payload)->message));
      break;
    case RTB_FRAME_TRACE:
      h = mix (h, strlen (((const RtbTraceFrame *) frame->payload)->message) +
                    (uint64_t) ((const RtbTraceFrame *) frame->payload)->threshold_ns);
      break;
    case RTB_FRAME_SPIKE:
      {
        const RtbSpikeFrame *spike = frame->payload;
        const char *text = rtb_spike_text (spike);

        if (sizeof *spike + spike->text_len != frame->payload_len)
          abort ();
        for (uint32_t i = 0; i < spike->text_len; i++)
          h = mix (h, (uint8_t) text[i]);
        h = mix (h, spike->index + (uint64_t) spike->value_ns);
        break;
      }
    case RTB_FRAME_COUNTERS:
    case RTB_FRAME_SYSTEM:
      {
        const char *end = (const char *) frame->payload + frame->payload_len;
        RtbSystemItem item;
        size_t offset = 0;
        uint32_t n = 0;

        while (rtb_system_frame_next (frame->payload, frame->payload_len, &offset, &item))
          {
            if (item.key_len == 0 || item.value + item.value_len > end)
              abort ();
            h = mix (h, (uint64_t) item.key[0] + item.value_len);
            n++;
          }
        if (n != ((const RtbSystemFrame *) frame->payload)->n_entries)
          abort ();
        break;
      }
    default:
      abort ();
    }
  return h;
}

static bool
on_frame (const RtbFrame *frame, void *user_data)
{
  Seen *seen = user_data;
  RtbFrameHeader header = *frame->header;
  uint32_t version = frame->version;

  /* A STARTED frame of protocols 1 and 2 reads its CPU list against the CPU count HELLO gave,
   * which rtb_frame_validate does not know: only the decoder can judge it. */
  bool legacy_started = frame->header->type == RTB_FRAME_STARTED && frame->version < 3;

  /* STATS of an older version arrive widened to the current layout: valid as such. */
  if (frame->payload_len != header.length)
    {
      if (header.type != RTB_FRAME_STATS && header.type != RTB_FRAME_SUMMARY)
        abort ();
      header.length = (uint32_t) frame->payload_len;
      version = RTB_PROTOCOL_VERSION;
    }
  if ((!legacy_started && rtb_frame_validate (&header, frame->payload, version) != NULL) ||
      (frame->started != NULL) != (frame->header->type == RTB_FRAME_STARTED))
    abort ();
  seen->n_frames++;
  seen->digest = mix (seen->digest, read_payload (frame));
  /* The receiver may stop the stream; do it on some frames so that path runs too. */
  return frame->header->seq != 0xfffffffeu;
}

static void
decode (const uint8_t *data, size_t size, uint64_t split_seed, Seen *seen, char **error,
        size_t *pending)
{
  RtbDecoder *decoder = rtb_decoder_new (on_frame, seen);
  uint64_t state = split_seed | 1;
  size_t off = 0;

  while (off < size)
    {
      size_t n = size - off;
      if (split_seed != 0)
        {
          state ^= state << 13;
          state ^= state >> 7;
          state ^= state << 17;
          /* Mostly tiny pieces (header boundaries), sometimes large ones. */
          size_t piece = (size_t) (state >> 8) % ((state & 3) == 0 ? 4096 : 24);
          if (piece == 0)
            piece = 1;
          if (piece < n)
            n = piece;
        }
      long r = rtb_decoder_feed (decoder, data + off, n);
      off += n;
      if (r < 0)
        break;
    }
  /* A failed decoder stays failed. */
  if (rtb_decoder_error (decoder) != NULL && rtb_decoder_feed (decoder, "x", 1) != -1)
    abort ();
  *error = rtb_decoder_error (decoder) != NULL ? strdup (rtb_decoder_error (decoder)) : NULL;
  *pending = rtb_decoder_pending (decoder);
  if (rtb_decoder_frames (decoder) != seen->n_frames)
    abort ();
  rtb_decoder_free (decoder);
}

static void
validate_direct (const uint8_t *data, size_t size)
{
  RtbFrameHeader header;
  void *payload;

  if (size < sizeof header)
    return;
  memcpy (&header, data, sizeof header);
  /* rtb_frame_validate trusts header->length to be the payload's size: give it exactly that. */
  if (header.length > size - sizeof header)
    header.length = (uint32_t) (size - sizeof header);
  payload = malloc (header.length > 0 ? header.length : 1);
  memcpy (payload, data + sizeof header, header.length);
  for (uint32_t version = RTB_PROTOCOL_VERSION_MIN; version <= RTB_PROTOCOL_VERSION; version++)
    (void) rtb_frame_validate (&header, payload, version);
  free (payload);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  Seen whole = { 0 }, split = { 0 };
  char *whole_error, *split_error;
  size_t whole_pending, split_pending;
  uint64_t seed = 0xcbf29ce484222325ull;

  for (size_t i = 0; i < size && i < 64; i++)
    seed = mix (seed, data[i]);

  decode (data, size, 0, &whole, &whole_error, &whole_pending);
  decode (data, size, seed, &split, &split_error, &split_pending);

  if (whole.n_frames != split.n_frames || whole.digest != split.digest ||
      (whole_error == NULL) != (split_error == NULL) ||
      (whole_error != NULL && strcmp (whole_error, split_error) != 0) ||
      (whole_error == NULL && whole_pending != split_pending))
    abort ();

  free (whole_error);
  free (split_error);
  validate_direct (data, size);
  return 0;
}
