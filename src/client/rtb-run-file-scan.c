/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "rtb-json-precheck.h"
#include "rtb-run-file-scan.h"
#include "rtb-run.h"

typedef enum {
  ROLE_OTHER,
  ROLE_ROOT,
  ROLE_SERIES,     /* the "series" array */
  ROLE_ONE_SERIES, /* one of its objects */
  ROLE_HISTOGRAM,
  ROLE_HISTORY,
  ROLE_VALUES,
  ROLE_CYCLICTEST,
} Role;

typedef struct {
  const char *data;
  const char *p;
  const char *end;
  const char *copied; /* the document before this is in `out` */
  GString *out;
  GArray *bulk;       /* RtbSeriesBulk */
  GError **error;
} Scan;

void
_rtb_series_bulk_clear (RtbSeriesBulk *bulk)
{
  g_clear_pointer (&bulk->counts, g_array_unref);
  g_clear_pointer (&bulk->outside, g_array_unref);
  g_clear_pointer (&bulk->blocks, g_array_unref);
  g_clear_pointer (&bulk->buckets, g_array_unref);
  g_clear_pointer (&bulk->cycles, g_array_unref);
  g_clear_pointer (&bulk->outside_truncated, g_array_unref);
}

static gboolean G_GNUC_PRINTF (2, 3)
syntax_error (Scan *s, const char *format, ...)
{
  g_autofree char *message = NULL;
  guint line = 1, column = 1;
  va_list args;

  for (const char *q = s->data; q < s->p; q++)
    {
      column++;
      if (*q == '\n')
        line++, column = 1;
    }
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (s->error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT,
               "not valid JSON: line %u, column %u: %s", line, column, message);
  return FALSE;
}

static void
skip_space (Scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\n' || *s->p == '\t' || *s->p == '\r'))
    s->p++;
}

static gboolean
expect (Scan *s, char c)
{
  skip_space (s);
  if (s->p >= s->end)
    return syntax_error (s, "the file ends where '%c' was expected", c);
  if (*s->p != c)
    return syntax_error (s, "expected '%c'", c);
  s->p++;
  return TRUE;
}

/* A string: *key and *key_len get its raw bytes between the quotes. */
static gboolean
scan_string (Scan *s, const char **key, gsize *key_len)
{
  const char *start;

  if (!expect (s, '"'))
    return FALSE;
  start = s->p;
  while (s->p < s->end && *s->p != '"')
    {
      if ((guchar) *s->p < 0x20)
        return syntax_error (s, "a control character inside a string");
      s->p += *s->p == '\\' ? 2 : 1;
    }
  if (s->p >= s->end)
    {
      s->p = s->end;
      return syntax_error (s, "a string is not closed");
    }
  *key = start;
  *key_len = (gsize) (s->p - start);
  s->p++;
  return TRUE;
}

typedef enum {
  SCALAR_INTEGER,
  SCALAR_FRACTIONAL,
  SCALAR_OTHER,
} ScalarKind;

/* A number or true, false, null. Integers must fit in 64 bits: a JSON parser would wrap
 * them silently. */
static gboolean
scan_scalar (Scan *s, ScalarKind *kind, gint64 *value)
{
  const char *start = s->p;
  gboolean negative = FALSE;
  guint64 magnitude = 0;

  if (s->p < s->end && *s->p == '-')
    negative = TRUE, s->p++;
  if (s->p < s->end && g_ascii_isdigit (*s->p))
    {
      gboolean overflow = FALSE;

      /* JSON has no leading zeros; json-glib would read 0747 as an octal number. */
      if (*s->p == '0' && s->p + 1 < s->end && g_ascii_isdigit (s->p[1]))
        return syntax_error (s, "a number with a leading zero");

      for (; s->p < s->end && g_ascii_isdigit (*s->p); s->p++)
        {
          guint digit = (guint) (*s->p - '0');

          overflow |= magnitude > (G_MAXUINT64 - digit) / 10;
          magnitude = magnitude * 10 + digit;
        }
      *kind = SCALAR_INTEGER;
      if (s->p < s->end && (*s->p == '.' || *s->p == 'e' || *s->p == 'E'))
        {
          *kind = SCALAR_FRACTIONAL;
          for (; s->p < s->end && (g_ascii_isdigit (*s->p) || strchr (".eE+-", *s->p)); s->p++)
            ;
          return TRUE;
        }
      if (overflow || magnitude > (guint64) G_MAXINT64 + negative)
        {
          int length = (int) MIN (s->p - start, 40);

          s->p = start;
          return syntax_error (s, "%.*s does not fit in a 64-bit integer", length, start);
        }
      *value = negative ? (gint64) (0 - magnitude) : (gint64) magnitude;
      return TRUE;
    }
  for (const char *literal = "true\0false\0null\0"; *literal != '\0';
       literal += strlen (literal) + 1)
    if (!negative && (gsize) (s->end - s->p) >= strlen (literal) &&
        memcmp (s->p, literal, strlen (literal)) == 0)
      {
        s->p += strlen (literal);
        *kind = SCALAR_OTHER;
        return TRUE;
      }
  if (s->p >= s->end)
    return syntax_error (s, "the file ends where a value was expected");
  return syntax_error (s, "unexpected '%c'", *s->p);
}

static gboolean scan_value (Scan *s, Role role, guint index, guint depth);

/* The integers of a bulk array; `array->len` is the room, `len` what is used. */
typedef struct {
  GArray *array;
  gsize len;
} Values;

static inline void
push (Values *values, const gint64 *items, guint n)
{
  if (G_UNLIKELY (values->len + n > values->array->len))
    g_array_set_size (values->array, MAX (4096, 2 * values->array->len));
  memcpy (&g_array_index (values->array, gint64, values->len), items, n * sizeof (gint64));
  values->len += n;
}

static const char *
kind_of (const char *p, ScalarKind kind)
{
  switch (*p)
    {
    case '"':
      return "a string";
    case '[':
      return "an array";
    case '{':
      return "an object";
    case 'n':
      return "null";
    case 't':
    case 'f':
      return "a boolean";
    default:
      return kind == SCALAR_FRACTIONAL ? "a fractional number" : "an integer";
    }
}

static const char * const bulk_members[] = { "histogram.counts", "histogram.outside_ns",
                                             "history.blocks", "values.buckets",
                                             "overflow_cycles", "cyclictest.outside" };
static const char * const tuple_shapes[] = { "[bucket index, count]", NULL,
                                             "[min, max, sum, count]", "[bucket key, count]",
                                             NULL, "[bucket key, count]" };

static gboolean G_GNUC_PRINTF (5, 6)
element_error (Scan *s, guint series, guint which, guint element, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (s->error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, "series[%u].%s[%u]: %s", series,
               bulk_members[which], element, message);
  return FALSE;
}

/* One element of a bulk array: an integer (tuple == 0) or an array of `tuple` integers. The
 * messages are those of the JSON tree reader. */
static gboolean
scan_bulk_element (Scan *s, Values *into, guint tuple, guint series, guint which, guint element,
                   guint depth)
{
  const char *bad = NULL;
  ScalarKind bad_kind = SCALAR_OTHER;
  guint n = 0;

  skip_space (s);
  if (tuple == 0 || s->p >= s->end || *s->p != '[')
    {
      const char *start = s->p;
      ScalarKind kind = SCALAR_OTHER;
      gint64 value;

      if (s->p < s->end && (*s->p == '[' || *s->p == '{' || *s->p == '"'))
        {
          if (!scan_value (s, ROLE_OTHER, 0, depth + 1))
            return FALSE;
        }
      else if (!scan_scalar (s, &kind, &value))
        return FALSE;
      if (tuple > 0)
        return element_error (s, series, which, element, "expected %s", tuple_shapes[which]);
      if (kind != SCALAR_INTEGER)
        return element_error (s, series, which, element, "expected an integer, found %s",
                              kind_of (start, kind));
      push (into, &value, 1);
      return TRUE;
    }

  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == ']')
    s->p++;
  else
    for (;;)
      {
        const char *start;
        ScalarKind kind = SCALAR_OTHER;
        gint64 value = 0;

        skip_space (s);
        start = s->p;
        if (s->p < s->end && (*s->p == '[' || *s->p == '{' || *s->p == '"'))
          {
            if (!scan_value (s, ROLE_OTHER, 0, depth + 2))
              return FALSE;
          }
        else if (!scan_scalar (s, &kind, &value))
          return FALSE;
        if (kind != SCALAR_INTEGER && bad == NULL)
          bad = start, bad_kind = kind;
        if (n < tuple)
          push (into, &value, 1);
        n++;
        skip_space (s);
        if (s->p < s->end && *s->p == ',')
          {
            s->p++;
            continue;
          }
        if (!expect (s, ']'))
          return FALSE;
        break;
      }
  if (n != tuple)
    return element_error (s, series, which, element, "expected %s", tuple_shapes[which]);
  if (bad != NULL)
    return element_error (s, series, which, element, "expected an integer, found %s",
                          kind_of (bad, bad_kind));
  return TRUE;
}

/* At most 18 digits, which cannot overflow; anything else is left to scan_scalar(). */
static inline gboolean
fast_int (const char **pp, const char *end, gint64 *out)
{
  const char *p = *pp;
  gboolean negative = p < end && *p == '-';
  guint64 value = 0;
  const char *digits;

  p += negative;
  digits = p;
  if (p + 1 < end && *p == '0' && (guint) (p[1] - '0') < 10)
    return FALSE;
  while (p < end && (guint) (*p - '0') < 10 && p - digits < 18)
    value = value * 10 + (guint) (*p++ - '0');
  if (p == digits || p - digits == 18 || p == end || *p == '.' || *p == 'e' || *p == 'E')
    return FALSE;
  *out = negative ? -(gint64) value : (gint64) value;
  *pp = p;
  return TRUE;
}

/* An element as rtbench writes it, without spaces ("123" or "[1,2]"); FALSE, having read
 * nothing, for anything else. */
static inline gboolean
fast_element (Scan *s, Values *into, guint tuple)
{
  const char *p = s->p;
  gint64 item[4];

  if (p >= s->end)
    return FALSE;
  if (tuple == 0)
    {
      if (!fast_int (&p, s->end, item))
        return FALSE;
    }
  else
    {
      if (*p++ != '[')
        return FALSE;
      for (guint i = 0; i < tuple; i++)
        if (!fast_int (&p, s->end, &item[i]) || *p++ != (i + 1 < tuple ? ',' : ']'))
          return FALSE;
    }
  push (into, item, MAX (tuple, 1));
  s->p = p;
  return TRUE;
}

/* A bulk array: its elements go into `*into`, and `out` gets it as "[]". */
static gboolean
scan_bulk (Scan *s, GArray **into, guint which, guint series, guint depth)
{
  static const guint tuples[] = { 2, 0, 4, 2, 0, 2 };
  g_autoptr (GArray) array = g_array_new (FALSE, FALSE, sizeof (gint64));
  Values values = { array, 0 };
  guint n = 0;

  if (depth > RTB_JSON_MAX_DEPTH)
    return syntax_error (s, "nested deeper than %d levels", RTB_JSON_MAX_DEPTH);
  g_string_append_len (s->out, s->copied, s->p + 1 - s->copied);
  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == ']')
    s->p++;
  else
    for (;;)
      {
        if (!fast_element (s, &values, tuples[which]) &&
            !scan_bulk_element (s, &values, tuples[which], series, which, n, depth))
          return FALSE;
        n++;
        skip_space (s);
        if (s->p < s->end && *s->p == ',')
          {
            s->p++;
            continue;
          }
        if (!expect (s, ']'))
          return FALSE;
        break;
      }
  s->copied = s->p - 1;
  g_array_set_size (array, values.len);
  g_clear_pointer (into, g_array_unref);
  *into = g_steal_pointer (&array);
  return TRUE;
}

static gboolean
key_is (const char *key, gsize len, const char *name)
{
  return len == strlen (name) && memcmp (key, name, len) == 0;
}

static RtbSeriesBulk *
series_bulk (Scan *s, guint index)
{
  if (index >= s->bulk->len)
    g_array_set_size (s->bulk, index + 1);
  return &g_array_index (s->bulk, RtbSeriesBulk, index);
}

static gboolean
scan_object (Scan *s, Role role, guint index, guint depth)
{
  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == '}')
    {
      s->p++;
      return TRUE;
    }
  for (;;)
    {
      const char *key;
      gsize key_len;
      Role child = ROLE_OTHER;
      GArray **bulk = NULL;
      guint which = 0;

      if (!scan_string (s, &key, &key_len) || !expect (s, ':'))
        return FALSE;
      if (role == ROLE_ROOT && key_is (key, key_len, "series"))
        child = ROLE_SERIES;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "histogram"))
        child = ROLE_HISTOGRAM;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "history"))
        child = ROLE_HISTORY;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "values"))
        child = ROLE_VALUES;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "cyclictest"))
        child = ROLE_CYCLICTEST;
      else if (role == ROLE_HISTOGRAM && key_is (key, key_len, "counts"))
        bulk = &series_bulk (s, index)->counts, which = 0;
      else if (role == ROLE_HISTOGRAM && key_is (key, key_len, "outside_ns"))
        bulk = &series_bulk (s, index)->outside, which = 1;
      else if (role == ROLE_HISTORY && key_is (key, key_len, "blocks"))
        bulk = &series_bulk (s, index)->blocks, which = 2;
      else if (role == ROLE_VALUES && key_is (key, key_len, "buckets"))
        bulk = &series_bulk (s, index)->buckets, which = 3;
      else if (role == ROLE_ONE_SERIES && key_is (key, key_len, "overflow_cycles"))
        bulk = &series_bulk (s, index)->cycles, which = 4;
      else if (role == ROLE_CYCLICTEST && key_is (key, key_len, "outside"))
        bulk = &series_bulk (s, index)->outside_truncated, which = 5;

      skip_space (s);
      if (bulk != NULL && s->p < s->end && *s->p == '[')
        {
          if (!scan_bulk (s, bulk, which, index, depth + 1))
            return FALSE;
        }
      else if (!scan_value (s, child, index, depth + 1))
        return FALSE;

      skip_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      return expect (s, '}');
    }
}

static gboolean
scan_array (Scan *s, Role role, guint depth)
{
  guint n = 0;

  /* Only the last "series" counts, as for the JSON parser. */
  if (role == ROLE_SERIES)
    g_array_set_size (s->bulk, 0);
  s->p++;
  skip_space (s);
  if (s->p < s->end && *s->p == ']')
    {
      s->p++;
      return TRUE;
    }
  for (;;)
    {
      if (!scan_value (s, role == ROLE_SERIES ? ROLE_ONE_SERIES : ROLE_OTHER, n++, depth + 1))
        return FALSE;
      skip_space (s);
      if (s->p < s->end && *s->p == ',')
        {
          s->p++;
          continue;
        }
      return expect (s, ']');
    }
}

static gboolean
scan_value (Scan *s, Role role, guint index, guint depth)
{
  const char *key;
  gsize key_len;
  ScalarKind kind;
  gint64 value;

  skip_space (s);
  if (s->p >= s->end)
    return syntax_error (s, "the file ends where a value was expected");
  if ((*s->p == '[' || *s->p == '{') && depth > RTB_JSON_MAX_DEPTH)
    {
      g_autofree char *message = NULL;
      guint line = 1;

      for (const char *q = s->data; q < s->p; q++)
        line += *q == '\n';
      message = _rtb_json_depth_message (line);
      g_set_error_literal (s->error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT, message);
      return FALSE;
    }
  switch (*s->p)
    {
    case '{':
      /* A member given twice counts once, the last time, as for the JSON parser. */
      if (role == ROLE_ONE_SERIES)
        _rtb_series_bulk_clear (series_bulk (s, index));
      else if (role == ROLE_HISTOGRAM)
        {
          g_clear_pointer (&series_bulk (s, index)->counts, g_array_unref);
          g_clear_pointer (&series_bulk (s, index)->outside, g_array_unref);
        }
      else if (role == ROLE_HISTORY)
        g_clear_pointer (&series_bulk (s, index)->blocks, g_array_unref);
      else if (role == ROLE_VALUES)
        g_clear_pointer (&series_bulk (s, index)->buckets, g_array_unref);
      else if (role == ROLE_CYCLICTEST)
        g_clear_pointer (&series_bulk (s, index)->outside_truncated, g_array_unref);
      return scan_object (s, role, index, depth);
    case '[':
      return scan_array (s, role, depth);
    case '"':
      return scan_string (s, &key, &key_len);
    default:
      return scan_scalar (s, &kind, &value);
    }
}

char *
_rtb_run_file_scan (const char *data, gsize len, GArray **bulk, GError **error)
{
  Scan s = {
    .data = data, .p = data, .end = data + len, .copied = data, .error = error,
  };

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (bulk != NULL, NULL);

  s.bulk = g_array_new (FALSE, TRUE, sizeof (RtbSeriesBulk));
  g_array_set_clear_func (s.bulk, (GDestroyNotify) _rtb_series_bulk_clear);
  s.out = g_string_new (NULL);

  /* A UTF-8 byte order mark, as the JSON parser accepts. */
  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    s.p += 3;
  skip_space (&s);
  if (s.p < s.end && !scan_value (&s, ROLE_ROOT, 0, 1))
    goto failed;
  skip_space (&s);
  if (s.p < s.end)
    {
      syntax_error (&s, "more after the end of the document");
      goto failed;
    }
  g_string_append_len (s.out, s.copied, s.end - s.copied);
  *bulk = s.bulk;
  return g_string_free (s.out, FALSE);

failed:
  g_array_unref (s.bulk);
  g_string_free (s.out, TRUE);
  return NULL;
}
