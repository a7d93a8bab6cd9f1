/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The kernel's trace ring buffer as per_cpu/cpuN/trace_pipe_raw gives it: one page per read(),
 * its events in binary, as the kernel wrote them (Documentation/trace/ring-buffer-design.rst,
 * kernel/trace/ring_buffer.c). Reading it costs the kernel a page copy, where trace_pipe
 * formats every event as text first.
 *
 * A page: its header as events/header_page describes it (the time stamp of its first event,
 * u64 at 0; `commit`, a long at 8 whose low 27 bits are the bytes of data and whose bits 31 and
 * 30 say that events were lost before this page and that their count follows the data), then
 * the events. An event: a 32-bit header (type_len in its 5 low bits, the time since the previous
 * event in the 27 high bits), then its body:
 *
 *   type_len 1-28   a data event of type_len × 4 bytes
 *   type_len 0      a data event whose length (+ 4) is the next u32, the data after it
 *   type_len 29     padding: the next u32 is its length
 *   type_len 30     a time extension: the next u32 is the delta's bits above 27
 *   type_len 31     an absolute time stamp, its bits 27-58 in the next u32
 *
 * A data event begins with the common fields of events/<system>/<event>/format: its type (the
 * format's ID) as an unsigned short at 0, then the event's own fields at their offsets.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest page a kernel has (arm64 with 64 KiB pages). */
#define RTB_TRACE_PAGE_MAX 65536

typedef struct {
  unsigned commit_offset;
  unsigned commit_size;   /* 8 on 64-bit kernels, 4 on 32-bit ones */
  unsigned data_offset;
} RtbTracePageLayout;

typedef struct {
  unsigned offset;
  unsigned size;          /* 1, 2, 4 or 8 */
  bool is_signed;
  bool is_data_loc;       /* a string stored after the fields: `size` is its 32-bit locator */
} RtbTraceField;

typedef struct {
  uint64_t time;          /* the trace clock's time of the event (ns for the mono clock) */
  unsigned type;          /* the common_type field: the format's ID */
  const unsigned char *data;
  size_t len;
} RtbTraceEvent;

/* Reads events/header_page; false when it lacks the commit or data field. */
bool rtb_trace_page_layout_parse (const char *header_page, RtbTracePageLayout *layout);
/* The ID of an event's format file; false when it has none. */
bool rtb_trace_format_id (const char *format, unsigned *id);
/* A field of an event's format file ("seqnum", "timer_latency"); false when it has no such field
 * or one of a size other than 1, 2, 4 or 8. */
bool rtb_trace_format_field (const char *format, const char *name, RtbTraceField *field);
/* A field's value in an event's data, sign-extended when signed; false when the event is too
 * short for it. */
bool rtb_trace_event_field (const RtbTraceEvent *event, const RtbTraceField *field,
                            int64_t *value);

/* A text field of an event's format file: an array of chars ("char prev_comm[16]") or a string
 * stored after the fields ("__data_loc char[] name"); false when it has no such field. */
bool rtb_trace_format_text (const char *format, const char *name, RtbTraceField *field);
/* Copies a text field's value into `out` (`size` bytes, cut and always ended by a zero); false
 * when the event is too short for it. */
bool rtb_trace_event_text (const RtbTraceEvent *event, const RtbTraceField *field, char *out,
                           size_t size);

typedef void (*RtbTraceEventFunc) (const RtbTraceEvent *event, void *user);

/* Calls `each` for every data event of `page` (`len` bytes as read), in order. Returns the count
 * of data events, or -1 when the page is malformed (then the events before the fault were
 * given). `*missed` gets the events the kernel lost just before this page: 0, their count, or
 * UINT64_MAX when it lost some without counting them; it is set before `each` is first called. */
int rtb_trace_page_walk (const RtbTracePageLayout *layout, const void *page, size_t len,
                         RtbTraceEventFunc each, void *user, uint64_t *missed);
