/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The checklist's items about the whole machine: kernel, scheduling, memory, devices. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "rtb-checklist-private.h"
#include "rtb-system-files.h"
#include "rtb-system-info-private.h"

/* A number from a sysctl file, or FALSE when the snapshot lacks it. */
static gboolean
read_int (const RtbChecklistContext *c, const char *relative, gint64 *out)
{
  g_autofree char *text = _rtb_checklist_text (c, relative);
  char *end;

  if (text == NULL)
    return FALSE;
  *out = g_ascii_strtoll (text, &end, 10);
  return end != text;
}

static gboolean
has_word (const char *text, const char *word)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t\n#", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (strcmp (words[i], word) == 0)
      return TRUE;
  return FALSE;
}

RtbCheck *
_rtb_check_preemption (const RtbChecklistContext *c)
{
  static const char *id = "kernel.preemption";
  g_autofree char *version = _rtb_checklist_text (c, RTB_SYSTEM_UNAME_VERSION);
  g_autofree char *realtime = _rtb_checklist_text (c, RTB_SYSTEM_REALTIME);
  g_autofree char *machine = _rtb_checklist_text (c, RTB_SYSTEM_UNAME_MACHINE);
  g_autofree char *mode = _rtb_checklist_cmdline_param (c, "preempt");
  g_autoptr (RtbCheckText) package = NULL;
  RtbCheckText *advice;

  if (g_strcmp0 (realtime, "1") == 0 || _rtb_kernel_version_is_preempt_rt (version))
    return _rtb_check_new (id, RTB_CHECK_GOOD, _rtb_check_text_words (g_strdup ("PREEMPT_RT")),
                           NULL);
  if (version == NULL)
    return UNKNOWN (id, N_("the kernel's version string (uname -v) was not recorded"));

  package = g_strcmp0 (machine, "x86_64") == 0
              ? _rtb_check_text_words (g_strdup ("Debian: linux-image-rt-amd64"))
            : g_strcmp0 (machine, "aarch64") == 0
              ? _rtb_check_text_words (g_strdup ("Debian: linux-image-rt-arm64; Raspberry Pi OS: "
                                                 "kernel=kernel8_rt.img"))
              : MSG ("your distribution's -rt kernel");
  advice = MSGF ("Boot a PREEMPT_RT kernel (%s): without it, worst cases reach milliseconds.",
                 package);
  if (has_word (version, "PREEMPT_DYNAMIC"))
    {
      if (g_strcmp0 (mode, "full") == 0)
        return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                               MSG ("dynamic preemption set to full (preempt=full), not "
                                    "PREEMPT_RT"), advice);
      return _rtb_check_new (id, RTB_CHECK_BAD,
                             mode != NULL && mode[0] != '\0'
                               ? MSGF ("dynamic preemption set to %s (preempt=%s), not PREEMPT_RT",
                                       mode, mode)
                               : MSG ("dynamic preemption in the build's default mode (no "
                                      "preempt= on the command line), not PREEMPT_RT"),
                             advice);
    }
  if (has_word (version, "PREEMPT"))
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSG ("fully preemptible kernel (PREEMPT), not PREEMPT_RT"), advice);
  return _rtb_check_new (id, RTB_CHECK_BAD,
                         MSG ("no forced preemption (voluntary or none), not PREEMPT_RT"), advice);
}

RtbCheck *
_rtb_check_virtual (const RtbChecklistContext *c)
{
  static const char * const hypervisors[] = { "QEMU", "KVM", "VMware", "VirtualBox", "innotek",
                                              "Xen", "Bochs", "Parallels", "BHYVE",
                                              "Microsoft Corporation", "Amazon EC2",
                                              "Google Compute Engine" };
  static const char *id = "machine.virtual";
  g_autofree char *cpuinfo = _rtb_checklist_text (c, RTB_SYSTEM_CPUINFO);
  g_autofree char *vendor = _rtb_checklist_text (c, RTB_SYSTEM_DMI_VENDOR);
  g_autofree char *product = _rtb_checklist_text (c, RTB_SYSTEM_DMI_PRODUCT);
  g_autofree char *xen = _rtb_checklist_text (c, RTB_SYSTEM_HYPERVISOR);
  g_autofree char *model = _rtb_checklist_text (c, RTB_SYSTEM_DT_MODEL);
  g_autoptr (RtbCheckText) found = NULL;

  for (guint i = 0; found == NULL && i < G_N_ELEMENTS (hypervisors); i++)
    if ((vendor != NULL && strstr (vendor, hypervisors[i]) != NULL) ||
        (product != NULL && strstr (product, hypervisors[i]) != NULL))
      found = _rtb_check_text_words (g_strdup (hypervisors[i]));
  if (found == NULL && xen != NULL && xen[0] != '\0')
    found = _rtb_check_text_words (g_strdup (xen));
  /* An arm or arm64 board has neither DMI nor a hypervisor flag: QEMU's virt machine names
   * itself in its device tree. */
  if (found == NULL && model != NULL && strstr (model, "linux,dummy-virt") != NULL)
    found = MSG ("QEMU's virt machine, device tree linux,dummy-virt");
  if (found == NULL && cpuinfo != NULL)
    {
      g_auto (GStrv) lines = g_strsplit (cpuinfo, "\n", -1);

      for (guint i = 0; found == NULL && lines[i] != NULL; i++)
        if (g_str_has_prefix (lines[i], "flags") && has_word (lines[i], "hypervisor"))
          found = MSG ("the CPU's hypervisor flag");
    }
  if (found != NULL)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, MSGF ("a virtual machine (%s)", found),
                           MSG ("Measure on the bare machine: in a virtual machine the worst "
                                "cases are the hypervisor's, whatever Linux does."));
  if (cpuinfo == NULL)
    return UNKNOWN (id, N_("/proc/cpuinfo was not recorded"));
  return _rtb_check_new (id, RTB_CHECK_GOOD,
                         MSG ("bare metal: no hypervisor flag or virtual firmware"), NULL);
}

RtbCheck *
_rtb_check_tick (const RtbChecklistContext *c)
{
  static const char *id = "kernel.tick";
  g_autofree char *cmdline = _rtb_checklist_text (c, RTB_SYSTEM_CMDLINE);
  g_autofree char *nohz = _rtb_checklist_cmdline_param (c, "nohz");
  gboolean full_dynticks = g_hash_table_contains (c->files, RTB_SYSTEM_NOHZ_FULL);

  if (cmdline == NULL)
    return UNKNOWN (id, N_("the kernel command line was not recorded"));
  if (g_strcmp0 (nohz, "off") == 0)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSG ("periodic tick on every CPU (nohz=off)"),
                           MSG ("Remove nohz=off from the kernel command line so idle and "
                                "isolated CPUs can stop the tick."));
  if (!full_dynticks)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSG ("tickless when idle only: this kernel has no full dynticks (no "
                                "/sys/devices/system/cpu/nohz_full)"),
                           MSG ("Use a kernel built with CONFIG_NO_HZ_FULL (Debian's rt kernels "
                                "are) so nohz_full= can stop the tick on busy real-time CPUs."));
  return _rtb_check_new (id, RTB_CHECK_GOOD,
                         MSG ("tickless, full dynticks available (nohz_full=)"), NULL);
}

/* The architecture's family by uname -m, or NULL when rtbench does not know it. */
static const char *
architecture (const char *machine)
{
  if (machine == NULL)
    return NULL;
  if (strcmp (machine, "x86_64") == 0 ||
      (strlen (machine) == 4 && machine[0] == 'i' && g_str_has_suffix (machine, "86")))
    return "x86";
  if (g_str_has_prefix (machine, "aarch64") || g_str_has_prefix (machine, "arm"))
    return "arm";
  return NULL;
}

RtbCheck *
_rtb_check_clocksource (const RtbChecklistContext *c)
{
  /* What each clocksource costs to read is the architecture's: the TSC and the ARM generic
   * timer are read in user space through the vDSO, an HPET or ACPI PM timer by the kernel
   * from a device, at microseconds per read. */
  static const struct {
    const char *architecture;
    const char *name;
    gboolean fast;
  } known[] = {
    { "x86", "tsc", TRUE },
    { "x86", "kvm-clock", TRUE },
    { "x86", "hyperv_clocksource_tsc_page", TRUE },
    { "x86", "hpet", FALSE },
    { "x86", "acpi_pm", FALSE },
    { "x86", "pit", FALSE },
    { "arm", "arch_sys_counter", TRUE },
  };
  static const char *id = "kernel.clocksource";
  g_autofree char *source = _rtb_checklist_text (c, RTB_SYSTEM_CLOCKSOURCE);
  g_autofree char *machine = _rtb_checklist_text (c, RTB_SYSTEM_UNAME_MACHINE);
  const char *family = architecture (machine);

  if (source == NULL)
    return UNKNOWN (id, N_("the current clocksource was not recorded"));
  if (strstr (source, "jiffies") != NULL)
    return _rtb_check_new (id, RTB_CHECK_BAD,
                           MSGF ("%s: time advances only once per tick", source),
                           MSG ("Find why no hardware clocksource was chosen (dmesg | grep "
                                "clocksource) and fix it: every timestamp is a tick coarse."));
  /* Each name belongs to one architecture: without uname -m the name alone tells. */
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      if (strcmp (source, known[i].name) != 0 ||
          (machine != NULL && g_strcmp0 (family, known[i].architecture) != 0))
        continue;
      if (known[i].fast)
        return _rtb_check_new (id, RTB_CHECK_GOOD, _rtb_check_text_words (g_strdup (source)),
                               NULL);
      return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, MSGF ("%s: slow to read", source),
                             MSG ("Use the CPU's own counter (clocksource=tsc on x86 if dmesg "
                                  "shows the TSC was marked unstable without cause): hpet and "
                                  "acpi_pm cost microseconds per read."));
    }
  if (machine == NULL)
    return _rtb_check_new (id, RTB_CHECK_UNKNOWN,
                           MSGF ("%s: what it costs to read depends on the architecture, which "
                                 "was not recorded", source), NULL);
  /* Translators: the first %s is a clocksource such as "timer", the second an architecture
   * such as "riscv64" */
  return _rtb_check_new (id, RTB_CHECK_UNKNOWN,
                         MSGF ("%s: what it costs to read on %s is not known to rtbench", source,
                               machine), NULL);
}

RtbCheck *
_rtb_check_printk (const RtbChecklistContext *c)
{
  static const char *id = "kernel.printk";
  gint64 level;

  if (!read_int (c, RTB_SYSTEM_PRINTK, &level))
    return UNKNOWN (id, N_("kernel.printk was not recorded"));
  if (level <= 4)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSGF ("console log level %lld: only errors reach the console",
                                 (long long) level), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         MSGF ("console log level %lld: warnings and notices are written to the "
                               "console", (long long) level),
                         MSG ("Lower it (sysctl kernel.printk=\"1 4 1 7\", as the board vendor's "
                              "procedure does): a serial console stalls the kernel for each "
                              "message."));
}

RtbCheck *
_rtb_check_rt_throttling (const RtbChecklistContext *c)
{
  static const char *id = "sched.rt_throttling";
  gint64 runtime, period = 1000000;

  if (!read_int (c, RTB_SYSTEM_RT_RUNTIME, &runtime))
    return UNKNOWN (id, N_("kernel.sched_rt_runtime_us was not recorded"));
  read_int (c, RTB_SYSTEM_RT_PERIOD, &period);
  if (runtime < 0 || runtime >= period)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSGF ("off (sched_rt_runtime_us = %lld)", (long long) runtime),
                           MSG ("Turn RT throttling back on (sysctl "
                                "kernel.sched_rt_runtime_us=950000) unless you need it off: "
                                "without it a runaway real-time thread freezes the machine."));
  return _rtb_check_new (id, RTB_CHECK_GOOD,
                         MSGF ("on: real-time tasks get %lld µs of every %lld µs",
                               (long long) runtime, (long long) period), NULL);
}

RtbCheck *
_rtb_check_timer_migration (const RtbChecklistContext *c)
{
  static const char *id = "sched.timer_migration";
  gint64 value;

  if (!read_int (c, RTB_SYSTEM_TIMER_MIGRATION, &value))
    return UNKNOWN (id, N_("kernel.timer_migration was not recorded"));
  if (value == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("off: timers stay on their CPU"), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, MSG ("on: timers move between CPUs"),
                         MSG ("Turn it off (sysctl kernel.timer_migration=0) so other CPUs' "
                              "timers do not expire on the measured ones."));
}

RtbCheck *
_rtb_check_watchdogs (const RtbChecklistContext *c)
{
  static const char *id = "sched.watchdogs";
  g_autofree char *mask = _rtb_checklist_text (c, RTB_SYSTEM_WATCHDOG_CPUMASK);
  gint64 soft = 0, nmi = 0;
  gboolean have_soft = read_int (c, RTB_SYSTEM_WATCHDOG, &soft);
  gboolean have_nmi = read_int (c, RTB_SYSTEM_NMI_WATCHDOG, &nmi);
  uint64_t cpus[RTB_MAX_CPUS / 64];
  gboolean soft_here;

  if (!have_soft && !have_nmi)
    return UNKNOWN (id, N_("kernel.watchdog and kernel.nmi_watchdog were not recorded"));
  soft_here = soft != 0 && (mask == NULL || !_rtb_checklist_parse_cpus (mask, cpus) ||
                            _rtb_checklist_measured_in (c, cpus) > 0);
  if (!soft_here && nmi == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           /* Translators: %s is "CPU 3" or "CPUs 0-1" */
                           MSGF ("watchdogs off on %s", c->measured_words), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         /* Translators: %s is "CPU 3" or "CPUs 0-1" */
                         soft_here && nmi != 0
                           ? MSGF ("soft lockup and NMI watchdogs on %s", c->measured_words)
                         : soft_here ? MSGF ("soft lockup watchdog on %s", c->measured_words)
                                     : MSGF ("NMI watchdog on %s", c->measured_words),
                         MSG ("Turn them off for real-time work (nowatchdog nmi_watchdog=0 on the "
                              "kernel command line, or sysctl kernel.watchdog=0 "
                              "kernel.nmi_watchdog=0): they interrupt every CPU periodically."));
}

RtbCheck *
_rtb_check_swap (const RtbChecklistContext *c)
{
  static const char *id = "mem.swap";
  g_autofree char *meminfo = _rtb_checklist_text (c, RTB_SYSTEM_MEMINFO);
  gint64 kb = meminfo != NULL ? _rtb_meminfo_parse_kb (meminfo, "SwapTotal") : -1;

  if (kb < 0)
    return UNKNOWN (id, N_("/proc/meminfo was not recorded"));
  if (kb == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("no swap"), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         MSGF ("%lld MiB of swap", (long long) (kb / 1024)),
                         MSG ("Turn swap off (swapoff -a, and remove it from /etc/fstab) or lock "
                              "every real-time program's memory (mlockall): a page fault from "
                              "swap costs milliseconds."));
}

RtbCheck *
_rtb_check_thp (const RtbChecklistContext *c)
{
  static const char *id = "mem.thp";
  g_autofree char *thp = _rtb_checklist_text (c, RTB_SYSTEM_THP);

  if (thp == NULL)
    return UNKNOWN (id, N_("transparent huge pages were not recorded (or the kernel has none)"));
  if (strstr (thp, "[always]") != NULL)
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSG ("transparent huge pages always on"),
                           MSG ("Use madvise or never (echo never > "
                                "/sys/kernel/mm/transparent_hugepage/enabled, or "
                                "transparent_hugepage=never): compaction stalls page faults."));
  return _rtb_check_new (id, RTB_CHECK_GOOD,
                         strstr (thp, "[never]") != NULL
                           ? MSG ("transparent huge pages off")
                           : MSG ("transparent huge pages only on request (madvise)"), NULL);
}

RtbCheck *
_rtb_check_overcommit (const RtbChecklistContext *c)
{
  static const char *id = "mem.overcommit";
  gint64 mode;

  if (!read_int (c, RTB_SYSTEM_OVERCOMMIT, &mode))
    return UNKNOWN (id, N_("vm.overcommit_memory was not recorded"));
  if (mode == 2)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSG ("strict accounting (vm.overcommit_memory = 2)"), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         MSGF ("overcommit allowed (vm.overcommit_memory = %lld)",
                               (long long) mode),
                         MSG ("Set sysctl vm.overcommit_memory=2, as the board vendor's procedure "
                              "does, so memory runs out at allocation, not in the OOM killer "
                              "mid-run."));
}

#define NOT_STARTED N_("known once the worker runs (rtbench-cli run, or check --remote)")

RtbCheck *
_rtb_check_mlockall (const RtbChecklistContext *c)
{
  static const char *id = "mem.mlockall";

  if (c->worker == NULL)
    return UNKNOWN (id, NOT_STARTED);
  if (c->worker->mlockall_errno == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("the worker's memory is locked"), NULL);
  return _rtb_check_new (id, RTB_CHECK_BAD,
                         MSGF ("mlockall failed: %s",
                               RTB_CHECK_ERRNO (c->worker->mlockall_errno)),
                         MSG ("Run the worker as root, or raise the locked-memory limit (memlock "
                              "unlimited in /etc/security/limits.conf)."));
}

RtbCheck *
_rtb_check_dma_latency (const RtbChecklistContext *c)
{
  static const char *id = "power.dma_latency";

  if (c->worker == NULL)
    return UNKNOWN (id, NOT_STARTED);
  if (c->worker->dma_latency_errno == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD,
                           MSG ("/dev/cpu_dma_latency held at 0 by the worker"), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         MSGF ("/dev/cpu_dma_latency not held: %s",
                               RTB_CHECK_ERRNO (c->worker->dma_latency_errno)),
                         MSG ("Run the worker as root: /dev/cpu_dma_latency is root's, and "
                              "holding it at 0 keeps the CPUs out of deep idle states."));
}

RtbCheck *
_rtb_check_radios (const RtbChecklistContext *c)
{
  static const char *id = "devices.radios";
  g_autoptr (RtbCheckText) on = _rtb_check_text_list ();
  GHashTableIter iter;
  gpointer key, value;
  gboolean any_wifi = FALSE, bluetooth = FALSE, any_on = FALSE;

  g_hash_table_iter_init (&iter, c->files);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      char name[64];

      if (sscanf (key, "sys/class/net/%63[^/]/operstate", name) == 1 &&
          g_str_has_prefix (value, "up"))
        {
          /* Translators: %s is a network interface such as wlan0 */
          g_autoptr (RtbCheckText) up = MSGF ("Wi-Fi %s up", name);

          if (any_on)
            _rtb_check_text_append_words (on, ", ");
          _rtb_check_text_append (on, up);
          any_on = any_wifi = TRUE;
        }
      else if (g_str_has_prefix (key, "sys/class/rfkill/") && g_str_has_suffix (key, "/type"))
        {
          g_autofree char *prefix = g_strndup (key, strlen (key) - strlen ("type"));
          g_autofree char *state_key = g_strconcat (prefix, "state", NULL);
          const char *state;

          state = g_hash_table_lookup (c->files, state_key);
          if (state != NULL && state[0] == '1' && g_str_has_prefix (value, "bluetooth"))
            bluetooth = TRUE;
          if (state != NULL && state[0] == '1' && g_str_has_prefix (value, "wlan") && !any_wifi)
            any_wifi = TRUE;
        }
    }
  if (bluetooth)
    {
      g_autoptr (RtbCheckText) bluetooth_on = MSG ("Bluetooth on");

      if (any_on)
        _rtb_check_text_append_words (on, ", ");
      _rtb_check_text_append (on, bluetooth_on);
      any_on = TRUE;
    }
  if (any_wifi && !any_on)
    {
      g_autoptr (RtbCheckText) wifi_on = MSG ("a Wi-Fi radio on");

      _rtb_check_text_append (on, wifi_on);
      any_on = TRUE;
    }
  if (!g_hash_table_contains (c->files, RTB_SYSTEM_ONLINE))
    return UNKNOWN (id, N_("the machine's devices were not recorded"));
  if (!any_on)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSG ("no Wi-Fi or Bluetooth radio on"), NULL);
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER, g_steal_pointer (&on),
                         MSG ("Turn them off while it controls a machine (rfkill block wifi "
                              "bluetooth; on a Raspberry Pi dtoverlay=disable-wifi and disable-bt "
                              "in config.txt): their interrupts and firmware cost tens of µs."));
}

/* The kernel's own latency instruments, each of which a method of the same name needs: which
 * the kernel offers and which it lacks, and the options that build the missing ones. */
RtbCheck *
_rtb_check_tracers (const RtbChecklistContext *c)
{
  static const char *id = "kernel.tracers";
  static const char *const instruments[] = { "timerlat", "osnoise", "hwlat" };
  g_autofree char *text = _rtb_checklist_text (c, RTB_SYSTEM_TRACERS);
  g_auto (GStrv) offered = NULL;
  g_autoptr (GString) found = g_string_new (NULL);
  g_autoptr (GString) lacked = g_string_new (NULL);
  g_autoptr (GString) options = g_string_new (NULL);
  RtbCheckText *fix;

  if (text == NULL)
    return UNKNOWN (id, N_("the kernel's tracers were not recorded (only root may read them: "
                           "check through the worker, or as root)"));
  offered = g_strsplit_set (text, " \n", -1);
  for (guint i = 0; i < G_N_ELEMENTS (instruments); i++)
    {
      gboolean has = g_strv_contains ((const char *const *) offered, instruments[i]);
      GString *list = has ? found : lacked;
      g_autofree char *option = g_ascii_strup (instruments[i], -1);

      g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "", instruments[i]);
      if (!has)
        g_string_append_printf (options, "%sCONFIG_%s_TRACER", options->len > 0 ? ", " : "",
                                option);
    }
  /* Translators: %s is a list of the kernel's tracers, such as "timerlat, osnoise, hwlat" */
  if (lacked->len == 0)
    return _rtb_check_new (id, RTB_CHECK_GOOD, MSGF ("the kernel offers %s", found->str), NULL);
  /* Translators: %s is a list of kernel build options, such as "CONFIG_HWLAT_TRACER" */
  fix = MSGF ("Boot a kernel built with %s, e.g. Debian's linux-image-rt-*, for the kernel's own "
              "measures of latency and noise.", options->str);
  if (found->len == 0)
    /* Translators: %s is a list of the kernel's tracers, such as "timerlat, osnoise, hwlat" */
    return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                           MSGF ("the kernel lacks %s: the methods of these tracers cannot run",
                                 lacked->str), fix);
  /* Translators: the tracers the kernel offers, then those it lacks, such as "timerlat,
   * osnoise" and "hwlat" */
  return _rtb_check_new (id, RTB_CHECK_COULD_BE_BETTER,
                         MSGF ("the kernel offers %s and lacks %s: the methods of the tracers it "
                               "lacks cannot run", found->str, lacked->str), fix);
}
