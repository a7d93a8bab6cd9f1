/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtb-worker-gpio.h"

void
rtb_worker_gpio_request_init (struct gpio_v2_line_request *request, uint32_t line)
{
  memset (request, 0, sizeof *request);
  request->offsets[0] = line;
  request->num_lines = 1;
  snprintf (request->consumer, sizeof request->consumer, "%s", RTB_WORKER_GPIO_CONSUMER);
  request->config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
  /* The first toggle raises it. */
  request->config.num_attrs = 1;
  request->config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
  request->config.attrs[0].attr.values = 0;
  request->config.attrs[0].mask = 1;
}

void
rtb_worker_gpio_explain (RtbCommandError *error, const char *step, int err, uint32_t chip,
                         uint32_t line, uint32_t n_lines, const char *label)
{
  memset (error, 0, sizeof *error);
  snprintf (error->field, sizeof error->field, "gpio");

  if (strcmp (step, "line") == 0)
    {
      error->code = RTB_ERROR_RANGE;
      if (n_lines == 0)
        snprintf (error->message, sizeof error->message,
                  "gpio %u:%u: GPIO chip %u (%.40s) has no lines: use another chip", chip, line,
                  chip, label);
      else
        snprintf (error->message, sizeof error->message,
                  "gpio %u:%u: GPIO chip %u (%.40s) has no line %u: use a line of 0-%u", chip,
                  line, chip, label, line, n_lines - 1);
    }
  else if (strcmp (step, "open") == 0 && (err == ENOENT || err == ENODEV || err == ENXIO))
    {
      error->code = RTB_ERROR_RANGE;
      snprintf (error->message, sizeof error->message,
                "gpio %u:%u: there is no GPIO chip %u (/dev/gpiochip%u does not exist): use a "
                "chip that ls /dev/gpiochip* lists", chip, line, chip, chip);
    }
  else if (err == EACCES || err == EPERM)
    {
      error->code = RTB_ERROR_PERMISSION;
      snprintf (error->message, sizeof error->message,
                "gpio %u:%u: this user may not use /dev/gpiochip%u: run rtbench-worker as root "
                "or give the user access to the chip (the gpio group on Raspberry Pi OS)", chip,
                line, chip);
    }
  else if ((strcmp (step, "open") == 0 && err == ELOOP) || err == ENOTTY)
    {
      error->code = RTB_ERROR_RANGE;
      snprintf (error->message, sizeof error->message,
                "gpio %u:%u: /dev/gpiochip%u is not a GPIO character device: use a chip that "
                "ls /dev/gpiochip* lists", chip, line, chip);
    }
  else if (strcmp (step, "request") == 0 && err == EBUSY)
    {
      error->code = RTB_ERROR_RANGE;
      snprintf (error->message, sizeof error->message,
                "gpio %u:%u: line %u of GPIO chip %u is in use by another program (gpioinfo "
                "shows which): free it or use another line", chip, line, line, chip);
    }
  else
    {
      error->code = RTB_ERROR_SYSTEM;
      snprintf (error->message, sizeof error->message, "gpio %u:%u: %s /dev/gpiochip%u failed: %s",
                chip, line,
                strcmp (step, "open") == 0   ? "opening"
                : strcmp (step, "chip") == 0 ? "reading the chip information of"
                                             : "requesting the line of",
                chip, strerror (err));
    }
}

static bool
fail (RtbCommandError *error, int *sys_errno, const char *step, int err, uint32_t chip,
      uint32_t line, uint32_t n_lines, const char *label)
{
  rtb_worker_gpio_explain (error, step, err, chip, line, n_lines, label);
  *sys_errno = err;
  return false;
}

bool
rtb_worker_gpio_open (RtbWorkerGpio *gpio, uint32_t chip, uint32_t line, RtbCommandError *error,
                      int *sys_errno)
{
  struct gpiochip_info info;
  struct gpio_v2_line_request request;
  struct stat st;
  char path[32];
  int fd;
  int err;

  gpio->fd = -1;
  gpio->level = 0;
  snprintf (path, sizeof path, "/dev/gpiochip%u", chip);
  fd = open (path, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return fail (error, sys_errno, "open", errno, chip, line, 0, "");
  if (fstat (fd, &st) != 0 || !S_ISCHR (st.st_mode))
    {
      close (fd);
      return fail (error, sys_errno, "chip", ENOTTY, chip, line, 0, "");
    }

  memset (&info, 0, sizeof info);
  if (ioctl (fd, GPIO_GET_CHIPINFO_IOCTL, &info) != 0)
    {
      err = errno;
      close (fd);
      return fail (error, sys_errno, "chip", err, chip, line, 0, "");
    }
  info.label[sizeof info.label - 1] = '\0';
  for (char *p = info.label; *p != '\0'; p++)
    if (*p < 0x20 || *p >= 0x7f)
      *p = '?';
  if (line >= info.lines)
    {
      close (fd);
      return fail (error, sys_errno, "line", 0, chip, line, info.lines, info.label);
    }

  rtb_worker_gpio_request_init (&request, line);
  if (ioctl (fd, GPIO_V2_GET_LINE_IOCTL, &request) != 0)
    {
      err = errno;
      close (fd);
      return fail (error, sys_errno, "request", err, chip, line, info.lines, info.label);
    }
  close (fd);
  gpio->fd = request.fd;
  return true;
}

void
rtb_worker_gpio_close (RtbWorkerGpio *gpio)
{
  if (gpio->fd >= 0)
    close (gpio->fd);
  gpio->fd = -1;
}

int
rtb_worker_gpio_toggle (RtbWorkerGpio *gpio)
{
  struct gpio_v2_line_values values;

  gpio->level ^= 1;
  values.bits = gpio->level;
  values.mask = 1;
  return ioctl (gpio->fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values) == 0 ? 0 : errno;
}
