/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tuning checklist against captured /proc and /sys trees of other machines (a Raspberry Pi
 * 4 with PREEMPT_RT and isolcpus, an untuned x86 desktop) and changes of them, so that every
 * status of every item is reached, and the verdict on them. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "rtb-checklist.h"
#include "rtb-command-keys.h"
#include "rtb-methods.h"
#include "rtb-system-files.h"
#include "rtb-test-run.h"
#include "rtb-verdict.h"

#define G (RTB_CHECK_GOOD)
#define C (RTB_CHECK_COULD_BE_BETTER)
#define B (RTB_CHECK_BAD)
#define U (RTB_CHECK_UNKNOWN)

static GHashTable *
fixture (const char *name)
{
  g_autofree char *root = g_build_filename (g_getenv ("RTBENCH_TEST_DATA"), name, NULL);

  return rtb_system_snapshot_read (root);
}

typedef struct {
  const char *id;
  RtbCheckStatus status;
  const char *in_value; /* NULL, or a text the value must hold */
} Expect;

static GPtrArray *
evaluate (GHashTable *snapshot, const char *cpus, int priority, const RtbHelloFrame *worker)
{
  uint64_t set[RTB_MAX_CPUS / 64];
  RtbChecklistFor what = { NULL, priority, worker };

  if (cpus != NULL)
    {
      g_assert_true (rtb_cpu_list_parse (cpus, set, RTB_MAX_CPUS, NULL));
      what.cpus = set;
    }
  return rtb_checklist_evaluate (snapshot, &what);
}

static void
check_all (GPtrArray *checks, const Expect *expect, guint n_expect)
{
  g_assert_cmpuint (checks->len, ==, n_expect);
  for (guint i = 0; i < n_expect; i++)
    {
      const RtbCheck *check = rtb_checklist_find (checks, expect[i].id);

      g_assert_nonnull (check);
      g_test_message ("%-22s %-15s %s%s%s", check->id,
                      rtb_check_status_to_string (check->status), check->value,
                      check->advice ? " → " : "", check->advice ? check->advice : "");
      g_assert_cmpstr (rtb_check_status_to_string (check->status), ==,
                       rtb_check_status_to_string (expect[i].status));
      g_assert_true (check->value != NULL && check->value[0] != '\0');
      /* Every item that is not good says what to change; a good one has nothing to say. */
      g_assert_true ((check->advice != NULL) ==
                     (check->status == B || check->status == C));
      if (expect[i].in_value != NULL && strstr (check->value, expect[i].in_value) == NULL)
        g_error ("%s: \"%s\" does not hold \"%s\"", check->id, check->value,
                 expect[i].in_value);
    }
}

static RtbHelloFrame
hello (int mlockall_errno, int dma_errno)
{
  RtbHelloFrame h = { 0 };

  h.protocol_version = RTB_PROTOCOL_VERSION;
  h.mlockall_errno = mlockall_errno;
  h.dma_latency_errno = dma_errno;
  return h;
}

/* Measured on the isolated CPU 3, as LinuxCNC and the vendor's isolated scenario do. */
static void
test_rpi4_rt (void)
{
  static const Expect expect[] = {
    { "kernel.preemption", G, "PREEMPT_RT" },
    { "machine.virtual", G, "bare metal" },
    { "sched.rt_tasks", G, "none at priority 99 or above on CPU 3 (1 real-time task below)" },
    { "mem.mlockall", G, NULL },
    { "cpus.isolated", G, "isolated: 2-3" },
    { "cpus.smt", G, "no measured CPU shares its core" },
    { "cpus.irqs", G, "no interrupt is served by CPU 3" },
    { "cpus.governor", G, "performance on CPU 3" },
    { "cpus.idle", G, "WFI" },
    { "power.dma_latency", G, NULL },
    { "devices.radios", G, NULL },
    { "cpus.nohz_full", G, "nohz_full=2-3" },
    { "cpus.rcu_nocbs", G, "rcu_nocbs=2-3" },
    { "cpus.irqbalance", G, NULL },
    /* The vendor's procedure turns throttling off for its GPIO test. */
    { "sched.rt_throttling", C, "sched_rt_runtime_us = -1" },
    { "kernel.clocksource", G, "arch_sys_counter" },
    { "kernel.tick", G, NULL },
    { "sched.timer_migration", G, NULL },
    { "sched.watchdogs", G, NULL },
    { "mem.swap", G, "no swap" },
    { "mem.thp", G, "off" },
    { "mem.overcommit", G, NULL },
    { "kernel.printk", G, "level 1" },
    { "kernel.tracers", U, "not recorded" },
  };
  g_autoptr (GHashTable) snapshot = fixture ("sysroot-rpi4-rt");
  RtbHelloFrame worker = hello (0, 0);
  g_autoptr (GPtrArray) checks = evaluate (snapshot, "3", 99, &worker);
  g_autofree char *verdict = rtb_verdict (checks, NULL);

  check_all (checks, expect, G_N_ELEMENTS (expect));
  g_assert_false (rtb_checklist_any_bad (checks));
  g_test_message ("%s", verdict);
  g_assert_true (g_str_has_prefix (verdict, "Set up for real time. Would help most: "
                                            "sched.rt_throttling: Turn RT throttling back on"));

  /* The same board measured on its housekeeping CPUs: not isolated, serving interrupts, and the
   * irq threads at FIFO 50 compete with a measurement at 50. */
  {
    g_autoptr (GPtrArray) housekeeping = evaluate (snapshot, "0-1", 50, &worker);
    static const Expect some[] = {
      { "cpus.isolated", C, "none of CPUs 0-1 is isolated (isolated: 2-3)" },
      { "cpus.irqs", C, "14 (fe00b880.mailbox), 21 (mmc0), 27 (eth0), 28 (eth0), 33 (aerdrv), "
                        "34 (xhci_hcd)" },
      { "sched.rt_tasks", B, "irq/21-mmc1 (pid 98) at FIFO 50, allowed on CPUs 0-1" },
      { "cpus.nohz_full", C, "not set for CPUs 0-1" },
      { "cpus.rcu_nocbs", C, "not set for CPUs 0-1" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (some); i++)
      {
        const RtbCheck *check = rtb_checklist_find (housekeeping, some[i].id);

        g_test_message ("%s: %s", check->id, check->value);
        g_assert_cmpint (check->status, ==, some[i].status);
        g_assert_nonnull (strstr (check->value, some[i].in_value));
      }
  }
}

static void
test_x86_desktop (void)
{
  static const Expect expect[] = {
    { "kernel.preemption", B, "dynamic preemption in the build's default mode" },
    { "machine.virtual", G, NULL },
    { "sched.rt_tasks", B, "multipathd (thread 618 of pid 612) at RR 99, allowed on CPUs 0-1" },
    { "mem.mlockall", B, "mlockall failed: Operation not permitted" },
    { "cpus.isolated", C, "none of CPUs 0-1 is isolated" },
    { "cpus.smt", C, "CPU 0 shares its core with CPU 1" },
    { "cpus.irqs", C, "0 (timer), 9 (acpi), 120 (nvme0q0), 125 (xhci_hcd), 128 (iwlwifi)" },
    { "cpus.governor", C, "powersave, boost on" },
    { "cpus.idle", C, "C3_ACPI allowed on CPU 0, 1048 µs to wake" },
    { "power.dma_latency", C, "Permission denied" },
    { "devices.radios", C, "Wi-Fi wlp2s0 up, Bluetooth on" },
    { "cpus.nohz_full", C, NULL },
    { "cpus.rcu_nocbs", C, NULL },
    { "cpus.irqbalance", C, "pid 733" },
    { "sched.rt_throttling", G, "950000" },
    { "kernel.clocksource", G, "tsc" },
    { "kernel.tick", C, "no full dynticks" },
    { "sched.timer_migration", C, NULL },
    { "sched.watchdogs", C, "soft lockup and NMI watchdogs" },
    { "mem.swap", C, "2047 MiB" },
    { "mem.thp", C, "always" },
    { "mem.overcommit", C, "= 0" },
    { "kernel.printk", C, "level 7" },
    { "kernel.tracers", U, "not recorded" },
  };
  g_autoptr (GHashTable) snapshot = fixture ("sysroot-x86-desktop");
  RtbHelloFrame worker = hello (EPERM, EACCES);
  g_autoptr (GPtrArray) checks = evaluate (snapshot, NULL, 99, &worker);
  g_autoptr (GPtrArray) sorted = rtb_checklist_sorted (checks);
  g_autofree char *verdict = rtb_verdict (checks, NULL);

  check_all (checks, expect, G_N_ELEMENTS (expect));
  g_assert_true (rtb_checklist_any_bad (checks));
  /* Worst first, the model's order within a status. */
  g_assert_cmpstr (((RtbCheck *) sorted->pdata[0])->id, ==, "kernel.preemption");
  g_assert_cmpstr (((RtbCheck *) sorted->pdata[1])->id, ==, "sched.rt_tasks");
  g_assert_cmpstr (((RtbCheck *) sorted->pdata[2])->id, ==, "mem.mlockall");
  for (guint i = 1; i < sorted->len; i++)
    g_assert_cmpint (((RtbCheck *) sorted->pdata[i - 1])->status, <=,
                     ((RtbCheck *) sorted->pdata[i])->status);
  g_test_message ("%s", verdict);
  g_assert_true (g_str_has_prefix (verdict, "Not a real-time kernel: expect worst cases in the "
                                            "milliseconds. Would help most: kernel.preemption: "
                                            "Boot a PREEMPT_RT kernel (Debian: "
                                            "linux-image-rt-amd64)"));
  g_assert_nonnull (strstr (verdict, "Then sched.rt_tasks: "));
  g_assert_nonnull (strstr (verdict, "move them off CPUs 0-1 (taskset"));
}

/* Nothing recorded: every item is unknown, never a guess. */
static void
test_nothing_known (void)
{
  g_autoptr (GHashTable) snapshot = rtb_system_snapshot_read ("/nonexistent-rtbench-root");
  g_autoptr (GPtrArray) checks = evaluate (snapshot, NULL, 99, NULL);
  g_autofree char *verdict = rtb_verdict (checks, NULL);

  g_assert_cmpuint (checks->len, ==, 24);
  for (guint i = 0; i < checks->len; i++)
    {
      const RtbCheck *check = checks->pdata[i];

      g_test_message ("%s: %s", check->id, check->value);
      g_assert_cmpint (check->status, ==, U);
      g_assert_null (check->advice);
    }
  g_assert_cmpstr (verdict, ==, "Unknown kernel: whether it is real-time was not recorded.");
}

/* The states no captured tree holds, each from one file changed. */
static void
test_changed_files (void)
{
  static const struct {
    const char *fixture;
    const char *cpus;
    const char *file;
    const char *text;
    const char *id;
    RtbCheckStatus status;
    const char *in_value;
  } cases[] = {
    { "sysroot-rpi4-rt", "3", "proc/irq/27/effective_affinity_list", "3\n", "cpus.irqs", B,
      "27 (eth0)" },
    { "sysroot-rpi4-rt", "3", RTB_SYSTEM_CLOCKSOURCE, "jiffies\n", "kernel.clocksource", B,
      "jiffies" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_CLOCKSOURCE, "hpet\n", "kernel.clocksource", C,
      "hpet" },
    /* This machine's kernel, and the lab boards' Debian RT kernel. */
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_TRACERS, "blk function nop\n", "kernel.tracers",
      C, "the kernel lacks timerlat, osnoise, hwlat: the methods of these tracers cannot run" },
    { "sysroot-rpi4-rt", "3", RTB_SYSTEM_TRACERS,
      "timerlat osnoise hwlat blk mmiotrace function_graph wakeup_dl wakeup_rt wakeup function "
      "nop\n", "kernel.tracers", G, "the kernel offers timerlat, osnoise, hwlat" },
    { "sysroot-rpi4-rt", "3", RTB_SYSTEM_TRACERS, "osnoise nop\n", "kernel.tracers", C,
      "the kernel offers osnoise and lacks timerlat, hwlat: the methods of the tracers it lacks "
      "cannot run" },
    { "sysroot-rpi4-rt", "3", RTB_SYSTEM_TRACERS, "timerlat osnoise nop\n", "kernel.tracers", C,
      "the kernel offers timerlat, osnoise and lacks hwlat" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_DMI_VENDOR, "QEMU\n", "machine.virtual", C,
      "a virtual machine (QEMU)" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_UNAME_VERSION, "#1 SMP PREEMPT Debian\n",
      "kernel.preemption", C, "fully preemptible" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_CMDLINE, "quiet preempt=full nohz=off\n",
      "kernel.preemption", C, "preempt=full" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_CMDLINE, "quiet preempt=full nohz=off\n",
      "kernel.tick", C, "nohz=off" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_UNAME_VERSION, "#1 SMP Debian\n",
      "kernel.preemption", B, "no forced preemption" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_SMT, "off\n", "cpus.smt", G, "SMT off" },
    { "sysroot-x86-desktop", NULL, "sys/devices/system/cpu/cpu1/cpuidle/state3/disable", "1\n",
      "cpus.idle", C, "C3_ACPI allowed on CPU 0" },
    { "sysroot-x86-desktop", NULL, RTB_SYSTEM_CMDLINE, "idle=poll\n", "cpus.idle", G,
      "idle=poll" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GHashTable) snapshot = fixture (cases[i].fixture);
      g_autoptr (GPtrArray) checks = NULL;
      const RtbCheck *check;

      g_hash_table_replace (snapshot, g_strdup (cases[i].file), g_strdup (cases[i].text));
      checks = evaluate (snapshot, cases[i].cpus, 99, NULL);
      check = rtb_checklist_find (checks, cases[i].id);
      g_test_message ("%s with %s = %s: %s: %s", cases[i].fixture, cases[i].file,
                      cases[i].text, rtb_check_status_to_string (check->status), check->value);
      g_assert_cmpint (check->status, ==, cases[i].status);
      g_assert_nonnull (strstr (check->value, cases[i].in_value));
    }

  /* The advice builds what is missing, and only that. */
  {
    g_autoptr (GHashTable) snapshot = fixture ("sysroot-rpi4-rt");
    g_autoptr (GPtrArray) checks = NULL;
    const RtbCheck *check;

    g_hash_table_replace (snapshot, g_strdup (RTB_SYSTEM_TRACERS),
                          g_strdup ("timerlat osnoise nop\n"));
    checks = evaluate (snapshot, "3", 99, NULL);
    check = rtb_checklist_find (checks, "kernel.tracers");
    g_assert_cmpstr (check->advice, ==, "Boot a kernel built with CONFIG_HWLAT_TRACER, e.g. "
                     "Debian's linux-image-rt-*, for the kernel's own measures of latency and "
                     "noise.");
  }

  /* Disabling the deep states on every measured CPU leaves the shallow ones. */
  {
    g_autoptr (GHashTable) snapshot = fixture ("sysroot-x86-desktop");
    g_autoptr (GPtrArray) checks = NULL;

    for (guint cpu = 0; cpu < 2; cpu++)
      for (guint state = 2; state < 4; state++)
        g_hash_table_replace (snapshot,
                              g_strdup_printf (RTB_SYSTEM_IDLE_DISABLE_FORMAT, cpu, state),
                              g_strdup ("1\n"));
    checks = evaluate (snapshot, NULL, 99, NULL);
    g_assert_cmpint (rtb_checklist_find (checks, "cpus.idle")->status, ==, G);
    g_assert_cmpstr (rtb_checklist_find (checks, "cpus.idle")->value, ==,
                     "deepest idle state C1_ACPI, 1 µs to wake");
  }
}

/* The lab's emulated arm64 PREEMPT_RT boards (Debian's linux-image-rt-arm64 6.1 under
 * qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2) as tests/lab/capture-sysroot.sh recorded
 * them: sysroot-lab-rt booted with isolcpus=1 nohz_full=1 rcu_nocbs=1, sysroot-lab-stock with
 * nothing isolated. The capture leaves out uname -m, which the worker adds. */
static GHashTable *
lab_board (const char *name)
{
  GHashTable *snapshot = fixture (name);

  g_hash_table_replace (snapshot, g_strdup (RTB_SYSTEM_UNAME_MACHINE), g_strdup ("aarch64\n"));
  return snapshot;
}

/* An emulated arm64 board has no DMI and no hypervisor flag: QEMU's virt machine is known by
 * its device tree's model, and its verdict is a virtual machine's, with no loop period. */
static void
test_lab_board_virtual (void)
{
  g_autoptr (GHashTable) board = lab_board ("sysroot-lab-rt");
  g_autoptr (GPtrArray) checks = evaluate (board, "1", 99, NULL);
  const RtbCheck *check = rtb_checklist_find (checks, "machine.virtual");
  g_autoptr (RtbRun) run = test_run_new ("board", RTB_METHOD_LATENCY, 2, 1000);
  g_autofree char *verdict = NULL;

  g_assert_cmpint (check->status, ==, C);
  g_assert_nonnull (strstr (check->value, "linux,dummy-virt"));
  test_series_add (rtb_run_get_series (run, 1), 42000);
  verdict = rtb_verdict (checks, run);
  g_test_message ("%s", verdict);
  g_assert_true (g_str_has_prefix (verdict, "A virtual machine"));
  g_assert_null (strstr (verdict, "period"));

  /* A real board's device tree names the board, not a virtual machine. */
  g_hash_table_replace (board, g_strdup (RTB_SYSTEM_DT_MODEL),
                        g_strdup ("Raspberry Pi 4 Model B Rev 1.4"));
  g_clear_pointer (&checks, g_ptr_array_unref);
  checks = evaluate (board, "1", 99, NULL);
  g_assert_cmpint (rtb_checklist_find (checks, "machine.virtual")->status, ==, G);
}

/* Real-time tasks beside a SCHED_OTHER measurement: the advice to raise it names --policy only
 * for a method that takes one (hwlat's thread is the kernel's: move or stop the tasks). */
static void
test_rt_tasks_advice (void)
{
  g_autoptr (GHashTable) snapshot = fixture ("sysroot-x86-desktop");
  RtbHelloFrame worker = hello (EPERM, EACCES);
  guint without = 0;

  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      RtbChecklistFor what = { NULL, 0, &worker, !rtb_command_key_taken (RTB_KEY_POLICY, m) };
      g_autoptr (GPtrArray) checks = rtb_checklist_evaluate (snapshot, &what);
      const RtbCheck *check = rtb_checklist_find (checks, "sched.rt_tasks");

      g_test_message ("%s: %s → %s", rtb_method_to_string (m), check->value, check->advice);
      g_assert_cmpint (check->status, ==, C);
      g_assert_nonnull (strstr (check->value, "multipathd (thread 618 of pid 612) at RR 99"));
      g_assert_cmpint (strstr (check->advice, "--policy fifo") != NULL, ==, !what.no_policy);
      g_assert_cmpint (strstr (check->advice, "taskset -pc") != NULL, ==, what.no_policy);
      without += what.no_policy;
    }
  g_assert_false (rtb_command_key_taken (RTB_KEY_POLICY, RTB_METHOD_HWLAT));
  g_assert_cmpuint (without, >=, 1);
}

/* The item's status, and the texts its value and advice hold (or must not: "!text"). */
static void
assert_check (GPtrArray *checks, const char *id, RtbCheckStatus status, const char *const *texts)
{
  const RtbCheck *check = rtb_checklist_find (checks, id);
  g_autofree char *both = NULL;

  g_assert_nonnull (check);
  both = g_strconcat (check->value, " → ", check->advice, NULL);
  g_test_message ("%s: %s: %s", id, rtb_check_status_to_string (check->status), both);
  g_assert_cmpstr (rtb_check_status_to_string (check->status), ==,
                   rtb_check_status_to_string (status));
  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    if ((texts[i][0] == '!') != (strstr (both, texts[i] + (texts[i][0] == '!')) == NULL))
      g_error ("%s: \"%s\" %s \"%s\"", id, both,
               texts[i][0] == '!' ? "holds" : "does not hold", texts[i] + (texts[i][0] == '!'));
}

#define TEXTS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* The clocksource is judged by the architecture that reads it: the ARM generic timer is the
 * fast one of every arm64 and arm board, hpet only an x86's slow one, and a clocksource on an
 * architecture rtbench does not know stays unknown. */
static void
test_clocksource (void)
{
  static const struct {
    const char *machine; /* NULL: not recorded */
    const char *source;
    RtbCheckStatus status;
    const char *in_value;
  } cases[] = {
    { "aarch64", "arch_sys_counter", G, "arch_sys_counter" },
    { "armv7l", "arch_sys_counter", G, "arch_sys_counter" },
    { "x86_64", "tsc", G, "tsc" },
    { "x86_64", "hpet", C, "hpet: slow to read" },
    { "i686", "acpi_pm", C, "acpi_pm: slow to read" },
    { "aarch64", "jiffies", B, "once per tick" },
    { "or1k", "openrisc_timer", U, "openrisc_timer: what it costs to read on or1k" },
    { "aarch64", "hpet", U, "hpet: what it costs to read on aarch64" },
    { NULL, "arch_sys_counter", G, "arch_sys_counter" },
    { NULL, "openrisc_timer", U, "the architecture, which was not recorded" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GHashTable) snapshot = lab_board ("sysroot-lab-stock");
      g_autoptr (GPtrArray) checks = NULL;

      if (cases[i].machine != NULL)
        g_hash_table_replace (snapshot, g_strdup (RTB_SYSTEM_UNAME_MACHINE),
                              g_strdup (cases[i].machine));
      else
        g_hash_table_remove (snapshot, RTB_SYSTEM_UNAME_MACHINE);
      g_hash_table_replace (snapshot, g_strdup (RTB_SYSTEM_CLOCKSOURCE),
                            g_strdup (cases[i].source));
      checks = evaluate (snapshot, NULL, 99, NULL);
      g_test_message ("%s, %s:", cases[i].machine, cases[i].source);
      assert_check (checks, "kernel.clocksource", cases[i].status, TEXTS (cases[i].in_value));
    }
}

/* A board booted as LinuxCNC's are (isolcpus=1 nohz_full=1 rcu_nocbs=1) is never told to
 * boot with what it has, nor to make its housekeeping CPU 0 tickless; a board that isolates
 * nothing is told to, on its last CPUs, never on every one. */
static void
test_isolation_advice (void)
{
  g_autoptr (GHashTable) isolated = lab_board ("sysroot-lab-rt");
  g_autoptr (GHashTable) plain = lab_board ("sysroot-lab-stock");
  g_autoptr (GHashTable) plain4 = lab_board ("sysroot-lab-stock");
  g_autoptr (GHashTable) all_isolated = lab_board ("sysroot-lab-stock");

  g_hash_table_replace (plain4, g_strdup (RTB_SYSTEM_ONLINE), g_strdup ("0-3\n"));
  g_hash_table_replace (all_isolated, g_strdup (RTB_SYSTEM_CMDLINE),
                        g_strdup ("console=ttyAMA0 isolcpus=0-1\n"));
  g_hash_table_replace (all_isolated, g_strdup (RTB_SYSTEM_ISOLATED), g_strdup ("0-1\n"));
  {
    g_autoptr (GPtrArray) checks = evaluate (isolated, NULL, 99, NULL);

    assert_check (checks, "cpus.isolated", C,
                  TEXTS ("CPU 0 is not isolated (isolated: 1)", "--cpus 1)", "!Boot with",
                         "!isolcpus="));
    assert_check (checks, "cpus.nohz_full", C,
                  TEXTS ("not set for CPU 0", "--cpus 1)", "!Boot with", "!nohz_full=0"));
    assert_check (checks, "cpus.rcu_nocbs", C,
                  TEXTS ("not set for CPU 0", "--cpus 1)", "!Boot with", "!rcu_nocbs=0"));
    assert_check (checks, "kernel.clocksource", G, NULL);
  }
  {
    g_autoptr (GPtrArray) checks = evaluate (isolated, "1", 99, NULL);

    assert_check (checks, "cpus.isolated", G, TEXTS ("CPU 1 isolated"));
    assert_check (checks, "cpus.nohz_full", G, TEXTS ("CPU 1 (nohz_full=1)"));
    assert_check (checks, "cpus.rcu_nocbs", G, TEXTS ("CPU 1 (rcu_nocbs=1)"));
  }
  {
    g_autoptr (GPtrArray) checks = evaluate (isolated, "0", 99, NULL);

    assert_check (checks, "cpus.isolated", C, TEXTS ("--cpus 1)", "!Boot with"));
    assert_check (checks, "cpus.nohz_full", C, TEXTS ("--cpus 1)", "!Boot with"));
    assert_check (checks, "cpus.rcu_nocbs", C, TEXTS ("--cpus 1)", "!Boot with"));
  }
  /* Isolated without nohz_full=: the isolated CPU gets it, and only it. */
  {
    g_autoptr (GHashTable) half = lab_board ("sysroot-lab-rt");
    g_autoptr (GPtrArray) checks = NULL;

    g_hash_table_replace (half, g_strdup (RTB_SYSTEM_CMDLINE),
                          g_strdup ("console=ttyAMA0 isolcpus=1\n"));
    checks = evaluate (half, NULL, 99, NULL);

    assert_check (checks, "cpus.nohz_full", C,
                  TEXTS ("Boot with nohz_full=1 ", "--cpus 1)", "!nohz_full=0"));
    assert_check (checks, "cpus.rcu_nocbs", C,
                  TEXTS ("Boot with rcu_nocbs=1 ", "--cpus 1)", "!rcu_nocbs=0"));
  }
  /* Nothing isolated: the CPUs after the housekeeping CPU 0. */
  {
    g_autoptr (GPtrArray) checks = evaluate (plain, NULL, 99, NULL);

    assert_check (checks, "cpus.nohz_full", C,
                  TEXTS ("not set for CPUs 0-1", "Boot with nohz_full=1 ", "--cpus 1)"));
    assert_check (checks, "cpus.rcu_nocbs", C,
                  TEXTS ("Boot with rcu_nocbs=1 ", "--cpus 1)"));
  }
  {
    g_autoptr (GPtrArray) checks = evaluate (plain4, NULL, 99, NULL);

    assert_check (checks, "cpus.nohz_full", C,
                  TEXTS ("Boot with nohz_full=1-3 ", "--cpus 1-3)", "!=0-3"));
  }
  {
    g_autoptr (GPtrArray) checks = evaluate (plain4, "0", 99, NULL);

    assert_check (checks, "cpus.nohz_full", C, TEXTS ("Boot with nohz_full=3 ", "--cpus 3)"));
  }
  {
    g_autoptr (GPtrArray) checks = evaluate (plain4, "2-3", 99, NULL);

    assert_check (checks, "cpus.nohz_full", C,
                  TEXTS ("Boot with nohz_full=2-3 ", "!--cpus"));
  }
  /* Every CPU isolated: still one left for housekeeping. */
  {
    g_autoptr (GPtrArray) checks = evaluate (all_isolated, NULL, 99, NULL);

    assert_check (checks, "cpus.nohz_full", C, TEXTS ("Boot with nohz_full=1 ", "!=0-1"));
  }
}

/* The verdict names the period a control loop could hold there, in the unit people write it
 * in, from the worst case of fixed figures. */
static void
test_verdict_loop (void)
{
  static const struct {
    gint64 worst_ns;
    const char *load;
    const char *verdict;
  } cases[] = {
    { 42000, "none", "A control loop with a period of 500 µs or longer could run on CPU 1: "
                     "worst case 42.0 µs, idle." },
    { 100000, "full", "A control loop with a period of 1 ms or longer could run on CPU 1: "
                      "worst case 100.0 µs, under full load." },
    { 150000, "cpu", "A control loop with a period of 2 ms or longer could run on CPU 1: "
                     "worst case 150.0 µs, under CPU load." },
    { 48200000, "none", "A control loop with a period of 500 ms or longer could run on CPU 1: "
                        "worst case 48.20 ms, idle." },
    { 250000000, "none", "A control loop with a period of 5 s or longer could run on CPU 1: "
                         "worst case 250.00 ms, idle." },
  };
  g_autoptr (GHashTable) board = lab_board ("sysroot-lab-rt");
  g_autoptr (GPtrArray) checks = NULL;

  /* As a real board: QEMU's device tree gone, the verdict offers a loop period. */
  g_hash_table_remove (board, RTB_SYSTEM_DT_MODEL);
  checks = evaluate (board, "1", 99, NULL);
  g_assert_false (rtb_checklist_any_bad (checks));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RtbRun) run = test_run_new ("board", RTB_METHOD_LATENCY, 2, 1000);
      g_autofree char *verdict = NULL;

      rtb_run_set_load (run, cases[i].load);
      test_series_add (rtb_run_get_series (run, 1), 1000);
      test_series_add (rtb_run_get_series (run, 1), cases[i].worst_ns);
      verdict = rtb_verdict (checks, run);
      g_test_message ("%s", verdict);
      g_assert_true (g_str_has_prefix (verdict, cases[i].verdict));
    }

  /* With a bad item the figure follows the reason, naming its CPUs. */
  {
    g_autoptr (GHashTable) desktop = fixture ("sysroot-x86-desktop");
    g_autoptr (GPtrArray) bad = evaluate (desktop, NULL, 99, NULL);
    g_autoptr (RtbRun) run = test_run_new ("desktop", RTB_METHOD_LATENCY, 1, 1000);
    g_autofree char *verdict = NULL;

    test_series_add (rtb_run_get_series (run, 0), 1500000);
    verdict = rtb_verdict (bad, run);
    g_test_message ("%s", verdict);
    g_assert_true (g_str_has_prefix (verdict, "Not a real-time kernel: expect worst cases in "
                                              "the milliseconds (this run: worst case 1.50 ms "
                                              "on CPU 0, idle). Would help most: "));
  }
}

/* The reader keeps only real-time tasks and irqbalance, and of their status one line. */
static void
test_reader (void)
{
  g_autoptr (GHashTable) snapshot = fixture ("sysroot-rpi4-rt");

  g_assert_true (g_hash_table_contains (snapshot, "proc/98/task/98/stat"));
  g_assert_false (g_hash_table_contains (snapshot, "proc/64/task/64/stat"));
  g_assert_cmpstr (g_hash_table_lookup (snapshot, "proc/98/task/98/status"), ==,
                   "Cpus_allowed_list:\t0-1\n");
  g_assert_cmpstr (g_hash_table_lookup (snapshot, RTB_SYSTEM_UNAME_RELEASE), ==,
                   "6.6.31-rt31-v8+\n");
  /* Interfaces other than Wi-Fi are not recorded. */
  g_assert_false (g_hash_table_contains (snapshot, "sys/class/net/eth0/uevent"));
  g_assert_true (g_hash_table_contains (snapshot, "sys/class/net/wlan0/operstate"));
}

static void
test_json (void)
{
  g_autoptr (GHashTable) snapshot = fixture ("sysroot-x86-desktop");
  g_autoptr (GPtrArray) checks = evaluate (snapshot, NULL, 99, NULL);
  g_autoptr (JsonNode) node = rtb_checklist_to_json (checks, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) back = rtb_checklist_from_json (json_node_get_array (node), "checks",
                                                        &error);
  JsonObject *first = json_array_get_object_element (json_node_get_array (node), 0);

  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, checks->len);
  for (guint i = 0; i < checks->len; i++)
    {
      const RtbCheck *a = checks->pdata[i], *b = back->pdata[i];

      g_assert_cmpstr (a->id, ==, b->id);
      g_assert_cmpint (a->status, ==, b->status);
      g_assert_cmpstr (a->value, ==, b->value);
      g_assert_cmpstr (a->advice, ==, b->advice);
    }
  g_assert_cmpstr (json_object_get_string_member (first, "status"), ==, "bad");
  for (guint i = 0; i < checks->len; i++)
    {
      JsonObject *item = json_array_get_object_element (json_node_get_array (node), i);
      const char *status = json_object_get_string_member (item, "status");

      gboolean no_advice = json_object_get_null_member (item, "advice");

      /* Every advice is a message; a value is, but for a name alone ("tsc", "PREEMPT_RT"). */
      g_assert_cmpuint (json_object_get_size (item), ==,
                        4 + json_object_has_member (item, "value_msg") + !no_advice);
      g_assert_true (json_object_has_member (item, "advice_msg") == !no_advice);
      g_assert_true (no_advice ==
                     (strcmp (status, "good") == 0 || strcmp (status, "unknown") == 0));
    }
  g_assert_true (json_object_has_member (first, "value_msg"));
  /* check --json and summary --json: the four members alone. */
  g_clear_pointer (&node, json_node_unref);
  node = rtb_checklist_to_json (checks, FALSE);
  for (guint i = 0; i < checks->len; i++)
    g_assert_cmpuint (json_object_get_size (json_array_get_object_element (
                        json_node_get_array (node), i)), ==, 4);
  first = json_array_get_object_element (json_node_get_array (node), 0);

  json_object_set_string_member (first, "status", "fine");
  g_clear_pointer (&back, g_ptr_array_unref);
  back = rtb_checklist_from_json (json_node_get_array (node), "checks", &error);
  g_assert_null (back);
  g_assert_cmpstr (error->message, ==, "checks[0].status: \"fine\" is not one of good, "
                                       "could-be-better, bad, unknown");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/checklist/rpi4-rt", test_rpi4_rt);
  g_test_add_func ("/checklist/x86-desktop", test_x86_desktop);
  g_test_add_func ("/checklist/nothing-known", test_nothing_known);
  g_test_add_func ("/checklist/changed-files", test_changed_files);
  g_test_add_func ("/checklist/clocksource", test_clocksource);
  g_test_add_func ("/checklist/isolation-advice", test_isolation_advice);
  g_test_add_func ("/checklist/verdict-loop", test_verdict_loop);
  g_test_add_func ("/checklist/lab-board-virtual", test_lab_board_virtual);
  g_test_add_func ("/checklist/rt-tasks-advice", test_rt_tasks_advice);
  g_test_add_func ("/checklist/reader", test_reader);
  g_test_add_func ("/checklist/json", test_json);
  return g_test_run ();
}
