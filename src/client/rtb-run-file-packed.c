/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "rtb-run-file-packed.h"

typedef struct {
  gboolean scanned; /* FALSE: not in the bulk */
  gsize offset;
  gsize n_bytes;
  gsize n_values;
} Packed;

typedef struct {
  Packed members[RTB_N_BULK];
} SeriesPacked;

struct _RtbRunFileBulk {
  GArray *series;               /* SeriesPacked */
  guint8 *packed;
  gsize packed_len;
  GArray *unpacked[RTB_N_BULK]; /* gint64 */
};

const RtbBulkMemberInfo _rtb_bulk_members[RTB_N_BULK] = {
  [RTB_BULK_COUNTS] = { "histogram.counts", 2, "[bucket index, count]" },
  [RTB_BULK_OUTSIDE] = { "histogram.outside_ns", 0, NULL },
  [RTB_BULK_BLOCKS] = { "history.blocks", 4, "[min, max, sum, count]" },
  [RTB_BULK_BUCKETS] = { "values.buckets", 2, "[bucket key, count]" },
  [RTB_BULK_CYCLES] = { "overflow_cycles", 0, NULL },
  [RTB_BULK_OUTSIDE_TRUNCATED] = { "cyclictest.outside", 2, "[bucket key, count]" },
  [RTB_BULK_HEATMAP_MAXIMA] = { "heatmap.column_max_ns", 0, NULL },
  [RTB_BULK_HEATMAP_CELLS] = { "heatmap.cells", 3, "[column, row, count]" },
};

/* Zigzag keeps small negative numbers short: 0, -1, 1, -2 … become 0, 1, 2, 3 … */
gsize
_rtb_packed_write (guint8 *out, const gint64 *values, gsize n)
{
  guint8 *p = out;

  for (gsize i = 0; i < n; i++)
    {
      guint64 v = ((guint64) values[i] << 1) ^ (0 - (guint64) (values[i] < 0));

      while (v >= 0x80)
        {
          *p++ = (guint8) (v | 0x80);
          v >>= 7;
        }
      *p++ = (guint8) v;
    }
  return (gsize) (p - out);
}

static gsize
packed_read (const guint8 *in, gint64 *values, gsize n)
{
  const guint8 *p = in;

  for (gsize i = 0; i < n; i++)
    {
      guint64 v = 0;
      guint shift = 0;

      for (; *p & 0x80; shift += 7)
        v |= (guint64) (*p++ & 0x7f) << shift;
      v |= (guint64) *p++ << shift;
      values[i] = (gint64) (v >> 1) ^ -(gint64) (v & 1);
    }
  return (gsize) (p - in);
}

RtbRunFileBulk *
_rtb_run_file_bulk_new (void)
{
  RtbRunFileBulk *bulk = g_new0 (RtbRunFileBulk, 1);

  bulk->series = g_array_new (FALSE, TRUE, sizeof (SeriesPacked));
  for (guint i = 0; i < RTB_N_BULK; i++)
    bulk->unpacked[i] = g_array_new (FALSE, FALSE, sizeof (gint64));
  return bulk;
}

void
_rtb_run_file_bulk_free (RtbRunFileBulk *bulk)
{
  if (bulk == NULL)
    return;
  g_array_unref (bulk->series);
  g_free (bulk->packed);
  for (guint i = 0; i < RTB_N_BULK; i++)
    g_array_unref (bulk->unpacked[i]);
  g_free (bulk);
}

void
_rtb_run_file_bulk_set (RtbRunFileBulk *bulk, guint series, RtbBulkMember member,
                        gsize offset, gsize n_bytes, gsize n_values)
{
  g_assert (member < RTB_N_BULK);

  if (series >= bulk->series->len)
    g_array_set_size (bulk->series, series + 1);
  g_array_index (bulk->series, SeriesPacked, series).members[member] = (Packed) {
    .scanned = TRUE, .offset = offset, .n_bytes = n_bytes, .n_values = n_values,
  };
}

void
_rtb_run_file_bulk_forget (RtbRunFileBulk *bulk, guint series, RtbBulkMember member)
{
  g_assert (member < RTB_N_BULK);

  if (series < bulk->series->len)
    g_array_index (bulk->series, SeriesPacked, series).members[member].scanned = FALSE;
}

void
_rtb_run_file_bulk_clear (RtbRunFileBulk *bulk)
{
  g_array_set_size (bulk->series, 0);
}

void
_rtb_run_file_bulk_take_packed (RtbRunFileBulk *bulk, guint8 *packed, gsize len)
{
  g_free (bulk->packed);
  bulk->packed = packed;
  bulk->packed_len = len;
}

GArray *
_rtb_series_bulk_get (const RtbSeriesBulk *bulk, RtbBulkMember member)
{
  const Packed *packed;
  GArray *unpacked;
  gsize n_bytes;

  g_assert (member < RTB_N_BULK);

  if (bulk->bulk == NULL || bulk->series >= bulk->bulk->series->len)
    return NULL;
  packed = &g_array_index (bulk->bulk->series, SeriesPacked, bulk->series).members[member];
  if (!packed->scanned)
    return NULL;
  g_assert (packed->n_values <= G_MAXUINT);
  g_assert (packed->offset + packed->n_bytes <= bulk->bulk->packed_len);
  unpacked = bulk->bulk->unpacked[member];
  g_array_set_size (unpacked, (guint) packed->n_values);
  n_bytes = packed_read (bulk->bulk->packed + packed->offset,
                         (gint64 *) (gpointer) unpacked->data, packed->n_values);
  g_assert (n_bytes == packed->n_bytes);
  return unpacked;
}
