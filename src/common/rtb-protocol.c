/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtb-command.h"
#include "rtb-methods.h"
#include "rtb-protocol-private.h"

static const char *const policy_names[] = {
  [RTB_POLICY_OTHER] = "other",
  [RTB_POLICY_FIFO] = "fifo",
  [RTB_POLICY_RR] = "rr",
};

static const char *const end_reason_names[] = {
  [RTB_END_COMPLETED] = "completed",
  [RTB_END_STOPPED] = "stopped",
  [RTB_END_PIPE] = "client gone",
  [RTB_END_PARENT] = "parent died",
  [RTB_END_SIGNAL] = "signal",
  [RTB_END_FAILED] = "failed",
};

static const char *const placement_names[] = {
  [RTB_CPU_PLACEMENT_GIVEN] = "given",
  [RTB_CPU_PLACEMENT_ISOLATED] = "isolated",
  [RTB_CPU_PLACEMENT_LAST] = "last",
  [RTB_CPU_PLACEMENT_NONE] = "none",
};

static const char *const frame_names[] = {
  [RTB_FRAME_HELLO] = "HELLO",
  [RTB_FRAME_STARTED] = "STARTED",
  [RTB_FRAME_SAMPLES] = "SAMPLES",
  [RTB_FRAME_STATS] = "STATS",
  [RTB_FRAME_SUMMARY] = "SUMMARY",
  [RTB_FRAME_ERROR] = "ERROR",
  [RTB_FRAME_SYSTEM] = "SYSTEM",
  [RTB_FRAME_TRACE] = "TRACE",
  [RTB_FRAME_SPIKE] = "SPIKE",
  [RTB_FRAME_COUNTERS] = "COUNTERS",
};

#define N_ELEMENTS(a) (sizeof (a) / sizeof ((a)[0]))
/* A decoder error with the command checker's message in it. */
#define RTB_DETAIL_MAX 320

static const char *
name_of (const char *const *names, size_t n_names, unsigned value)
{
  if (value < n_names && names[value] != NULL)
    return names[value];
  return "unknown";
}

static bool
value_of (const char *const *names, size_t n_names, const char *str, unsigned *out)
{
  for (size_t i = 0; i < n_names; i++)
    {
      if (names[i] != NULL && str != NULL && strcmp (names[i], str) == 0)
        {
          *out = (unsigned) i;
          return true;
        }
    }
  return false;
}

const char *
rtb_method_to_string (RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  return info != NULL ? info->name : "unknown";
}

bool
rtb_method_from_string (const char *str, RtbMethod *out)
{
  for (int m = RTB_METHOD_LATENCY; str != NULL && m <= RTB_METHOD_LAST; m++)
    if (strcmp (rtb_method_info ((RtbMethod) m)->name, str) == 0)
      {
        *out = (RtbMethod) m;
        return true;
      }
  return false;
}

const char *
rtb_policy_to_string (RtbPolicy policy)
{
  return name_of (policy_names, N_ELEMENTS (policy_names), policy);
}

bool
rtb_policy_from_string (const char *str, RtbPolicy *out)
{
  unsigned v;
  if (!value_of (policy_names, N_ELEMENTS (policy_names), str, &v))
    return false;
  *out = (RtbPolicy) v;
  return true;
}

const char *
rtb_end_reason_to_string (RtbEndReason reason)
{
  return name_of (end_reason_names, N_ELEMENTS (end_reason_names), reason);
}

const char *
rtb_cpu_placement_to_string (RtbCpuPlacement placement)
{
  return name_of (placement_names, N_ELEMENTS (placement_names), placement);
}

const char *
rtb_frame_type_to_string (RtbFrameType type)
{
  return name_of (frame_names, N_ELEMENTS (frame_names), type);
}

size_t
rtb_frame_encode2 (void *buf, size_t buf_size, RtbFrameType type, uint32_t seq,
                   const void *part1, size_t len1, const void *part2, size_t len2)
{
  size_t payload = len1 + len2;
  if (payload > RTB_FRAME_MAX_PAYLOAD || buf_size < sizeof (RtbFrameHeader) + payload)
    return 0;

  RtbFrameHeader header = {
    .magic = RTB_FRAME_MAGIC,
    .type = (uint16_t) type,
    .flags = 0,
    .length = (uint32_t) payload,
    .seq = seq,
  };
  unsigned char *p = buf;
  memcpy (p, &header, sizeof header);
  if (len1 > 0)
    memcpy (p + sizeof header, part1, len1);
  if (len2 > 0)
    memcpy (p + sizeof header + len1, part2, len2);
  return sizeof header + payload;
}

size_t
rtb_frame_encode (void *buf, size_t buf_size, RtbFrameType type, uint32_t seq,
                  const void *payload, size_t payload_len)
{
  return rtb_frame_encode2 (buf, buf_size, type, seq, payload, payload_len, NULL, 0);
}

/* Terminated printable ASCII, as the worker writes every text: clients show these strings in
 * terminals and GTK labels and store them in JSON, so nothing else gets past the decoder. */
bool
_rtb_is_text (const char *text, size_t size)
{
  for (size_t i = 0; i < size; i++)
    {
      unsigned char c = (unsigned char) text[i];
      if (c == '\0')
        return true;
      if (c < 0x20 || c > 0x7e)
        return false;
    }
  return false;
}

static bool
is_errno (int32_t value)
{
  return value >= 0 && value <= 4095;
}

/* The size of one RtbThreadStats in a stream of protocol `version`. */
static size_t
stats_size (uint32_t version)
{
  return version >= 11  ? sizeof (RtbThreadStats)
         : version >= 10 ? RTB_THREAD_STATS_V10_SIZE
         : version >= 9 ? RTB_THREAD_STATS_V9_SIZE
         : version >= 4 ? RTB_THREAD_STATS_V8_SIZE
                        : RTB_THREAD_STATS_V3_SIZE;
}

/* Everything the decoder checks of a frame; a STARTED frame is decoded into `started` and
 * `command` on the way, and `detail` gets the full message when it is wrong. */
static const char *
check_frame (const RtbFrameHeader *header, const void *payload, uint32_t version,
             uint32_t n_cpus_online, RtbStarted *started, RtbCommand *command, char *detail,
             size_t detail_size)
{
  size_t len = header->length;

  if (header->magic != RTB_FRAME_MAGIC)
    return "bad frame magic (not an rtbench-worker stream, or a byte-swapped one)";
  if (len > RTB_FRAME_MAX_PAYLOAD)
    return "frame longer than the protocol allows";
  if (header->flags != 0)
    return "unknown frame flags";

  switch ((RtbFrameType) header->type)
    {
    case RTB_FRAME_HELLO:
      {
        const RtbHelloFrame *hello = payload;
        if (len != sizeof (RtbHelloFrame))
          return "HELLO frame has the wrong size";
        if (hello->protocol_version < RTB_PROTOCOL_VERSION_MIN ||
            hello->protocol_version > RTB_PROTOCOL_VERSION)
          return "the worker speaks another protocol version: install matching rtbench versions";
        if (!_rtb_is_text (hello->worker_version, sizeof hello->worker_version) ||
            !_rtb_is_text (hello->machine, sizeof hello->machine))
          return "HELLO frame text is not terminated printable ASCII";
        if (!is_errno (hello->mlockall_errno) || !is_errno (hello->dma_latency_errno))
          return "HELLO frame has an impossible errno";
        if (hello->rt_priority_max < 0 || hello->rt_priority_max > 99 ||
            hello->rt_runtime_us < -2)
          return "HELLO frame has an impossible real-time limit";
        return NULL;
      }
    case RTB_FRAME_STARTED:
      return _rtb_started_decode (payload, len, version, n_cpus_online, started, command, detail,
                                  detail_size);
    case RTB_FRAME_SAMPLES:
      {
        const RtbSamplesFrame *samples = payload;
        if (len < sizeof (RtbSamplesFrame))
          return "SAMPLES frame is too short";
        if (samples->count == 0 || samples->count > RTB_SAMPLES_PER_FRAME)
          return "SAMPLES frame has an impossible sample count";
        if (len != sizeof (RtbSamplesFrame) + (size_t) samples->count * sizeof (RtbSample))
          return "SAMPLES frame length does not match its sample count";
        return NULL;
      }
    case RTB_FRAME_STATS:
    case RTB_FRAME_SUMMARY:
      {
        const RtbStatsFrame *stats = payload;
        size_t each = stats_size (version);
        if (len < sizeof (RtbStatsFrame))
          return "STATS frame is too short";
        if (stats->n_threads == 0 || stats->n_threads > RTB_MAX_THREADS)
          return "STATS frame has an impossible thread count";
        if (len != sizeof (RtbStatsFrame) + stats->n_threads * each)
          return "STATS frame length does not match its thread count";
        if (header->type == RTB_FRAME_SUMMARY &&
            (stats->reason < RTB_END_COMPLETED || stats->reason > RTB_END_FAILED))
          return "SUMMARY frame has an unknown end reason";
        for (uint32_t i = 0; i < stats->n_threads; i++)
          {
            RtbThreadStats thread;
            memcpy (&thread, (const char *) (stats + 1) + i * each, each);
            if (!isfinite (thread.sum_sq_us2) || thread.sum_sq_us2 < 0)
              return "STATS frame has an impossible sum of squares";
          }
        return NULL;
      }
    case RTB_FRAME_ERROR:
      {
        const RtbErrorFrame *error = payload;
        if (len != sizeof (RtbErrorFrame))
          return "ERROR frame has the wrong size";
        if (!_rtb_is_text (error->field, sizeof error->field) ||
            !_rtb_is_text (error->message, sizeof error->message))
          return "ERROR frame text is not terminated printable ASCII";
        if (error->code < RTB_ERROR_SYNTAX || error->code > RTB_ERROR_UNSAFE ||
            !is_errno (error->sys_errno))
          return "ERROR frame has an unknown code or errno";
        return NULL;
      }
    case RTB_FRAME_SYSTEM:
      return _rtb_system_frame_check (payload, len);
    case RTB_FRAME_TRACE:
    case RTB_FRAME_SPIKE:
    case RTB_FRAME_COUNTERS:
      if (version < 5)
        return "a frame of protocol 5 in an older stream";
      if (header->type == RTB_FRAME_COUNTERS)
        return _rtb_system_frame_check (payload, len);
      return header->type == RTB_FRAME_TRACE ? _rtb_trace_frame_check (payload, len)
                                             : _rtb_spike_frame_check (payload, len);
    default:
      return "unknown frame type";
    }
}

const char *
rtb_frame_validate (const RtbFrameHeader *header, const void *payload, uint32_t version)
{
  RtbStarted started;
  RtbCommand command;
  char detail[RTB_DETAIL_MAX];

  return check_frame (header, payload, version, 0, &started, &command, detail, sizeof detail);
}

struct RtbDecoder
{
  RtbFrameFunc func;
  void *user_data;
  /* One frame is assembled here; malloc alignment keeps the payload (at offset 16)
   * aligned for the 8-byte fields of the frame structs. */
  unsigned char *buf;
  size_t have;
  const char *error;
  uint64_t n_frames;
  uint32_t next_seq;

  /* From HELLO */
  uint32_t version;          /* 0 until HELLO */
  uint32_t n_cpus_online;

  /* The STARTED frame last delivered, decoded */
  RtbStarted started;
  RtbCommand command;
  /* STATS and SUMMARY of older versions, widened to the current RtbThreadStats */
  unsigned char *wide;
  char error_text[RTB_DETAIL_MAX];
};

RtbDecoder *
rtb_decoder_new (RtbFrameFunc func, void *user_data)
{
  RtbDecoder *decoder = calloc (1, sizeof *decoder);
  if (decoder == NULL)
    return NULL;
  decoder->buf = malloc (sizeof (RtbFrameHeader) + RTB_FRAME_MAX_PAYLOAD);
  if (decoder->buf == NULL)
    {
      free (decoder);
      return NULL;
    }
  decoder->func = func;
  decoder->user_data = user_data;
  return decoder;
}

void
rtb_decoder_free (RtbDecoder *decoder)
{
  if (decoder == NULL)
    return;
  free (decoder->buf);
  free (decoder->wide);
  free (decoder);
}

static size_t
take (RtbDecoder *decoder, const unsigned char **data, size_t *len, size_t want)
{
  size_t n = want - decoder->have;
  if (n > *len)
    n = *len;
  memcpy (decoder->buf + decoder->have, *data, n);
  decoder->have += n;
  *data += n;
  *len -= n;
  return n;
}

/* A checked STATS payload of an older version in the current layout: the counts it lacks are
 * 0. The result lives in the decoder until the next frame. */
static const void *
widen_stats (RtbDecoder *decoder, const void *payload, size_t *len)
{
  const RtbStatsFrame *stats = payload;
  size_t each = stats_size (decoder->version);
  RtbThreadStats *threads;

  if (decoder->wide == NULL)
    decoder->wide = malloc (sizeof (RtbStatsFrame) + RTB_MAX_THREADS * sizeof (RtbThreadStats));
  if (decoder->wide == NULL)
    return NULL;
  memcpy (decoder->wide, stats, sizeof *stats);
  threads = (RtbThreadStats *) (void *) (decoder->wide + sizeof (RtbStatsFrame));
  for (uint32_t i = 0; i < stats->n_threads; i++)
    {
      memset (&threads[i], 0, sizeof threads[i]);
      memcpy (&threads[i], (const char *) (stats + 1) + i * each, each);
    }
  *len = sizeof (RtbStatsFrame) + stats->n_threads * sizeof (RtbThreadStats);
  return decoder->wide;
}

long
rtb_decoder_feed (RtbDecoder *decoder, const void *data, size_t len)
{
  const unsigned char *p = data;
  long delivered = 0;

  if (decoder->error != NULL)
    return -1;

  while (len > 0)
    {
      const size_t header_size = sizeof (RtbFrameHeader);
      if (decoder->have < header_size)
        {
          take (decoder, &p, &len, header_size);
          if (decoder->have < header_size)
            break;
          RtbFrameHeader header;
          memcpy (&header, decoder->buf, header_size);
          if (header.magic != RTB_FRAME_MAGIC)
            {
              decoder->error = "bad frame magic (not an rtbench-worker stream, or a byte-swapped one)";
              return -1;
            }
          if (header.length > RTB_FRAME_MAX_PAYLOAD)
            {
              decoder->error = "frame longer than the protocol allows";
              return -1;
            }
        }

      const RtbFrameHeader *header = (const RtbFrameHeader *) (const void *) decoder->buf;
      size_t frame_size = header_size + header->length;
      if (decoder->have < frame_size)
        take (decoder, &p, &len, frame_size);
      if (decoder->have < frame_size)
        break;

      const void *payload = decoder->buf + header_size;
      /* HELLO names the version the frames after it are read with. */
      bool is_hello = header->type == RTB_FRAME_HELLO;
      if (is_hello != (decoder->version == 0))
        {
          decoder->error = is_hello ? "a second HELLO frame"
                                    : "the stream does not start with HELLO";
          return -1;
        }
      decoder->error_text[0] = '\0';
      const char *invalid = check_frame (header, payload, decoder->version, decoder->n_cpus_online,
                                         &decoder->started, &decoder->command,
                                         decoder->error_text, sizeof decoder->error_text);
      if (invalid != NULL)
        {
          decoder->error = decoder->error_text[0] != '\0' ? decoder->error_text : invalid;
          return -1;
        }
      if (header->type == RTB_FRAME_SPIKE &&
          ((const RtbSpikeFrame *) payload)->thread >= decoder->started.n_threads)
        {
          decoder->error = "SPIKE frame for a thread the run does not have";
          return -1;
        }
      if (header->seq != decoder->next_seq)
        {
          decoder->error = "frame sequence gap: frames were lost or reordered";
          return -1;
        }
      decoder->next_seq++;

      if (is_hello)
        {
          decoder->version = ((const RtbHelloFrame *) payload)->protocol_version;
          decoder->n_cpus_online = ((const RtbHelloFrame *) payload)->n_cpus_online;
        }
      size_t payload_len = header->length;
      if ((header->type == RTB_FRAME_STATS || header->type == RTB_FRAME_SUMMARY) &&
          stats_size (decoder->version) != sizeof (RtbThreadStats))
        {
          payload = widen_stats (decoder, payload, &payload_len);
          if (payload == NULL)
            {
              decoder->error = "out of memory";
              return -1;
            }
        }
      RtbFrame frame = {
        .header = header,
        .payload = payload,
        .payload_len = payload_len,
        .version = decoder->version,
        .started = header->type == RTB_FRAME_STARTED ? &decoder->started : NULL,
      };
      decoder->have = 0;
      decoder->n_frames++;
      delivered++;
      if (!decoder->func (&frame, decoder->user_data))
        {
          decoder->error = "stopped by the receiver";
          return -1;
        }
    }

  return delivered;
}

const char *
rtb_decoder_error (const RtbDecoder *decoder)
{
  return decoder->error;
}

size_t
rtb_decoder_pending (const RtbDecoder *decoder)
{
  return decoder->have;
}

uint64_t
rtb_decoder_frames (const RtbDecoder *decoder)
{
  return decoder->n_frames;
}
