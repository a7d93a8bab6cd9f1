/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kernel's trace ring buffer pages, read: see the header. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rtb-trace-page.h"

#define COMMIT_SIZE_MASK ((1u << 27) - 1)
#define MISSED_EVENTS (1u << 31)
#define MISSED_STORED (1u << 30)
#define TIME_SHIFT 27

enum {
  TYPE_DATA_LONG = 0,
  TYPE_DATA_MAX = 28,
  TYPE_PADDING = 29,
  TYPE_TIME_EXTEND = 30,
  TYPE_TIME_STAMP = 31,
};

/* Finds the line "field:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;" of `name`. */
static bool
find_field (const char *text, const char *name, RtbTraceField *field)
{
  size_t len = strlen (name);

  for (const char *line = text; line != NULL && *line != '\0';
       line = strchr (line, '\n') != NULL ? strchr (line, '\n') + 1 : NULL)
    {
      const char *f = strstr (line, "field:"), *semi, *eol = strchr (line, '\n');
      const char *end;
      unsigned offset, size;
      int is_signed = 0;

      if (f == NULL || (eol != NULL && f > eol) || (semi = strchr (f, ';')) == NULL ||
          (eol != NULL && semi > eol))
        continue;
      /* The name is the word before the ';', an array's brackets aside ("char data[4080]"); a
       * string's type has brackets of its own, before its name ("__data_loc char[] name"). */
      end = semi;
      if (semi[-1] == ']')
        while (end > f && *end != '[')
          end--;
      if ((size_t) (end - f) < len || memcmp (end - len, name, len) != 0 ||
          (end[-(ptrdiff_t) len - 1] != ' ' && end[-(ptrdiff_t) len - 1] != '\t'))
        continue;
      if (sscanf (semi + 1, " offset:%u; size:%u; signed:%d;", &offset, &size, &is_signed) < 2)
        return false;
      field->offset = offset;
      field->size = size;
      field->is_signed = is_signed != 0;
      field->is_data_loc = strncmp (f + strlen ("field:"), "__data_loc ", 11) == 0;
      return true;
    }
  return false;
}

bool
rtb_trace_page_layout_parse (const char *header_page, RtbTracePageLayout *layout)
{
  RtbTraceField commit, data;

  if (!find_field (header_page, "commit", &commit) || !find_field (header_page, "data", &data))
    return false;
  if ((commit.size != 4 && commit.size != 8) || data.offset < commit.offset + commit.size)
    return false;
  layout->commit_offset = commit.offset;
  layout->commit_size = commit.size;
  layout->data_offset = data.offset;
  return true;
}

bool
rtb_trace_format_id (const char *format, unsigned *id)
{
  const char *line = strstr (format, "\nID:");

  if (line == NULL && strncmp (format, "ID:", 3) == 0)
    line = format - 1;
  return line != NULL && sscanf (line + 4, "%u", id) == 1;
}

bool
rtb_trace_format_field (const char *format, const char *name, RtbTraceField *field)
{
  if (!find_field (format, name, field))
    return false;
  return field->size == 1 || field->size == 2 || field->size == 4 || field->size == 8;
}

bool
rtb_trace_format_text (const char *format, const char *name, RtbTraceField *field)
{
  return find_field (format, name, field) && (field->is_data_loc ? field->size == 4
                                                                 : field->size > 0);
}

static uint64_t
read_uint (const unsigned char *p, unsigned size)
{
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  uint64_t u64 = 0;

  switch (size)
    {
    case 1: memcpy (&u8, p, 1); return u8;
    case 2: memcpy (&u16, p, 2); return u16;
    case 4: memcpy (&u32, p, 4); return u32;
    default: memcpy (&u64, p, 8); return u64;
    }
}

bool
rtb_trace_event_field (const RtbTraceEvent *event, const RtbTraceField *field, int64_t *value)
{
  uint64_t bits;

  if ((size_t) field->offset + field->size > event->len)
    return false;
  bits = read_uint (event->data + field->offset, field->size);
  if (field->is_signed && field->size < 8 && (bits >> (field->size * 8 - 1)) != 0)
    bits |= ~0ull << (field->size * 8);
  *value = (int64_t) bits;
  return true;
}

bool
rtb_trace_event_text (const RtbTraceEvent *event, const RtbTraceField *field, char *out,
                      size_t size)
{
  size_t at = field->offset, len = field->size;

  if ((size_t) field->offset + field->size > event->len || size == 0)
    return false;
  if (field->is_data_loc)
    {
      /* Where the string lies in the event: its offset in the low 16 bits, its length (its
       * terminating zero included) in the high 16. */
      uint32_t loc = (uint32_t) read_uint (event->data + field->offset, 4);

      at = loc & 0xffff;
      len = loc >> 16;
      if (at + len > event->len)
        return false;
    }
  if (len >= size)
    len = size - 1;
  memcpy (out, event->data + at, len);
  out[len] = '\0';
  /* A fixed array ends at its first zero. */
  out[strnlen (out, len)] = '\0';
  return true;
}

int
rtb_trace_page_walk (const RtbTracePageLayout *layout, const void *page, size_t len,
                     RtbTraceEventFunc each, void *user, uint64_t *missed)
{
  const unsigned char *p = page;
  uint64_t time, commit;
  size_t size, at, end;
  int n = 0;

  *missed = 0;
  if (len < layout->data_offset)
    return -1;
  time = read_uint (p, 8);
  commit = read_uint (p + layout->commit_offset, layout->commit_size);
  size = (size_t) (commit & COMMIT_SIZE_MASK);
  end = layout->data_offset + size;
  if (end > len)
    return -1;
  if (commit & MISSED_EVENTS)
    {
      *missed = UINT64_MAX;
      if ((commit & MISSED_STORED) && end + layout->commit_size <= len)
        *missed = read_uint (p + end, layout->commit_size);
    }
  for (at = layout->data_offset; at + 4 <= end;)
    {
      uint32_t head = (uint32_t) read_uint (p + at, 4);
      unsigned type_len = head & 0x1f;
      uint32_t delta = head >> 5;
      uint32_t word = 0;

      at += 4;
      if (type_len == TYPE_DATA_LONG || type_len > TYPE_DATA_MAX)
        {
          if (at + 4 > end)
            return -1;
          word = (uint32_t) read_uint (p + at, 4);
        }
      switch (type_len)
        {
        case TYPE_PADDING:
          /* Without a delta it is the rest of the page; else an event discarded, whose delta
           * still counts, its length from after its header's word. */
          if (delta == 0)
            return n;
          time += delta;
          at += word;
          continue;
        case TYPE_TIME_EXTEND:
          time += ((uint64_t) word << TIME_SHIFT) + delta;
          at += 4;
          continue;
        case TYPE_TIME_STAMP:
          /* The top bits an absolute stamp cannot hold stay those of the page's time. */
          time = (time & (0xf8ull << 56)) | ((uint64_t) word << TIME_SHIFT) | delta;
          at += 4;
          continue;
        default:
          break;
        }
      {
        RtbTraceEvent event = { .time = time + delta };
        size_t body;

        if (type_len == TYPE_DATA_LONG)
          {
            if (word < 4)
              return -1;
            body = ((size_t) word - 4 + 3) & ~(size_t) 3;
            at += 4;
          }
        else
          body = (size_t) type_len * 4;
        if (at + body > end)
          return -1;
        time = event.time;
        event.data = p + at;
        event.len = body;
        event.type = body >= 2 ? (unsigned) read_uint (p + at, 2) : 0;
        at += body;
        each (&event, user);
        n++;
      }
    }
  return n;
}
