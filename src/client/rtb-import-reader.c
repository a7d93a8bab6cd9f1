/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "rtb-file-read.h"
#include "rtb-import-reader.h"

#define CHUNK ((gsize) 1 << 20)
/* cyclictest's longest line lists a thread's overflow cycle numbers: at most 1000000 of them,
 * about 6 bytes each. */
#define MAX_LINE ((gsize) 64 << 20)

struct _RtbImportReader {
  int fd;             /* -1: memory */
  char *path;
  const char *memory; /* the caller's bytes, or NULL */
  gsize memory_len;
  char *buf;          /* a file's chunk: buf[start, end) is unread */
  gsize alloc;
  gsize start, end;
  gboolean eof;
  guint number;
};

RtbImportReader *
_rtb_import_reader_new_memory (const char *data, gsize len)
{
  RtbImportReader *reader = g_new0 (RtbImportReader, 1);

  reader->fd = -1;
  reader->memory = data;
  reader->memory_len = len;
  reader->buf = (char *) data;
  reader->end = len;
  reader->eof = TRUE;
  return reader;
}

RtbImportReader *
_rtb_import_reader_new_file (const char *path, GError **error)
{
  RtbImportReader *reader;
  int fd = _rtb_file_open (path, NULL, error);

  if (fd < 0)
    return NULL;
  reader = g_new0 (RtbImportReader, 1);
  reader->fd = fd;
  reader->path = g_strdup (path);
  reader->alloc = CHUNK;
  reader->buf = g_malloc (reader->alloc);
  return reader;
}

void
_rtb_import_reader_free (RtbImportReader *reader)
{
  if (reader == NULL)
    return;
  if (reader->fd >= 0)
    {
      close (reader->fd);
      g_free (reader->buf);
    }
  g_free (reader->path);
  g_free (reader);
}

/* Moves the unread bytes to the front and reads more after them. */
static gboolean
fill (RtbImportReader *reader, GError **error)
{
  ssize_t n;

  if (reader->start > 0)
    {
      memmove (reader->buf, reader->buf + reader->start, reader->end - reader->start);
      reader->end -= reader->start;
      reader->start = 0;
    }
  if (reader->end == reader->alloc)
    {
      if (reader->alloc >= MAX_LINE)
        {
          g_set_error (error, RTB_IMPORT_ERROR, RTB_IMPORT_ERROR_FORMAT, "line %u: longer than "
                       "%" G_GSIZE_FORMAT " MiB, which no line of the tools' output is",
                       reader->number + 1, MAX_LINE >> 20);
          return FALSE;
        }
      reader->alloc *= 2;
      reader->buf = g_realloc (reader->buf, reader->alloc);
    }
  do
    n = read (reader->fd, reader->buf + reader->end, reader->alloc - reader->end);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Could not read %s: %s",
                   reader->path, g_strerror (saved));
      return FALSE;
    }
  reader->end += (gsize) n;
  reader->eof = n == 0;
  return TRUE;
}

const char *
_rtb_import_reader_head (RtbImportReader *reader, gsize *len, GError **error)
{
  while (!reader->eof && reader->end - reader->start < CHUNK)
    if (!fill (reader, error))
      return NULL;
  *len = MIN (reader->end - reader->start, CHUNK);
  return reader->buf + reader->start;
}

gboolean
_rtb_import_reader_next (RtbImportReader *reader, RtbImportLine *line, gboolean *terminated,
                         GError **error)
{
  RtbImportLines one;
  const char *nl;
  gsize scanned = 0, len;

  for (;;)
    {
      nl = memchr (reader->buf + reader->start + scanned, '\n',
                   reader->end - reader->start - scanned);
      if (nl != NULL || reader->eof)
        break;
      scanned = reader->end - reader->start;
      if (!fill (reader, error))
        return FALSE;
    }
  if (nl == NULL && reader->start == reader->end)
    return FALSE;

  len = nl != NULL ? (gsize) (nl - (reader->buf + reader->start)) : reader->end - reader->start;
  _rtb_import_lines_init (&one, reader->buf + reader->start, len);
  if (!_rtb_import_lines_next (&one, line))
    {
      line->p = reader->buf + reader->start;
      line->len = 0;
    }
  line->number = ++reader->number;
  *terminated = nl != NULL;
  reader->start += len + (nl != NULL);
  return TRUE;
}

gboolean
_rtb_import_reader_rewind (RtbImportReader *reader, GError **error)
{
  reader->number = 0;
  reader->start = 0;
  if (reader->fd < 0)
    return TRUE;
  if (lseek (reader->fd, 0, SEEK_SET) < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "Could not read %s again: "
                   "%s", reader->path, g_strerror (saved));
      return FALSE;
    }
  reader->end = 0;
  reader->eof = FALSE;
  return TRUE;
}
