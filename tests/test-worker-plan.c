/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the worker decides from its machine, fed with machines this one is not: where the
 * LinuxCNC method's threads go, how long a response run pauses, when an instance counts as kept
 * off its CPU, and the GPIO line request with the error for each way it can fail (this machine
 * has no GPIO chip, so the real open is checked only for a chip that does not exist).
 */
#include "config.h"

#include <errno.h>
#include <glib.h>
#include <string.h>

#include "rtb-worker-gpio.h"
#include "rtb-worker-plan.h"

static void
set_list (uint64_t *cpus, const char *list)
{
  g_assert_true (rtb_cpu_list_parse (list, cpus, RTB_MAX_CPUS, NULL));
}

static void
test_rt_cpu (void)
{
  const struct {
    const char *usable;
    const char *isolated;
    int cpu;
    RtbCpuPlacement placement;
  } cases[] = {
    /* LinuxCNC's advice: isolate the highest CPU. */
    { "0-3", "3", 3, RTB_CPU_PLACEMENT_ISOLATED },
    { "0-3", "1", 1, RTB_CPU_PLACEMENT_ISOLATED },
    { "0-7", "2-3,5", 5, RTB_CPU_PLACEMENT_ISOLATED },
    /* An isolated CPU the worker may not use (taken offline, or a cpuset) is passed over. */
    { "0-2", "3", 2, RTB_CPU_PLACEMENT_LAST },
    { "0-3,5", "4-5", 5, RTB_CPU_PLACEMENT_ISOLATED },
    { "0-1", "", 1, RTB_CPU_PLACEMENT_LAST },
    { "0", "", 0, RTB_CPU_PLACEMENT_LAST },
    { "0,1000", "", 1000, RTB_CPU_PLACEMENT_LAST },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      uint64_t usable[RTB_MAX_CPUS / 64] = { 0 }, isolated[RTB_MAX_CPUS / 64] = { 0 };
      RtbCpuPlacement placement = RTB_CPU_PLACEMENT_GIVEN;

      set_list (usable, cases[i].usable);
      if (cases[i].isolated[0] != '\0')
        set_list (isolated, cases[i].isolated);
      g_assert_cmpint (rtb_worker_plan_rt_cpu (usable, isolated, &placement), ==, cases[i].cpu);
      g_assert_cmpint (placement, ==, cases[i].placement);
    }

  uint64_t none[RTB_MAX_CPUS / 64] = { 0 };
  RtbCpuPlacement placement;
  g_assert_cmpint (rtb_worker_plan_rt_cpu (none, none, &placement), ==, -1);
  g_assert_cmpint (placement, ==, RTB_CPU_PLACEMENT_NONE);
}

/* The duty t / (t + gap) of a thread that runs instances of `cpu_ns`. */
static double
duty (int64_t cpu_ns, int64_t gap_ns)
{
  return (double) cpu_ns / (double) (cpu_ns + gap_ns);
}

static void
test_response_gap (void)
{
  const int64_t ms = 1000000;
  const int64_t times[] = { 0, 50000, 1 * ms, 12 * ms, 95 * ms, 400 * ms, 475 * ms, 900 * ms,
                            3000 * ms };
  const struct {
    int runtime_us;
    int period_us;
    double budget;
  } kernels[] = {
    { 950000, 1000000, 0.95 },
    { 500000, 1000000, 0.5 },
    { 90000, 100000, 0.9 },
    { -2, -2, 0.95 },        /* unknown: the kernel's defaults */
    { 960000, -2, 0.95 },    /* half known: the defaults too */
  };

  for (gsize k = 0; k < G_N_ELEMENTS (kernels); k++)
    for (gsize i = 0; i < G_N_ELEMENTS (times); i++)
      {
        int64_t gap = rtb_worker_plan_response_gap_ns (times[i], RTB_POLICY_FIFO,
                                                       kernels[k].runtime_us,
                                                       kernels[k].period_us);
        int64_t period_ns = (kernels[k].period_us > 0 ? kernels[k].period_us : 1000000) * 1000ll;

        g_assert_cmpint (gap, >=, RTB_WORKER_GAP_FLOOR_NS);
        /* Half the budget, with a nanosecond of rounding. */
        g_assert_cmpfloat (duty (times[i], gap), <=, kernels[k].budget / 2 + 1e-9);
        if (2 * times[i] >= (int64_t) (kernels[k].budget * (double) period_ns))
          g_assert_cmpint (gap, >=, period_ns);
        /* Not longer than needed: the floor, the period, or exactly half the budget. */
        if (gap > RTB_WORKER_GAP_FLOOR_NS && gap > period_ns)
          g_assert_cmpfloat (duty (times[i], gap), >=, kernels[k].budget / 2 - 1e-6);
      }

  /* SCHED_OTHER is never throttled, nor is anything with throttling off: the floor. */
  g_assert_cmpint (rtb_worker_plan_response_gap_ns (400 * ms, RTB_POLICY_OTHER, 950000, 1000000),
                   ==, RTB_WORKER_GAP_FLOOR_NS);
  g_assert_cmpint (rtb_worker_plan_response_gap_ns (400 * ms, RTB_POLICY_FIFO, -1, 1000000),
                   ==, RTB_WORKER_GAP_FLOOR_NS);
  /* SCHED_RR is throttled like FIFO. */
  g_assert_cmpint (rtb_worker_plan_response_gap_ns (400 * ms, RTB_POLICY_RR, 950000, 1000000),
                   ==, rtb_worker_plan_response_gap_ns (400 * ms, RTB_POLICY_FIFO, 950000,
                                                        1000000));
  /* No budget at all: a whole period after each instance. */
  g_assert_cmpint (rtb_worker_plan_response_gap_ns (1 * ms, RTB_POLICY_FIFO, 0, 1000000), ==,
                   1000 * ms);
}

static void
test_off_cpu_allowance (void)
{
  /* 1 % and 20 µs. */
  g_assert_cmpint (rtb_worker_plan_off_cpu_allowance_ns (0), ==, 20000);
  g_assert_cmpint (rtb_worker_plan_off_cpu_allowance_ns (50000), ==, 20500);
  g_assert_cmpint (rtb_worker_plan_off_cpu_allowance_ns (12000000), ==, 140000);
  /* A throttled period (50 ms of 1 s by default) is far beyond it for any instance it cuts. */
  g_assert_cmpint (rtb_worker_plan_off_cpu_allowance_ns (1000000000), <, 50000000);
}

static void
test_gpio_request (void)
{
  struct gpio_v2_line_request request;

  memset (&request, 0xa5, sizeof request);
  rtb_worker_gpio_request_init (&request, 17);
  g_assert_cmpuint (request.num_lines, ==, 1);
  g_assert_cmpuint (request.offsets[0], ==, 17);
  for (guint i = 1; i < GPIO_V2_LINES_MAX; i++)
    g_assert_cmpuint (request.offsets[i], ==, 0);
  g_assert_cmpstr (request.consumer, ==, "rtbench");
  g_assert_cmpuint (request.config.flags, ==, GPIO_V2_LINE_FLAG_OUTPUT);
  /* Driven low to start with: the output-values attribute, for the one line. */
  g_assert_cmpuint (request.config.num_attrs, ==, 1);
  g_assert_cmpuint (request.config.attrs[0].attr.id, ==, GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES);
  g_assert_cmpuint (request.config.attrs[0].attr.values, ==, 0);
  g_assert_cmpuint (request.config.attrs[0].mask, ==, 1);
  /* The kernel refuses a request whose padding is not zero. */
  for (guint i = 0; i < G_N_ELEMENTS (request.padding); i++)
    g_assert_cmpuint (request.padding[i], ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (request.config.padding); i++)
    g_assert_cmpuint (request.config.padding[i], ==, 0);
  g_assert_cmpint (request.fd, ==, 0);
  g_assert_cmpuint (request.event_buffer_size, ==, 0);
}

static void
assert_explained (const char *step, int err, uint32_t n_lines, RtbErrorCode code,
                  const char *const *words)
{
  RtbCommandError error;

  rtb_worker_gpio_explain (&error, step, err, 2, 40, n_lines, "pinctrl-bcm2711");
  g_test_message ("%s %s: %s", step, g_strerror (err), error.message);
  g_assert_cmpint (error.code, ==, code);
  g_assert_cmpstr (error.field, ==, "gpio");
  g_assert_true (g_str_has_prefix (error.message, "gpio 2:40: "));
  for (const char *const *w = words; *w != NULL; w++)
    g_assert_nonnull (strstr (error.message, *w));
}

static void
test_gpio_errors (void)
{
  assert_explained ("open", ENOENT, 0, RTB_ERROR_RANGE,
                    (const char *[]) { "no GPIO chip 2", "/dev/gpiochip2", "ls /dev/gpiochip*",
                                       NULL });
  assert_explained ("line", 0, 32, RTB_ERROR_RANGE,
                    (const char *[]) { "pinctrl-bcm2711", "no line 40", "0-31", NULL });
  assert_explained ("line", 0, 0, RTB_ERROR_RANGE,
                    (const char *[]) { "has no lines", NULL });
  assert_explained ("open", EACCES, 0, RTB_ERROR_PERMISSION,
                    (const char *[]) { "/dev/gpiochip2", "root", "gpio group", NULL });
  assert_explained ("request", EPERM, 32, RTB_ERROR_PERMISSION,
                    (const char *[]) { "/dev/gpiochip2", NULL });
  assert_explained ("request", EBUSY, 32, RTB_ERROR_RANGE,
                    (const char *[]) { "line 40 of GPIO chip 2", "in use", "gpioinfo", NULL });
  assert_explained ("chip", ENOTTY, 0, RTB_ERROR_RANGE,
                    (const char *[]) { "not a GPIO character device", NULL });
  assert_explained ("open", ELOOP, 0, RTB_ERROR_RANGE,
                    (const char *[]) { "not a GPIO character device", NULL });
  assert_explained ("request", EIO, 32, RTB_ERROR_SYSTEM,
                    (const char *[]) { "requesting the line", g_strerror (EIO), NULL });
}

/* The real open: this machine (and CI's) has no GPIO chip this high, so only the first step's
 * error can be had for real; the request needs a board. */
static void
test_gpio_missing_chip (void)
{
  RtbWorkerGpio gpio = { .fd = 7 };
  RtbCommandError error;
  int sys_errno = 0;

  if (g_file_test ("/dev/gpiochip4095", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("/dev/gpiochip4095 exists here");
      return;
    }
  g_assert_false (rtb_worker_gpio_open (&gpio, 4095, 3, &error, &sys_errno));
  g_assert_cmpint (gpio.fd, ==, -1);
  g_assert_cmpint (sys_errno, ==, ENOENT);
  g_assert_cmpint (error.code, ==, RTB_ERROR_RANGE);
  g_assert_cmpstr (error.message, ==,
                   "gpio 4095:3: there is no GPIO chip 4095 (/dev/gpiochip4095 does not exist): "
                   "use a chip that ls /dev/gpiochip* lists");
  rtb_worker_gpio_close (&gpio);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worker-plan/rt-cpu", test_rt_cpu);
  g_test_add_func ("/worker-plan/response-gap", test_response_gap);
  g_test_add_func ("/worker-plan/off-cpu-allowance", test_off_cpu_allowance);
  g_test_add_func ("/worker-plan/gpio-request", test_gpio_request);
  g_test_add_func ("/worker-plan/gpio-errors", test_gpio_errors);
  g_test_add_func ("/worker-plan/gpio-missing-chip", test_gpio_missing_chip);
  return g_test_run ();
}
