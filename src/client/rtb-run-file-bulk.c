/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-json-text.h"
#include "rtb-run-file-bulk.h"

gint64
_rtb_run_count_value (guint64 value)
{
  return (gint64) MIN (value, (guint64) G_MAXINT64);
}

static char *
object_text (JsonNode *object, gsize *length)
{
  char *text;

  g_assert (JSON_NODE_HOLDS_OBJECT (object));
  text = rtb_json_to_text (object, FALSE, length);
  g_assert (*length >= 2 && text[0] == '{' && text[*length - 1] == '}');
  return text;
}

void
_rtb_run_text_open_object (GString *out, JsonNode *object)
{
  gsize length;
  g_autofree char *text = object_text (object, &length);

  g_assert (length > 2);
  g_string_append_len (out, text, length - 1);
}

void
_rtb_run_text_append_members (GString *out, JsonNode *object)
{
  gsize length;
  g_autofree char *text = object_text (object, &length);

  if (length == 2)
    return;
  g_string_append_c (out, ',');
  g_string_append_len (out, text + 1, length - 2);
}

void
_rtb_run_text_append_name (GString *out, const char *name)
{
  g_string_append_c (out, ',');
  g_string_append_c (out, '"');
  g_string_append (out, name); /* the writer's own names: nothing to escape */
  g_string_append (out, "\":");
}

/* As "%" G_GINT64_FORMAT, without printf's cost: these are millions of numbers. */
static void
append_int (GString *out, gint64 value)
{
  char digits[24];
  char *p = digits + sizeof digits;
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;

  do
    {
      *--p = (char) ('0' + magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude != 0);
  if (value < 0)
    *--p = '-';
  g_string_append_len (out, p, digits + sizeof digits - p);
}

static void
append_pair (GString *out, gboolean first, gint64 key, guint64 count)
{
  g_string_append (out, first ? "[" : ",[");
  append_int (out, key);
  g_string_append_c (out, ',');
  append_int (out, _rtb_run_count_value (count));
  g_string_append_c (out, ']');
}

void
_rtb_run_text_append_counts (GString *out, const RtbHistogram *hist)
{
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (guint32 b = 0; b < hist->n_buckets; b++)
    {
      if (hist->counts[b] == 0)
        continue;
      append_pair (out, first, b, hist->counts[b]);
      first = FALSE;
    }
  g_string_append_c (out, ']');
}

void
_rtb_run_text_append_log_buckets (GString *out, const RtbLogHistogram *hist)
{
  RtbLogHistogramIter iter = { 0 };
  gboolean first = TRUE;
  gint64 key;
  guint64 n;

  g_string_append_c (out, '[');
  while (rtb_log_histogram_next (hist, &iter, &key, &n))
    {
      append_pair (out, first, key, n);
      first = FALSE;
    }
  g_string_append_c (out, ']');
}

void
_rtb_run_text_append_counters (GString *out, const guint64 *values, gsize n)
{
  g_string_append_c (out, '[');
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_int (out, _rtb_run_count_value (values[i]));
    }
  g_string_append_c (out, ']');
}

void
_rtb_run_text_append_blocks (GString *out, const RtbHistory *history)
{
  g_string_append_c (out, '[');
  for (gsize i = 0; i < history->n_blocks; i++)
    {
      const RtbHistoryBlock *block = &history->blocks[i];

      g_string_append (out, i > 0 ? ",[" : "[");
      append_int (out, block->min_ns);
      g_string_append_c (out, ',');
      append_int (out, block->max_ns);
      g_string_append_c (out, ',');
      append_int (out, block->sum_ns);
      g_string_append_c (out, ',');
      append_int (out, block->count);
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, ']');
}

void
_rtb_run_text_append_cells (GString *out, const RtbHeatmap *heatmap)
{
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (gsize c = 0; c < heatmap->n_columns; c++)
    {
      const guint64 *cells = rtb_heatmap_column (heatmap, c);

      for (guint32 r = 0; r < heatmap->n_rows; r++)
        {
          if (cells[r] == 0)
            continue;
          g_string_append (out, first ? "[" : ",[");
          append_int (out, (gint64) c);
          g_string_append_c (out, ',');
          append_int (out, r);
          g_string_append_c (out, ',');
          append_int (out, _rtb_run_count_value (cells[r]));
          g_string_append_c (out, ']');
          first = FALSE;
        }
    }
  g_string_append_c (out, ']');
}
