/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "rtb-worker.h"

void
rtb_worker_input_init (RtbWorkerInput *input, int fd, int output_fd)
{
  memset (input, 0, sizeof *input);
  input->fd = fd;
  input->output_fd = output_fd;
}

/* Takes one complete line out of the buffer, if there is one. */
static int
take_line (RtbWorkerInput *input, char *line, size_t line_size)
{
  char *nl = memchr (input->buf, '\n', input->len);

  if (nl == NULL)
    {
      if (input->discarding)
        input->len = 0;
      else if (input->len > RTB_COMMAND_MAX)
        {
          input->len = 0;
          input->discarding = true;
          return RTB_WORKER_INPUT_TOO_LONG;
        }
      return -1;
    }

  size_t n = (size_t) (nl - input->buf);
  bool was_discarding = input->discarding;
  bool too_long = !was_discarding && n > RTB_COMMAND_MAX;
  if (!was_discarding && !too_long)
    {
      size_t copy = n < line_size - 1 ? n : line_size - 1;
      memcpy (line, input->buf, copy);
      line[copy] = '\0';
      input->line_len = copy;
    }
  memmove (input->buf, nl + 1, input->len - n - 1);
  input->len -= n + 1;
  input->discarding = false;
  if (was_discarding)
    return take_line (input, line, line_size);
  return too_long ? RTB_WORKER_INPUT_TOO_LONG : RTB_WORKER_INPUT_LINE;
}

RtbWorkerInputEvent
rtb_worker_input_wait (RtbWorkerInput *input, char *line, size_t line_size, int timeout_ms)
{
  struct pollfd fds[3];
  int n_fds = 0;
  int output_at = -1;
  int input_at = -1;
  int r;

  if (input->eof_pending)
    {
      input->eof_pending = false;
      return RTB_WORKER_INPUT_EOF;
    }
  if (input->fd >= 0)
    {
      r = take_line (input, line, line_size);
      if (r >= 0)
        return (RtbWorkerInputEvent) r;
    }

  fds[n_fds++] = (struct pollfd) { .fd = rtb_worker_stop_wake_fd (), .events = POLLIN };
  /* No events asked: a pipe or socket whose reader is gone reports POLLERR or POLLHUP anyway,
   * and a file never does. */
  if (input->output_fd >= 0)
    {
      output_at = n_fds;
      fds[n_fds++] = (struct pollfd) { .fd = input->output_fd, .events = 0 };
    }
  if (input->fd >= 0)
    {
      input_at = n_fds;
      fds[n_fds++] = (struct pollfd) { .fd = input->fd, .events = POLLIN };
    }

  r = poll (fds, (nfds_t) n_fds, timeout_ms);
  if (r < 0)
    return errno == EINTR ? RTB_WORKER_INPUT_WAKE : RTB_WORKER_INPUT_ERROR;
  if (r == 0)
    return RTB_WORKER_INPUT_TIMEOUT;
  if (fds[0].revents != 0)
    return RTB_WORKER_INPUT_WAKE;
  if (output_at > 0 && (fds[output_at].revents & (POLLERR | POLLHUP | POLLNVAL)) != 0)
    {
      input->output_fd = -1;
      return RTB_WORKER_INPUT_OUTPUT_CLOSED;
    }

  if (input_at > 0 && fds[input_at].revents != 0)
    {
      ssize_t got;

      do
        got = read (input->fd, input->buf + input->len, sizeof input->buf - input->len);
      while (got < 0 && errno == EINTR);
      if (got <= 0)
        {
          /* A last line without its newline still counts. */
          bool have_partial = input->len > 0 && !input->discarding;
          input->fd = -1;
          if (have_partial && input->len <= RTB_COMMAND_MAX)
            {
              size_t copy = input->len < line_size - 1 ? input->len : line_size - 1;
              memcpy (line, input->buf, copy);
              line[copy] = '\0';
              input->line_len = copy;
              input->len = 0;
              input->eof_pending = got == 0;
              return RTB_WORKER_INPUT_LINE;
            }
          input->len = 0;
          return got == 0 ? RTB_WORKER_INPUT_EOF : RTB_WORKER_INPUT_ERROR;
        }
      input->len += (size_t) got;
      r = take_line (input, line, line_size);
      if (r >= 0)
        return (RtbWorkerInputEvent) r;
    }
  return RTB_WORKER_INPUT_TIMEOUT;
}
