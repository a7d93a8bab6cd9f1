/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SYSTEM frame: building it (the worker), checking it (the decoder), reading it (clients). */
#include "config.h"

#include <string.h>

#include "rtb-protocol-private.h"

static bool
is_key_char (unsigned char c)
{
  return c > 0x20 && c < 0x7f;
}

static bool
is_value_char (unsigned char c)
{
  return (c >= 0x20 && c < 0x7f) || c == '\t' || c == '\n';
}

static bool
is_key (const char *key, size_t len)
{
  if (len == 0 || len > RTB_SYSTEM_KEY_MAX || key[0] == '/')
    return false;
  for (size_t i = 0; i < len; i++)
    if (!is_key_char ((unsigned char) key[i]))
      return false;
  for (size_t i = 0; i + 1 < len; i++)
    if (key[i] == '.' && key[i + 1] == '.')
      return false;
  return true;
}

size_t
rtb_system_frame_init (void *buf, size_t size)
{
  RtbSystemFrame frame = { 0 };

  if (size < sizeof frame)
    return 0;
  memcpy (buf, &frame, sizeof frame);
  return sizeof frame;
}

size_t
rtb_system_frame_add (void *buf, size_t size, size_t used, const char *key, const char *value,
                      size_t value_len)
{
  RtbSystemFrame frame;
  RtbSystemEntry entry = { 0 };
  size_t key_len = strlen (key);
  unsigned char *p = buf;

  if (value_len > RTB_SYSTEM_VALUE_MAX)
    value_len = RTB_SYSTEM_VALUE_MAX;
  memcpy (&frame, buf, sizeof frame);
  if (!is_key (key, key_len) || frame.n_entries >= RTB_SYSTEM_MAX_ENTRIES ||
      used + sizeof entry + key_len + value_len > size)
    return 0;

  entry.key_len = (uint16_t) key_len;
  entry.value_len = (uint32_t) value_len;
  memcpy (p + used, &entry, sizeof entry);
  memcpy (p + used + sizeof entry, key, key_len);
  p += used + sizeof entry + key_len;
  for (size_t i = 0; i < value_len; i++)
    p[i] = is_value_char ((unsigned char) value[i]) ? (unsigned char) value[i] : '?';

  frame.n_entries++;
  memcpy (buf, &frame, sizeof frame);
  return used + sizeof entry + key_len + value_len;
}

/* Reads the entry at `*offset` without trusting the payload; false at its end or when it is
 * malformed (`*malformed` tells which). */
static bool
read_entry (const unsigned char *payload, size_t len, size_t *offset, RtbSystemItem *item,
            bool *malformed)
{
  RtbSystemEntry entry;
  size_t at = *offset == 0 ? sizeof (RtbSystemFrame) : *offset;

  *malformed = false;
  if (at >= len)
    return false;
  *malformed = true;
  if (len - at < sizeof entry)
    return false;
  memcpy (&entry, payload + at, sizeof entry);
  at += sizeof entry;
  if (entry.reserved != 0 || entry.value_len > RTB_SYSTEM_VALUE_MAX ||
      len - at < (size_t) entry.key_len + entry.value_len)
    return false;
  item->key = (const char *) payload + at;
  item->key_len = entry.key_len;
  item->value = item->key + entry.key_len;
  item->value_len = entry.value_len;
  *offset = at + entry.key_len + entry.value_len;
  *malformed = false;
  return true;
}

bool
rtb_system_frame_next (const void *payload, size_t len, size_t *offset, RtbSystemItem *item)
{
  bool malformed;

  return read_entry (payload, len, offset, item, &malformed);
}

const char *
_rtb_system_frame_check (const void *payload, size_t len)
{
  RtbSystemFrame frame;
  RtbSystemItem item;
  size_t offset = 0;
  uint32_t n = 0;
  bool malformed;

  if (len < sizeof frame)
    return "SYSTEM frame is too short";
  memcpy (&frame, payload, sizeof frame);
  if (frame.n_entries > RTB_SYSTEM_MAX_ENTRIES || frame.reserved != 0)
    return "SYSTEM frame has an impossible entry count";
  while (read_entry (payload, len, &offset, &item, &malformed))
    {
      if (!is_key (item.key, item.key_len))
        return "SYSTEM frame has a key that is not a plain relative path";
      for (size_t i = 0; i < item.value_len; i++)
        if (!is_value_char ((unsigned char) item.value[i]))
          return "SYSTEM frame text is not printable ASCII";
      n++;
    }
  if (malformed)
    return "SYSTEM frame entry does not fit in the frame";
  if (n != frame.n_entries)
    return "SYSTEM frame length does not match its entry count";
  return NULL;
}
