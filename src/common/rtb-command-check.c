/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A whole run command checked: every range and the combinations of its keys. */
#include "config.h"

#include "rtb-command-private.h"

/* A value against its key's range, within the method's own bounds where it has them (the
 * kernel's tracers take periods from 100 µs, timerlat's to 1 s, osnoise's to 10 s). */
static bool
check_range (const RtbKey *info, RtbMethod method, uint64_t value, RtbCommandError *error)
{
  uint64_t least = rtb_command_key_min (info, method), most = rtb_command_key_max (info, method);

  if ((least > info->min || most < info->max) && (value < least || value > most))
    return fail (error, RTB_ERROR_RANGE, info->name,
                 "%s %llu is out of range for %s: use %llu-%llu", info->name,
                 (unsigned long long) value, rtb_method_to_string (method),
                 (unsigned long long) least, (unsigned long long) most);
  if (value < info->min || value > info->max)
    return fail (error, RTB_ERROR_RANGE, info->name, "%s %llu is out of range: use %llu-%llu%s%s%s",
                 info->name, (unsigned long long) value, (unsigned long long) info->min,
                 (unsigned long long) info->max, info->zero_is_unset ? ", or leave it out (" : "",
                 info->zero_is_unset ? info->unset_text : "", info->zero_is_unset ? ")" : "");
  return true;
}

/* One key's value against another's of its method (RtbKey.than). */
static bool
check_than (const RtbCommand *cmd, const RtbKey *info, RtbCommandError *error)
{
  const char *than = info->than->name;
  unsigned long long value = rtb_command_key_get (cmd, info);
  unsigned long long bound = rtb_command_key_get (cmd, info->than);

  if (info->than_sign > 0 && value <= bound)
    return fail (error, RTB_ERROR_RANGE, info->name,
                 "%s %llu must be longer than %s %llu: use %llu-%llu", info->name, value, than,
                 bound, bound + 1, (unsigned long long) info->max);
  if (info->than_sign < 0 && value >= bound)
    return fail (error, RTB_ERROR_RANGE, info->name,
                 "%s %llu must be shorter than %s %llu: use %llu-%llu", info->name, value, than,
                 bound, (unsigned long long) info->min, bound - 1);
  return true;
}

/* One key's value against its range. */
static bool
check_key (const RtbCommand *cmd, const RtbKey *info, RtbCommandError *error)
{
  uint64_t value = info->size > 0 ? _rtb_field_get (KEY_FIELD_CONST (cmd, info), info->size) : 0;
  bool flag = info->flag != 0 && *(const bool *) ((const char *) cmd + info->flag_offset);

  switch (info->kind)
    {
    case RTB_KIND_NUMBER:
      if (flag && value != 0)
        return fail (error, RTB_ERROR_SYNTAX, info->name, "%s is both %s and %llu: give one",
                     info->name, info->auto_word, (unsigned long long) value);
      if (value == 0 && (info->zero_is_unset || info->auto_word != NULL))
        return true;
      return check_range (info, cmd->method, value, error);
    case RTB_KIND_TIME:
      if (value > info->max)
        return fail (error, RTB_ERROR_RANGE, info->name,
                     "%s is out of range: use 0-7d (0 = until stopped)", info->name);
      return true;
    case RTB_KIND_SIZES:
      {
        uint32_t sizes[RTB_RESPONSE_SIZES_MAX];
        unsigned n_sizes = rtb_command_response_sizes (cmd, sizes);

        for (unsigned i = 0; i < n_sizes; i++)
          if (!check_range (info, cmd->method, sizes[i], error))
            return false;
        return true;
      }
    case RTB_KIND_GPIO:
      if (cmd->latency.gpio > 1 || cmd->latency.gpio_chip > RTB_GPIO_CHIP_MAX ||
          cmd->latency.gpio_line > RTB_GPIO_LINE_MAX)
        return fail (error, RTB_ERROR_RANGE, info->name,
                     "gpio is out of range: use a chip of 0-%d and a line of 0-%d",
                     RTB_GPIO_CHIP_MAX, RTB_GPIO_LINE_MAX);
      return true;
    case RTB_KIND_VARIANT:
      if (value > info->max)
        return fail (error, RTB_ERROR_RANGE, info->name, "unknown variant: use rt or normal");
      return true;
    case RTB_KIND_WORD:
      if (rtb_command_key_word (info, value) == NULL)
        return fail (error, RTB_ERROR_RANGE, info->name, "unknown %s %llu: use %s",
                     info->name, (unsigned long long) value, info->arg);
      return true;
    case RTB_KIND_CPU_LIST:
    case RTB_KIND_ONE_CPU:
    case RTB_KIND_POLICY:
    case RTB_KIND_PRIORITY:
    case RTB_KIND_YES_NO:
    default:
      return true; /* the CPUs and the policy: rtb_command_check's first checks */
    }
}

static bool
check_latency (const RtbCommand *cmd, int n_cpus, RtbCommandError *error)
{
  if (cmd->latency.gpio && (cmd->cpus_all || n_cpus != 1))
    return fail (error, RTB_ERROR_RANGE, "gpio",
                 "gpio=%u:%u toggles its line from one thread: measure one CPU with cpus=N",
                 cmd->latency.gpio_chip, cmd->latency.gpio_line);
  return true;
}

static bool
check_timer (const RtbCommand *cmd, int n_cpus, RtbCommandError *error)
{
  if (cmd->timer.variant == RTB_TIMER_VARIANT_NORMAL)
    {
      if (cmd->policy != RTB_POLICY_OTHER)
        return fail (error, RTB_ERROR_RANGE, "policy",
                     "variant=normal is an ordinary SCHED_OTHER thread: leave out policy=%s "
                     "and priority, or use variant=rt", rtb_policy_to_string (cmd->policy));
      if (n_cpus != 0 || cmd->cpu_auto)
        return fail (error, RTB_ERROR_RANGE, "cpu",
                     "variant=normal is an unpinned thread: leave out cpu, or use "
                     "variant=rt");
      if (cmd->timer_slack_ns != 0)
        return fail (error, RTB_ERROR_RANGE, "timer_slack_ns",
                     "variant=normal keeps the kernel's timer slack: leave out "
                     "timer_slack_ns, or use variant=rt");
    }
  if (cmd->duration_ns != 0 && cmd->duration_ns < (uint64_t) cmd->timer.period_us * 1000)
    return fail (error, RTB_ERROR_RANGE, "duration",
                 "duration %llu ns is shorter than one tick of period_us %u: use at least "
                 "%u us, or 0 (until stopped)", (unsigned long long) cmd->duration_ns,
                 cmd->timer.period_us, cmd->timer.period_us);
  return true;
}

static bool
check_noise (const RtbCommand *cmd, int n_cpus, RtbCommandError *error)
{
  if (cmd->noise.reserved != 0)
    return fail (error, RTB_ERROR_SYNTAX, "", "reserved noise parameters are not 0");
  return true;
}

/* A tracer's run lasts one of its periods at least (osnoise's period, hwlat's window), or until
 * stopped. */
static bool
check_one_period (const RtbCommand *cmd, const RtbKey *info, const char *what,
                  RtbCommandError *error)
{
  unsigned long long us = rtb_command_key_get (cmd, info);

  if (cmd->duration_ns != 0 && cmd->duration_ns < us * 1000)
    return fail (error, RTB_ERROR_RANGE, "duration",
                 "duration %llu ns is shorter than one %s of %s %llu: use at least %llu us, or "
                 "0 (until stopped)", (unsigned long long) cmd->duration_ns, what,
                 info->name, us, us);
  return true;
}

static bool
check_osnoise (const RtbCommand *cmd, int n_cpus, RtbCommandError *error)
{
  /* The kernel's own bounds: runtime_us 100 µs to period_us (period_us from 100 µs, the key
   * table's lower bound for it). */
  if (cmd->osnoise.runtime_us > cmd->osnoise.period_us)
    return fail (error, RTB_ERROR_RANGE, "runtime_us",
                 "runtime_us %u is longer than period_us %u: the osnoise tracer runs at most the "
                 "whole period; use %d-%u", cmd->osnoise.runtime_us, cmd->osnoise.period_us,
                 RTB_OSNOISE_RUNTIME_MIN_US, cmd->osnoise.period_us);
  return check_one_period (cmd, RTB_KEY_PERIOD_US, "period", error);
}

static bool
check_hwlat (const RtbCommand *cmd, int n_cpus, RtbCommandError *error)
{
  /* width_us < window_us is the key table's; a sample needs one window. */
  return check_one_period (cmd, RTB_KEY_WINDOW_US, "window", error);
}

/* Each method's checks across its keys; NULL for a method without any. */
static bool (*const cross_checks[RTB_METHOD_LAST + 1]) (const RtbCommand *cmd, int n_cpus,
                                                        RtbCommandError *error) = {
  [RTB_METHOD_LATENCY] = check_latency,
  [RTB_METHOD_TIMER] = check_timer,
  [RTB_METHOD_NOISE] = check_noise,
  [RTB_METHOD_OSNOISE] = check_osnoise,
  [RTB_METHOD_HWLAT] = check_hwlat,
};

bool
rtb_command_check (const RtbCommand *cmd, int n_cpus_online, RtbCommandError *error)
{
  int n_cpus = rtb_cpu_count (cmd->cpus, RTB_MAX_CPUS);
  char methods[96];

  if (cmd->method < RTB_METHOD_LATENCY || cmd->method > RTB_METHOD_LAST)
    return fail (error, RTB_ERROR_SYNTAX, "method", "unknown method: use %s",
                 method_list (methods, sizeof methods));

  if (cmd->policy == RTB_POLICY_OTHER)
    {
      if (cmd->priority != 0)
        return fail (error, RTB_ERROR_RANGE, "priority",
                     "priority %d needs a real-time policy: policy other takes no priority "
                     "(omit it or use 0), or use policy=fifo or rr with priority 1-99",
                     cmd->priority);
    }
  else if (cmd->policy == RTB_POLICY_FIFO || cmd->policy == RTB_POLICY_RR)
    {
      if (cmd->priority < RTB_PRIORITY_MIN || cmd->priority > RTB_PRIORITY_MAX)
        return fail (error, RTB_ERROR_RANGE, "priority",
                     "priority %d is out of range: use %d-%d with policy %s", cmd->priority,
                     RTB_PRIORITY_MIN, RTB_PRIORITY_MAX, rtb_policy_to_string (cmd->policy));
    }
  else
    return fail (error, RTB_ERROR_SYNTAX, "policy", "unknown policy: use fifo, rr or other");

  if (rtb_method_is_per_cpu (cmd->method))
    {
      if (n_cpus == 0)
        return fail (error, RTB_ERROR_RANGE, "cpus",
                     "cpus is empty: use all or a list such as 0,2-3");
      if (cmd->cpu_auto)
        return fail (error, RTB_ERROR_RANGE, "cpus", "%s takes cpus, not cpu=auto",
                     rtb_method_to_string (cmd->method));
    }
  else if (n_cpus > 1)
    return fail (error, RTB_ERROR_RANGE, "cpu",
                 "%s runs on one cpu at most: use cpu=N, auto or none",
                 rtb_method_to_string (cmd->method));
  if (n_cpus_online > 0)
    for (int cpu = n_cpus_online; cpu < RTB_MAX_CPUS; cpu++)
      if (rtb_cpu_isset (cmd->cpus, cpu))
        return fail (error, RTB_ERROR_RANGE, rtb_method_is_per_cpu (cmd->method) ? "cpus" : "cpu",
                     "%s %d is out of range: use 0-%d (the online CPUs)",
                     rtb_method_is_per_cpu (cmd->method) ? "cpus" : "cpu", cpu,
                     n_cpus_online - 1);

  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_key_taken (rtb_command_keys[k], cmd->method) &&
        !check_key (cmd, rtb_command_keys[k], error))
      return false;
  /* Keys the method does not take are left at 0 (as STARTED carries them). */
  if ((cmd->trace_auto || cmd->trace_above_us != 0) && cmd->method == RTB_METHOD_RESPONSE)
    return fail (error, RTB_ERROR_SYNTAX, "trace_above_us",
                 "trace_above_us explains late wake-ups, and response has no deadline: use it "
                 "with latency, jitter or timer");
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (rtb_command_keys[k]->than_sign != 0 &&
        rtb_command_key_taken (rtb_command_keys[k], cmd->method) &&
        !check_than (cmd, rtb_command_keys[k], error))
      return false;

  return cross_checks[cmd->method] == NULL || cross_checks[cmd->method] (cmd, n_cpus, error);
}
