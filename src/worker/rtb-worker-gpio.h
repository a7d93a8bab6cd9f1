/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The GPIO line a latency run toggles at each wake-up (gpio=CHIP:LINE), so that an oscilloscope
 * can check the period the program measures: the kernel's GPIO character device, v2 uAPI
 * (linux/gpio.h), with libc alone. The only path ever opened is /dev/gpiochipN, built from the
 * validated chip number. The line is requested before the threads start; a measurement thread
 * only calls rtb_worker_gpio_toggle(), one ioctl that neither blocks nor allocates.
 */
#pragma once

#include <linux/gpio.h>
#include <stdbool.h>
#include <stdint.h>

#include "rtb-command.h"

#define RTB_WORKER_GPIO_CONSUMER "rtbench"

typedef struct {
  int fd;         /* the line request's fd; -1 when none */
  uint32_t level; /* what the line was last set to */
} RtbWorkerGpio;

/* Builds the request for one output line, `line` of its chip, driven low to start with. */
void rtb_worker_gpio_request_init (struct gpio_v2_line_request *request, uint32_t line);

/* What went wrong at one step of opening CHIP:LINE, as the error every front end shows. `step`
 * is "open", "chip" (reading the chip's information), "line" (the line is not on the chip:
 * `n_lines` says how many it has) or "request". */
void rtb_worker_gpio_explain (RtbCommandError *error, const char *step, int err, uint32_t chip,
                              uint32_t line, uint32_t n_lines, const char *label);

/* Opens /dev/gpiochip<chip> and requests `line` as an output. False with `error` (and
 * `sys_errno`) filled when the chip or line does not exist, is busy or may not be used. */
bool rtb_worker_gpio_open (RtbWorkerGpio *gpio, uint32_t chip, uint32_t line,
                           RtbCommandError *error, int *sys_errno);
void rtb_worker_gpio_close (RtbWorkerGpio *gpio);

/* Flips the line. Returns 0 or an errno. */
int rtb_worker_gpio_toggle (RtbWorkerGpio *gpio);
