/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib.h>
#include <stddef.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-protocol.h"

typedef struct {
  GByteArray *stream;
  GPtrArray *frames; /* GBytes: header + payload of each decoded frame */
} Fixture;

static bool
collect_frame (const RtbFrame *frame, void *user_data)
{
  GPtrArray *frames = user_data;
  GByteArray *copy = g_byte_array_new ();
  g_byte_array_append (copy, (const guint8 *) frame->header, sizeof *frame->header);
  g_byte_array_append (copy, frame->payload, (guint) frame->payload_len);
  g_ptr_array_add (frames, g_byte_array_free_to_bytes (copy));
  return true;
}

static void
append_frame (GByteArray *stream, uint32_t *seq, RtbFrameType type,
              const void *p1, size_t l1, const void *p2, size_t l2)
{
  size_t size = sizeof (RtbFrameHeader) + l1 + l2;
  g_autofree guint8 *buf = g_malloc (size);
  g_assert_cmpuint (rtb_frame_encode2 (buf, size, type, (*seq)++, p1, l1, p2, l2), ==, size);
  g_byte_array_append (stream, buf, (guint) size);
}

/* A stream with every frame type, samples of varying counts. */
static GByteArray *
build_stream (guint *n_frames)
{
  GByteArray *stream = g_byte_array_new ();
  uint32_t seq = 0;

  RtbHelloFrame hello = { .protocol_version = RTB_PROTOCOL_VERSION, .pid = 42, .n_cpus_online = 4,
                          .rt_priority_max = 99, .rt_runtime_us = 950000 };
  strcpy (hello.worker_version, "0.1.0");
  strcpy (hello.machine, "aarch64");
  append_frame (stream, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);

  RtbStartedFrame started = { .n_threads = 2 };
  RtbCommand command;
  g_assert_true (rtb_command_parse ("start latency cpus=0-1 interval_us=1000 histogram_us=800 "
                                    "duration=1s", true, 4, &command, NULL));
  rtb_command_to_wire (&command, &started.command);
  RtbThreadInfo threads[2] = {
    { .thread = 0, .cpu = 0, .policy = RTB_POLICY_FIFO, .priority = 99, .name = "CPU0" },
    { .thread = 1, .cpu = 1, .policy = RTB_POLICY_FIFO, .priority = 99, .name = "CPU1" },
  };
  append_frame (stream, &seq, RTB_FRAME_STARTED, &started, sizeof started, threads, sizeof threads);

  for (guint f = 0; f < 20; f++)
    {
      RtbSample samples[37];
      RtbSamplesFrame head = { .thread = f % 2, .count = 1 + f, .dropped_total = f };
      for (guint i = 0; i < head.count; i++)
        samples[i] = (RtbSample) { .index = f * 100 + i, .value_ns = (int64_t) (f * 1000 + i) - 500 };
      append_frame (stream, &seq, RTB_FRAME_SAMPLES, &head, sizeof head,
                    samples, head.count * sizeof (RtbSample));
    }

  RtbTraceFrame trace = { .status = RTB_TRACE_ARMED, .threshold_ns = 200000 };
  append_frame (stream, &seq, RTB_FRAME_TRACE, &trace, sizeof trace, NULL, 0);
  static const char text[] = "  culprit-77 [001] d..2. 12.000100: sched_switch: prev_comm=x\n";
  RtbSpikeFrame spike = { .thread = 1, .cpu = 1, .tid = 78, .text_len = sizeof text - 1,
                          .index = 1901, .value_ns = 250000, .deadline_ns = 12000000000,
                          .wake_ns = 12000250000 };
  append_frame (stream, &seq, RTB_FRAME_SPIKE, &spike, sizeof spike, text, sizeof text - 1);

  RtbStatsFrame stats = { .n_threads = 2, .elapsed_ns = 5 };
  RtbThreadStats ts[2] = { { .thread = 0, .count = 7, .min_ns = -1, .max_ns = 9 },
                           { .thread = 1, .count = 8 } };
  append_frame (stream, &seq, RTB_FRAME_STATS, &stats, sizeof stats, ts, sizeof ts);
  stats.reason = RTB_END_STOPPED;
  append_frame (stream, &seq, RTB_FRAME_SUMMARY, &stats, sizeof stats, ts, sizeof ts);

  guint8 system[256];
  gsize used = rtb_system_frame_init (system, sizeof system);
  used = rtb_system_frame_add (system, sizeof system, used, "uname/nodename", "rpi4", 4);
  used = rtb_system_frame_add (system, sizeof system, used, "proc/cmdline", "isolcpus=2,3\n", 13);
  append_frame (stream, &seq, RTB_FRAME_SYSTEM, system, used, NULL, 0);

  used = rtb_system_frame_init (system, sizeof system);
  used = rtb_system_frame_add (system, sizeof system, used, "proc/softirqs",
                               "  CPU0 CPU1\nNET_RX: 1 2\n", 23);
  append_frame (stream, &seq, RTB_FRAME_COUNTERS, system, used, NULL, 0);

  RtbErrorFrame error = { .code = RTB_ERROR_RANGE };
  strcpy (error.field, "priority");
  strcpy (error.message, "priority 120 is out of range: use 1-99");
  append_frame (stream, &seq, RTB_FRAME_ERROR, &error, sizeof error, NULL, 0);

  *n_frames = seq;
  return stream;
}

static void
check_frames (GByteArray *stream, GPtrArray *frames, guint n_frames)
{
  gsize offset = 0;

  g_assert_cmpuint (frames->len, ==, n_frames);
  for (guint i = 0; i < frames->len; i++)
    {
      gsize size;
      const guint8 *data = g_bytes_get_data (frames->pdata[i], &size);
      g_assert_cmpuint (offset + size, <=, stream->len);
      g_assert_cmpmem (data, size, stream->data + offset, size);
      offset += size;
    }
  g_assert_cmpuint (offset, ==, stream->len);
}

static void
test_round_trip_whole (void)
{
  guint n_frames;
  g_autoptr (GByteArray) stream = build_stream (&n_frames);
  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  RtbDecoder *decoder = rtb_decoder_new (collect_frame, frames);

  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, n_frames);
  g_assert_null (rtb_decoder_error (decoder));
  g_assert_cmpuint (rtb_decoder_pending (decoder), ==, 0);
  check_frames (stream, frames, n_frames);

  /* Typed views see what was encoded. */
  const guint8 *started = g_bytes_get_data (frames->pdata[1], NULL);
  const RtbStartedFrame *s = (const RtbStartedFrame *) (started + sizeof (RtbFrameHeader));
  g_assert_cmpstr (rtb_started_threads (s)[1].name, ==, "CPU1");
  const guint8 *samples = g_bytes_get_data (frames->pdata[5], NULL);
  const RtbSamplesFrame *sf = (const RtbSamplesFrame *) (samples + sizeof (RtbFrameHeader));
  g_assert_cmpuint (sf->count, ==, 4);
  g_assert_cmpint (rtb_samples_data (sf)[3].value_ns, ==, 3000 + 3 - 500);
  rtb_decoder_free (decoder);
}

static void
test_byte_by_byte (void)
{
  guint n_frames;
  g_autoptr (GByteArray) stream = build_stream (&n_frames);
  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  RtbDecoder *decoder = rtb_decoder_new (collect_frame, frames);
  long total = 0;

  for (guint i = 0; i < stream->len; i++)
    {
      long n = rtb_decoder_feed (decoder, stream->data + i, 1);
      g_assert_cmpint (n, >=, 0);
      total += n;
    }
  g_assert_cmpint (total, ==, n_frames);
  check_frames (stream, frames, n_frames);
  rtb_decoder_free (decoder);
}

static void
test_random_splits (void)
{
  guint n_frames;
  g_autoptr (GByteArray) stream = build_stream (&n_frames);

  for (guint round = 0; round < 200; round++)
    {
      g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
      RtbDecoder *decoder = rtb_decoder_new (collect_frame, frames);
      guint offset = 0;
      while (offset < stream->len)
        {
          guint piece = (guint) g_test_rand_int_range (0, 700);
          if (piece > stream->len - offset)
            piece = stream->len - offset;
          g_assert_cmpint (rtb_decoder_feed (decoder, stream->data + offset, piece), >=, 0);
          offset += piece;
        }
      check_frames (stream, frames, n_frames);
      rtb_decoder_free (decoder);
    }
}

static void
test_truncated (void)
{
  guint n_frames;
  g_autoptr (GByteArray) stream = build_stream (&n_frames);
  g_autoptr (GPtrArray) frames = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  RtbDecoder *decoder = rtb_decoder_new (collect_frame, frames);

  /* Cut inside the last frame: every earlier frame arrives, the rest is pending. */
  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len - 10), ==, n_frames - 1);
  g_assert_null (rtb_decoder_error (decoder));
  g_assert_cmpuint (rtb_decoder_pending (decoder), ==, sizeof (RtbFrameHeader) + sizeof (RtbErrorFrame) - 10);
  rtb_decoder_free (decoder);
}

static bool
ignore_frame (const RtbFrame *frame, void *user_data)
{
  return true;
}

static void
expect_corrupt (GByteArray *stream, const char *what)
{
  RtbDecoder *decoder = rtb_decoder_new (ignore_frame, NULL);
  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, -1);
  g_assert_nonnull (rtb_decoder_error (decoder));
  g_test_message ("%s: %s", what, rtb_decoder_error (decoder));
  /* A failed decoder stays failed. */
  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, 1), ==, -1);
  rtb_decoder_free (decoder);
}

static void
test_corrupt (void)
{
  guint n_frames;
  g_autoptr (GByteArray) good = build_stream (&n_frames);
  const gsize started_offset = sizeof (RtbFrameHeader) * 2 + sizeof (RtbHelloFrame);
  const gsize command_offset = started_offset + G_STRUCT_OFFSET (RtbStartedFrame, command);
  const gsize threads_offset = started_offset + sizeof (RtbStartedFrame);
  const gsize samples_offset = sizeof (RtbFrameHeader) * 2 + sizeof (RtbHelloFrame) +
                               sizeof (RtbStartedFrame) + 2 * sizeof (RtbThreadInfo);
  struct { const char *what; gsize offset; guint8 value; } cases[] = {
    { "magic", 0, 'X' },
    { "type", 4, 99 },
    { "flags", 6, 1 },
    { "huge length", 11, 0x7f },
    { "sequence", 12, 5 },
    { "protocol version", sizeof (RtbFrameHeader), RTB_PROTOCOL_VERSION + 1 },
    { "samples count", samples_offset + sizeof (RtbFrameHeader) + 4, 200 },
    { "thread count", started_offset, 0 },
    { "started flags", started_offset + 4, 0x80 },
    { "started timer slack",
      started_offset + G_STRUCT_OFFSET (RtbStartedFrame, timer_slack_ns) + 7, 0x80 },
    { "hello errno", sizeof (RtbFrameHeader) + 19, 0x7f },
    { "hello rt priority", sizeof (RtbFrameHeader) + 24, 200 },
    { "hello text", sizeof (RtbFrameHeader) + 32, 0x1b },
    { "command method", command_offset, 9 },
    { "command policy", command_offset + 4, 3 },
    { "command priority", command_offset + 5, 100 },
    { "command flags", command_offset + 6, 0x80 },
    { "cpu=auto for latency", command_offset + 6, RTB_COMMAND_CPU_AUTO },
    { "command timer slack",
      command_offset + G_STRUCT_OFFSET (RtbWireCommand, timer_slack_ns) + 3, 0x7f },
    { "command duration", command_offset + 15, 0x7f },
    { "command without CPUs", command_offset + 16, 0 },
    { "command reserved", command_offset + G_STRUCT_OFFSET (RtbWireCommand, reserved) + 31, 1 },
    { "latency interval", command_offset + G_STRUCT_OFFSET (RtbWireCommand, params) + 3, 0x7f },
    { "bytes past the latency parameters",
      command_offset + G_STRUCT_OFFSET (RtbWireCommand, params) + sizeof (RtbLatencyParams), 1 },
    { "thread cpu", threads_offset + 3, 0x80 },
    { "thread name", threads_offset + 8, 0xff },
    { "thread placement", threads_offset + 6, 9 },
    { "thread reserved", threads_offset + 7, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GByteArray) bad = g_byte_array_new ();
      g_byte_array_append (bad, good->data, good->len);
      bad->data[cases[i].offset] = cases[i].value;
      expect_corrupt (bad, cases[i].what);
    }

  /* Random garbage never crashes and never yields a frame with a bad payload. */
  for (guint round = 0; round < 500; round++)
    {
      g_autoptr (GByteArray) bad = g_byte_array_new ();
      g_byte_array_append (bad, good->data, good->len);
      for (guint k = 0; k < 4; k++)
        bad->data[g_test_rand_int_range (0, (gint32) bad->len)] = (guint8) g_test_rand_int ();
      RtbDecoder *decoder = rtb_decoder_new (ignore_frame, NULL);
      rtb_decoder_feed (decoder, bad->data, bad->len);
      rtb_decoder_free (decoder);
    }
}

static bool
keep_started (const RtbFrame *frame, void *user_data)
{
  RtbCommand *command = user_data;

  g_assert_cmpuint (frame->version, >=, RTB_PROTOCOL_VERSION_MIN);
  if (frame->header->type != RTB_FRAME_STARTED)
    {
      g_assert_null (frame->started);
      return true;
    }
  g_assert_nonnull (frame->started);
  g_assert_cmpuint (frame->started->n_threads, ==, 2);
  g_assert_cmpuint (frame->started->threads[1].thread, ==, 1);
  *command = *frame->started->command;
  return true;
}

/* STARTED reaches the receiver decoded: the command the worker runs, field by field. */
static void
test_started_decoded (void)
{
  guint n_frames;
  g_autoptr (GByteArray) stream = build_stream (&n_frames);
  RtbDecoder *decoder;
  RtbCommand command = { 0 };
  char line[RTB_COMMAND_MAX];

  decoder = rtb_decoder_new (keep_started, &command);
  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, n_frames);
  rtb_decoder_free (decoder);
  g_assert_cmpint (command.method, ==, RTB_METHOD_LATENCY);
  g_assert_cmpint (command.policy, ==, RTB_POLICY_FIFO);
  g_assert_cmpint (command.priority, ==, 99);
  g_assert_cmpuint (command.latency.interval_us, ==, 1000);
  g_assert_cmpuint (command.latency.histogram_us, ==, 800);
  g_assert_cmpuint (command.duration_ns, ==, 1000000000);
  g_assert_cmpint (rtb_command_format (&command, line, sizeof line), >, 0);
  g_assert_cmpstr (line, ==, "start latency cpus=0-1 policy=fifo priority=99 interval_us=1000 "
                             "histogram_us=800 duration=1s");
}

/* A command no worker would run is refused with the checker's own words. */
static void
test_started_bad_command (void)
{
  GByteArray *stream = g_byte_array_new ();
  RtbHelloFrame hello = { .protocol_version = RTB_PROTOCOL_VERSION, .n_cpus_online = 2 };
  RtbStartedFrame started = { .n_threads = 1 };
  RtbThreadInfo thread = { .thread = 0, .name = "timer" };
  RtbDecoder *decoder = rtb_decoder_new (ignore_frame, NULL);
  RtbCommand command;
  uint32_t seq = 0;

  rtb_command_defaults (&command, RTB_METHOD_TIMER, 2);
  command.timer.spin_us = command.timer.period_us;
  rtb_command_to_wire (&command, &started.command);
  append_frame (stream, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
  append_frame (stream, &seq, RTB_FRAME_STARTED, &started, sizeof started, &thread,
                sizeof thread);
  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, -1);
  g_assert_nonnull (strstr (rtb_decoder_error (decoder),
                            "spin_us 5000 must be shorter than period_us 5000"));
  rtb_decoder_free (decoder);
  g_byte_array_unref (stream);
}

/* A HELLO of `version` and a STARTED of `method`'s defaults with `flags`, decoded: the number
 * of frames, or -1 with the decoder's error in `why`. */
static int
decode_started_of (uint32_t version, RtbMethod method, uint32_t flags, char **why)
{
  g_autoptr (GByteArray) stream = g_byte_array_new ();
  RtbHelloFrame hello = { .protocol_version = version, .n_cpus_online = 2 };
  RtbStartedFrame started = { .n_threads = 1, .flags = flags };
  RtbThreadInfo thread = { .thread = 0, .name = "CPU0" };
  RtbDecoder *decoder = rtb_decoder_new (ignore_frame, NULL);
  RtbCommand command;
  uint32_t seq = 0;
  int decoded;

  rtb_command_defaults (&command, method, 2);
  rtb_command_to_wire (&command, &started.command);
  append_frame (stream, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
  append_frame (stream, &seq, RTB_FRAME_STARTED, &started, sizeof started, &thread,
                sizeof thread);
  decoded = rtb_decoder_feed (decoder, stream->data, stream->len);
  *why = decoded < 0 ? g_strdup (rtb_decoder_error (decoder)) : NULL;
  rtb_decoder_free (decoder);
  return decoded;
}

/* Methods came with protocols: a STARTED of an older stream naming a newer method is forged
 * (the STARTED of protocol 3 and older has another layout). */
static void
test_started_method_version (void)
{
  static const struct { RtbMethod method; uint32_t since; } methods[] = {
    { RTB_METHOD_NOISE, 6 }, { RTB_METHOD_TIMERLAT, 8 }, { RTB_METHOD_OSNOISE, 9 },
    { RTB_METHOD_HWLAT, 10 },
  };

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++)
    for (uint32_t version = 4; version <= RTB_PROTOCOL_VERSION; version++)
      {
        g_autofree char *why = NULL;
        g_autofree char *said = g_strdup_printf ("names the %s method, which came with "
                                                 "protocol %u",
                                                 rtb_method_to_string (methods[m].method),
                                                 methods[m].since);
        int decoded = decode_started_of (version, methods[m].method, 0, &why);

        if (version < methods[m].since)
          {
            g_assert_cmpint (decoded, ==, -1);
            g_assert_nonnull (strstr (why, said));
          }
        else
          g_assert_cmpint (decoded, ==, 2);
      }
}

/* Thread statistics grew with protocol 4, 9 and 10: an older STATS frame reaches the receiver
 * in the current layout, what it lacks 0 (osnoise's sums, hwlat's), what it has as it was. */
static bool
check_widened (const RtbFrame *frame, void *user_data)
{
  const RtbThreadStats *t;

  if (frame->header->type != RTB_FRAME_STATS)
    return true;
  g_assert_cmpuint (frame->payload_len, ==, sizeof (RtbStatsFrame) + sizeof (RtbThreadStats));
  t = rtb_stats_threads (frame->payload);
  g_assert_cmpuint (t->count, ==, 7);
  g_assert_cmpuint (t->off_cpu, ==, 3);
  g_assert_cmpuint (t->osnoise_runtime_us, ==, ((guint64 *) user_data)[0]);
  g_assert_cmpuint (t->osnoise_counts[4], ==, ((guint64 *) user_data)[0]);
  g_assert_cmpuint (t->hwlat_gaps, ==, ((guint64 *) user_data)[1]);
  g_assert_cmpuint (t->hwlat_nmi_us, ==, ((guint64 *) user_data)[1]);
  g_assert_cmpuint (t->osnoise_durations_ns[2], ==, ((guint64 *) user_data)[2]);
  g_assert_cmpuint (t->osnoise_durations_known, ==, ((guint64 *) user_data)[2] != 0 ? 4 : 0);
  return true;
}

static void
test_stats_widened (void)
{
  for (uint32_t version = 8; version <= 11; version++)
    {
      g_autoptr (GByteArray) stream = g_byte_array_new ();
      RtbHelloFrame hello = { .protocol_version = version, .n_cpus_online = 2 };
      RtbStartedFrame started = { .n_threads = 1 };
      RtbThreadInfo thread = { .thread = 0, .name = "CPU0" };
      RtbStatsFrame stats = { .n_threads = 1 };
      RtbThreadStats t = { .count = 7, .off_cpu = 3, .osnoise_runtime_us = 5,
                           .osnoise_counts = { 0, 0, 0, 0, 5 }, .hwlat_gaps = 6,
                           .hwlat_nmi_us = 6, .osnoise_durations_ns = { 0, 0, 8 },
                           .osnoise_durations_known = 4 };
      guint64 expect[3] = { version >= 9 ? 5 : 0, version >= 10 ? 6 : 0, version >= 11 ? 8 : 0 };
      RtbDecoder *decoder = rtb_decoder_new (check_widened, expect);
      RtbCommand command;
      uint32_t seq = 0;

      rtb_command_defaults (&command, RTB_METHOD_LATENCY, 2);
      rtb_command_to_wire (&command, &started.command);
      append_frame (stream, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
      append_frame (stream, &seq, RTB_FRAME_STARTED, &started, sizeof started, &thread,
                    sizeof thread);
      append_frame (stream, &seq, RTB_FRAME_STATS, &stats, sizeof stats, &t,
                    version >= 11  ? sizeof t
                    : version >= 10 ? RTB_THREAD_STATS_V10_SIZE
                    : version >= 9 ? RTB_THREAD_STATS_V9_SIZE
                                   : RTB_THREAD_STATS_V8_SIZE);
      g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, 3);
      rtb_decoder_free (decoder);
    }
}

/* STARTED's flag that the worker's own threads shared the measured CPUs came with protocol 7:
 * older streams have it 0, and one that sets it is forged. */
static void
test_started_shares_version (void)
{
  for (uint32_t version = 4; version <= RTB_PROTOCOL_VERSION; version++)
    {
      g_autofree char *why = NULL;
      int decoded = decode_started_of (version, RTB_METHOD_LATENCY,
                                       RTB_STARTED_SHARES_MEASURED_CPUS, &why);

      if (version < 7)
        {
          g_assert_cmpint (decoded, ==, -1);
          g_assert_cmpstr (why, ==, "STARTED frame has reserved bytes that are not 0");
        }
      else
        g_assert_cmpint (decoded, ==, 2);
    }
}

/* HELLO names the version every later frame is read with: it comes first, and once. */
static void
test_hello_first (void)
{
  guint n_frames;
  g_autoptr (GByteArray) stream = build_stream (&n_frames);
  gsize hello_size = sizeof (RtbFrameHeader) + sizeof (RtbHelloFrame);
  RtbDecoder *decoder = rtb_decoder_new (ignore_frame, NULL);
  g_autoptr (GByteArray) twice = g_byte_array_new ();

  g_assert_cmpint (rtb_decoder_feed (decoder, stream->data + hello_size,
                                     stream->len - hello_size), ==, -1);
  g_assert_cmpstr (rtb_decoder_error (decoder), ==, "the stream does not start with HELLO");
  rtb_decoder_free (decoder);

  g_byte_array_append (twice, stream->data, hello_size);
  g_byte_array_append (twice, stream->data, hello_size);
  guint32 seq = 1;
  memcpy (twice->data + hello_size + offsetof (RtbFrameHeader, seq), &seq, sizeof seq);
  decoder = rtb_decoder_new (ignore_frame, NULL);
  g_assert_cmpint (rtb_decoder_feed (decoder, twice->data, twice->len), ==, -1);
  g_assert_cmpstr (rtb_decoder_error (decoder), ==, "a second HELLO frame");
  rtb_decoder_free (decoder);
}

/* Streams of protocols 1 and 2 carry a few fields and the command line: the decoder reads the
 * line, and when it was cut at 128 bytes, takes policy, priority and CPUs from the threads. */
static void
test_started_v2 (void)
{
  RtbHelloFrame hello = { .protocol_version = 2, .n_cpus_online = 4 };
  RtbStartedFrameV2 started = {
    .method = RTB_METHOD_LATENCY, .n_threads = 2, .interval_us = 250, .histogram_us = 400,
    .duration_ns = 2000000000,
  };
  RtbThreadInfo threads[2] = {
    { .thread = 0, .cpu = 1, .policy = RTB_POLICY_RR, .priority = 42, .name = "CPU1" },
    { .thread = 1, .cpu = 3, .policy = RTB_POLICY_RR, .priority = 42, .name = "CPU3" },
  };

  for (guint cut = 0; cut < 2; cut++)
    {
      GByteArray *stream = g_byte_array_new ();
      RtbDecoder *decoder;
      RtbCommand command = { 0 };
      uint32_t seq = 0;

      g_strlcpy (started.command, cut ? "start latency cpus=1,3 policy=rr priority=42 interval_"
                                      : "start latency cpus=1,3 policy=rr priority=42 "
                                        "interval_us=250 histogram_us=400 duration=2s "
                                        "unthrottled=yes",
                 sizeof started.command);
      append_frame (stream, &seq, RTB_FRAME_HELLO, &hello, sizeof hello, NULL, 0);
      append_frame (stream, &seq, RTB_FRAME_STARTED, &started, sizeof started, threads,
                    sizeof threads);
      decoder = rtb_decoder_new (keep_started, &command);
      g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, 2);
      rtb_decoder_free (decoder);
      g_byte_array_unref (stream);

      g_assert_cmpint (command.method, ==, RTB_METHOD_LATENCY);
      g_assert_cmpint (command.policy, ==, RTB_POLICY_RR);
      g_assert_cmpint (command.priority, ==, 42);
      g_assert_false (command.cpus_all);
      g_assert_cmpint (rtb_cpu_count (command.cpus, RTB_MAX_CPUS), ==, 2);
      g_assert_true (rtb_cpu_isset (command.cpus, 1) && rtb_cpu_isset (command.cpus, 3));
      g_assert_cmpuint (command.latency.interval_us, ==, 250);
      g_assert_cmpuint (command.latency.histogram_us, ==, 400);
      g_assert_cmpuint (command.duration_ns, ==, 2000000000);
      /* Only the whole line says unthrottled=yes. */
      g_assert_cmpint (command.unthrottled, ==, !cut);
    }
}

static const char *
validate_system (const void *payload, size_t len)
{
  RtbFrameHeader header = { .magic = RTB_FRAME_MAGIC, .type = RTB_FRAME_SYSTEM,
                            .length = (uint32_t) len };

  return rtb_frame_validate (&header, payload, RTB_PROTOCOL_VERSION);
}

/* SYSTEM entries go in as built and come out as they went in; what is not plain text, a path
 * that climbs, an entry that overruns its frame or a count that lies is refused. */
static void
test_system (void)
{
  g_autofree guint8 *big = g_malloc0 (RTB_SYSTEM_VALUE_MAX + 100);
  g_autofree guint8 *buf = g_malloc (2 * RTB_SYSTEM_VALUE_MAX);
  gsize size = 2 * RTB_SYSTEM_VALUE_MAX;
  gsize used = rtb_system_frame_init (buf, size);
  RtbSystemItem item;
  gsize offset = 0;
  guint8 copy[256];

  used = rtb_system_frame_add (buf, size, used, "uname/release", "6.6.20-rt25", 11);
  used = rtb_system_frame_add (buf, size, used, "proc/cpuinfo", "model\t: Cortex\x01\xff\n", 17);
  g_assert_cmpuint (rtb_system_frame_add (buf, size, used, "../etc/shadow", "x", 1), ==, 0);
  g_assert_cmpuint (rtb_system_frame_add (buf, size, used, "", "x", 1), ==, 0);
  g_assert_cmpuint (rtb_system_frame_add (buf, size, used, "a b", "x", 1), ==, 0);
  g_assert_cmpuint (rtb_system_frame_add (buf, size, used, "/proc/cmdline", "x", 1), ==, 0);
  memset (big, 'x', RTB_SYSTEM_VALUE_MAX + 100);
  used = rtb_system_frame_add (buf, size, used, "proc/meminfo", (const char *) big,
                               RTB_SYSTEM_VALUE_MAX + 100);
  g_assert_cmpuint (used, >, 0);
  g_assert_null (validate_system (buf, used));

  g_assert_true (rtb_system_frame_next (buf, used, &offset, &item));
  g_assert_cmpmem (item.key, item.key_len, "uname/release", 13);
  g_assert_cmpmem (item.value, item.value_len, "6.6.20-rt25", 11);
  g_assert_true (rtb_system_frame_next (buf, used, &offset, &item));
  g_assert_cmpmem (item.value, item.value_len, "model\t: Cortex??\n", 17);
  g_assert_true (rtb_system_frame_next (buf, used, &offset, &item));
  g_assert_cmpuint (item.value_len, ==, RTB_SYSTEM_VALUE_MAX);
  g_assert_false (rtb_system_frame_next (buf, used, &offset, &item));

  /* A small frame to spoil: [count][entry "k./v" = "value"] */
  used = rtb_system_frame_init (copy, sizeof copy);
  used = rtb_system_frame_add (copy, sizeof copy, used, "k./v", "value", 5);
  g_assert_null (validate_system (copy, used));
  {
    struct { const char *what; gsize offset; guint8 value; gsize len; } cases[] = {
      { "count too high", 0, 2, used },
      { "count too low", 0, 0, used },
      { "key climbs", sizeof (RtbSystemFrame) + sizeof (RtbSystemEntry) + 2, '.', used },
      { "key with a space", sizeof (RtbSystemFrame) + sizeof (RtbSystemEntry), ' ', used },
      { "absolute key", sizeof (RtbSystemFrame) + sizeof (RtbSystemEntry), '/', used },
      { "control byte in the value", used - 1, 0x07, used },
      { "value overruns", sizeof (RtbSystemFrame) + 4, 200, used },
      { "cut inside the value", 0, 1, used - 2 },
      { "cut inside the entry", 0, 1, sizeof (RtbSystemFrame) + 3 },
      { "too short", 0, 0, 4 },
    };
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        guint8 bad[256];
        const char *error;

        memcpy (bad, copy, used);
        bad[cases[i].offset] = cases[i].value;
        error = validate_system (bad, cases[i].len);
        g_test_message ("%s: %s", cases[i].what, error);
        g_assert_nonnull (error);
      }
  }

  /* A version 1 HELLO (recordings made before SYSTEM existed) is still understood. */
  {
    RtbHelloFrame hello = { .protocol_version = 1, .rt_priority_max = 99 };
    RtbFrameHeader header = { .magic = RTB_FRAME_MAGIC, .type = RTB_FRAME_HELLO,
                              .length = sizeof hello };

    g_assert_null (rtb_frame_validate (&header, &hello, 1));
    hello.protocol_version = RTB_PROTOCOL_VERSION + 1;
    g_assert_nonnull (rtb_frame_validate (&header, &hello, 1));
  }
}

static const char *
validate (RtbFrameType type, const void *payload, size_t len, uint32_t version)
{
  RtbFrameHeader header = { .magic = RTB_FRAME_MAGIC, .type = type, .length = (uint32_t) len };

  return rtb_frame_validate (&header, payload, version);
}

/* TRACE, SPIKE and COUNTERS (protocol 5): refused in older streams; what no worker sends is
 * refused with words that say what. */
static void
test_spike_frames (void)
{
  static const char text[] = "  x-1 [000] d..2. 1.000000: sched_waking: comm=y pid=2\n";
  RtbTraceFrame trace = { .status = RTB_TRACE_NOT_PERMITTED, .sys_errno = 1 };
  guint8 spike_buf[sizeof (RtbSpikeFrame) + sizeof text];
  RtbSpikeFrame *spike = (RtbSpikeFrame *) (void *) spike_buf;
  const size_t spike_len = sizeof spike_buf - 1;
  guint8 counters[128];
  gsize counters_len = rtb_system_frame_init (counters, sizeof counters);

  g_strlcpy (trace.message, "the worker does not run as root", sizeof trace.message);
  *spike = (RtbSpikeFrame) { .thread = 0, .cpu = 3, .tid = 9, .text_len = sizeof text - 1,
                             .index = 5, .value_ns = 300000, .deadline_ns = 1000000000,
                             .wake_ns = 1000300000 };
  memcpy (spike_buf + sizeof *spike, text, sizeof text - 1);
  counters_len = rtb_system_frame_add (counters, sizeof counters, counters_len,
                                       "proc/interrupts", "  CPU0\n", 7);

  g_assert_null (validate (RTB_FRAME_TRACE, &trace, sizeof trace, RTB_PROTOCOL_VERSION));
  g_assert_null (validate (RTB_FRAME_SPIKE, spike_buf, spike_len, RTB_PROTOCOL_VERSION));
  g_assert_null (validate (RTB_FRAME_COUNTERS, counters, counters_len, RTB_PROTOCOL_VERSION));
  for (uint32_t version = RTB_PROTOCOL_VERSION_MIN; version < 5; version++)
    {
      g_assert_cmpstr (validate (RTB_FRAME_TRACE, &trace, sizeof trace, version), ==,
                       "a frame of protocol 5 in an older stream");
      g_assert_cmpstr (validate (RTB_FRAME_SPIKE, spike_buf, spike_len, version), ==,
                       "a frame of protocol 5 in an older stream");
      g_assert_cmpstr (validate (RTB_FRAME_COUNTERS, counters, counters_len, version), ==,
                       "a frame of protocol 5 in an older stream");
    }

  /* TRACE */
  {
    RtbTraceFrame bad = trace;
    g_assert_cmpstr (validate (RTB_FRAME_TRACE, &bad, sizeof bad - 1, RTB_PROTOCOL_VERSION), ==,
                     "TRACE frame has the wrong size");
    bad.status = RTB_TRACE_STATUS_LAST + 1;
    g_assert_cmpstr (validate (RTB_FRAME_TRACE, &bad, sizeof bad, RTB_PROTOCOL_VERSION), ==,
                     "TRACE frame has an unknown status");
    bad = trace;
    bad.sys_errno = -4;
    g_assert_cmpstr (validate (RTB_FRAME_TRACE, &bad, sizeof bad, RTB_PROTOCOL_VERSION), ==,
                     "TRACE frame has an impossible errno");
    bad = trace;
    bad.threshold_ns = 5;
    g_assert_nonnull (strstr (validate (RTB_FRAME_TRACE, &bad, sizeof bad, RTB_PROTOCOL_VERSION),
                              "threshold without being armed"));
    bad = (RtbTraceFrame) { .status = RTB_TRACE_ARMED };
    g_assert_nonnull (strstr (validate (RTB_FRAME_TRACE, &bad, sizeof bad, RTB_PROTOCOL_VERSION),
                              "none while armed"));
    bad = trace;
    memset (bad.message, 'a', sizeof bad.message);
    g_assert_cmpstr (validate (RTB_FRAME_TRACE, &bad, sizeof bad, RTB_PROTOCOL_VERSION), ==,
                     "TRACE frame text is not terminated printable ASCII");
  }

  /* SPIKE */
  {
    g_autofree guint8 *bad = g_memdup2 (spike_buf, sizeof spike_buf);
    RtbSpikeFrame *b = (RtbSpikeFrame *) (void *) bad;

    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, sizeof *b - 1, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame is too short");
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len - 1, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame length does not match its text");
    b->text_len = RTB_SPIKE_TEXT_MAX + 1;
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame length does not match its text");
    b->text_len = spike->text_len;
    b->flags = 0x80;
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame has an impossible thread, CPU or flag");
    b->flags = 0;
    b->cpu = -1;
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame has an impossible thread, CPU or flag");
    b->cpu = 3;
    b->wake_ns = b->deadline_ns - 1;
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame has an impossible deadline, wake-up or value");
    b->wake_ns = spike->wake_ns;
    bad[sizeof *b + 4] = 0x01;
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame text is not printable ASCII");
    bad[sizeof *b + 4] = 0xc3;
    g_assert_cmpstr (validate (RTB_FRAME_SPIKE, bad, spike_len, RTB_PROTOCOL_VERSION), ==,
                     "SPIKE frame text is not printable ASCII");
  }

  /* A SPIKE of a thread the run does not have: the decoder knows STARTED's count. */
  {
    guint n_frames;
    g_autoptr (GByteArray) stream = build_stream (&n_frames);
    RtbDecoder *decoder = rtb_decoder_new (ignore_frame, NULL);
    gsize offset = 0;

    /* The SPIKE frame of build_stream names thread 1 of 2: make it 2. */
    /* Frames follow each other unaligned (HELLO's text has any length): copied, not cast. */
    while (offset < stream->len)
      {
        RtbFrameHeader header;
        memcpy (&header, stream->data + offset, sizeof header);
        if (header.type == RTB_FRAME_SPIKE)
          {
            guint8 *thread = stream->data + offset + sizeof header + offsetof (RtbSpikeFrame, thread);
            guint16 two = 2;
            memcpy (thread, &two, sizeof two);
          }
        offset += sizeof header + header.length;
      }
    g_assert_cmpint (rtb_decoder_feed (decoder, stream->data, stream->len), ==, -1);
    g_assert_cmpstr (rtb_decoder_error (decoder), ==,
                     "SPIKE frame for a thread the run does not have");
    rtb_decoder_free (decoder);
  }
}

static void
test_encode_limits (void)
{
  guint8 small[20];
  guint8 payload[8] = { 0 };

  g_assert_cmpuint (rtb_frame_encode (small, sizeof small, RTB_FRAME_STATS, 0, payload, 8), ==, 0);
  g_assert_cmpuint (rtb_frame_encode (small, sizeof small, RTB_FRAME_STATS, 0, payload, 4), ==, 20);
  g_assert_cmpuint (rtb_frame_encode (small, SIZE_MAX, RTB_FRAME_STATS, 0, payload,
                                      RTB_FRAME_MAX_PAYLOAD + 1), ==, 0);
}

static void
test_names (void)
{
  RtbMethod m;
  RtbPolicy p;

  for (m = RTB_METHOD_LATENCY; m <= RTB_METHOD_RESPONSE; m++)
    {
      RtbMethod back;
      g_assert_true (rtb_method_from_string (rtb_method_to_string (m), &back));
      g_assert_cmpint (back, ==, m);
    }
  for (p = RTB_POLICY_OTHER; p <= RTB_POLICY_RR; p++)
    {
      RtbPolicy back;
      g_assert_true (rtb_policy_from_string (rtb_policy_to_string (p), &back));
      g_assert_cmpint (back, ==, p);
    }
  g_assert_false (rtb_method_from_string ("latencyx", &m));
  g_assert_false (rtb_method_from_string (NULL, &m));
  g_assert_false (rtb_policy_from_string ("FIFO", &p));
  g_assert_cmpstr (rtb_frame_type_to_string (77), ==, "unknown");
  g_assert_cmpstr (rtb_end_reason_to_string (RTB_END_PIPE), ==, "client gone");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/protocol/round-trip", test_round_trip_whole);
  g_test_add_func ("/protocol/byte-by-byte", test_byte_by_byte);
  g_test_add_func ("/protocol/random-splits", test_random_splits);
  g_test_add_func ("/protocol/truncated", test_truncated);
  g_test_add_func ("/protocol/corrupt", test_corrupt);
  g_test_add_func ("/protocol/started-decoded", test_started_decoded);
  g_test_add_func ("/protocol/started-bad-command", test_started_bad_command);
  g_test_add_func ("/protocol/started-v2", test_started_v2);
  g_test_add_func ("/protocol/started-method-version", test_started_method_version);
  g_test_add_func ("/protocol/stats-widened", test_stats_widened);
  g_test_add_func ("/protocol/started-shares-version", test_started_shares_version);
  g_test_add_func ("/protocol/hello-first", test_hello_first);
  g_test_add_func ("/protocol/encode-limits", test_encode_limits);
  g_test_add_func ("/protocol/system", test_system);
  g_test_add_func ("/protocol/spike-frames", test_spike_frames);
  g_test_add_func ("/protocol/names", test_names);
  return g_test_run ();
}
