/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <time.h>

#include "rtb-json-text.h"
#include "rtb-protocol.h"
#include "rtb-run.h"
#include "rtb-system-files.h"
#include "rtb-system-info-private.h"

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("RTBENCH_TEST_DATA");

  if (dir != NULL)
    return g_build_filename (dir, name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", name, NULL);
}

static char *
fixture (const char *name)
{
  g_autofree char *path = data_path (name);
  g_autoptr (GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
test_cpuinfo (void)
{
  static const struct {
    const char *file;
    const char *model;
    int n;
  } cases[] = {
    { "cpuinfo-rpi4.txt", "Raspberry Pi 4 Model B Rev 1.1 (Cortex-A72)", 4 },
    { "cpuinfo-rpi4-armhf.txt", "Raspberry Pi 4 Model B Rev 1.4 (Cortex-A72)", 4 },
    { "cpuinfo-rk3562.txt", "Cortex-A53", 4 },
    { "cpuinfo-x86.txt", "12th Gen Intel(R) Core(TM) i5-12400F", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = fixture (cases[i].file);
      g_autofree char *model = _rtb_cpuinfo_parse_model (text);

      g_test_message ("%s", cases[i].file);
      g_assert_cmpstr (model, ==, cases[i].model);
      g_assert_cmpint (_rtb_cpuinfo_count_processors (text), ==, cases[i].n);
    }
}

static void
test_cpuinfo_fallbacks (void)
{
  static const struct {
    const char *text;
    const char *model;
  } cases[] = {
    { "", "" },
    { "processor : 0\nHardware : Generic DT based system\n", "Generic DT based system" },
    { "system type : MT7621\nprocessor : 0\ncpu model : MIPS 1004Kc V2.15\n",
      "MIPS 1004Kc V2.15" },
    { "processor : 0\nhart : 0\nisa : rv64imafdc\nuarch : sifive,u74-mc\n", "sifive,u74-mc" },
    { "Processor : ARMv6-compatible processor rev 7 (v6l)\n",
      "ARMv6-compatible processor rev 7 (v6l)" },
    { "model name :\nModel : \nCPU implementer : 0x51\nCPU part : 0x801\n", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *model = _rtb_cpuinfo_parse_model (cases[i].text);

      g_assert_cmpstr (model, ==, cases[i].model);
    }
}

static void
test_cmdline (void)
{
  g_autofree char *iso = fixture ("cmdline-isolcpus.txt");
  g_autofree char *plain = fixture ("cmdline-plain.txt");
  g_autofree char *quoted = fixture ("cmdline-quoted.txt");
  static const char *keys[] = { "isolcpus", "nohz_full", "rcu_nocbs" };
  static const char *iso_values[] = { "nohz,domain,managed_irq,2-3", "2-3", "2-3" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *value = _rtb_cmdline_get_param (iso, keys[i]);
      g_autofree char *none = _rtb_cmdline_get_param (plain, keys[i]);

      g_assert_cmpstr (value, ==, iso_values[i]);
      g_assert_cmpstr (none, ==, "");
    }

  {
    /* The last one counts; quotes are removed; what follows "--" is for init. */
    g_autofree char *isol = _rtb_cmdline_get_param (quoted, "isolcpus");
    g_autofree char *dyndbg = _rtb_cmdline_get_param (quoted, "dyndbg");
    g_autofree char *prefix = _rtb_cmdline_get_param ("isolcpusx=1 xisolcpus=2", "isolcpus");

    g_assert_cmpstr (isol, ==, "3");
    g_assert_cmpstr (dyndbg, ==, "file drivers/usb/* +p");
    g_assert_cmpstr (prefix, ==, "");
  }
}

static void
test_small_parsers (void)
{
  g_autofree char *meminfo = fixture ("meminfo-rpi4.txt");
  const char *same[] = { "performance", "performance", NULL };
  const char *mixed[] = { "performance", "schedutil", NULL };
  const char *none[] = { NULL };
  g_autofree char *g1 = _rtb_governors_combine (same);
  g_autofree char *g2 = _rtb_governors_combine (mixed);
  g_autofree char *g3 = _rtb_governors_combine (none);

  g_assert_true (_rtb_kernel_version_is_preempt_rt ("#1 SMP PREEMPT_RT Debian 6.1.76-1"));
  g_assert_true (_rtb_kernel_version_is_preempt_rt ("#1 SMP PREEMPT RT Fri Jan 1"));
  g_assert_false (_rtb_kernel_version_is_preempt_rt ("#1 SMP PREEMPT_DYNAMIC Debian"));
  g_assert_false (_rtb_kernel_version_is_preempt_rt (NULL));

  g_assert_cmpint (_rtb_cpu_list_count ("0-3\n"), ==, 4);
  g_assert_cmpint (_rtb_cpu_list_count ("0,2-3,6"), ==, 4);
  g_assert_cmpint (_rtb_cpu_list_count (""), ==, 0);
  g_assert_cmpint (_rtb_cpu_list_count ("3-1"), ==, -1);
  g_assert_cmpint (_rtb_cpu_list_count ("x"), ==, -1);

  g_assert_cmpint (_rtb_meminfo_parse_kb (meminfo, "SwapTotal"), ==, 102396);
  g_assert_cmpint (_rtb_meminfo_parse_kb (meminfo, "MemTotal"), ==, 3884836);
  g_assert_cmpint (_rtb_meminfo_parse_kb (meminfo, "Hugetlb"), ==, -1);

  g_assert_cmpint (_rtb_parse_first_int ("4\t4\t1\t7\n", -2), ==, 4);
  g_assert_cmpint (_rtb_parse_first_int ("-1\n", -2), ==, -1);
  g_assert_cmpint (_rtb_parse_first_int ("", -2), ==, -2);
  g_assert_cmpint (_rtb_parse_first_int (NULL, -2), ==, -2);

  g_assert_cmpstr (g1, ==, "performance");
  g_assert_cmpstr (g2, ==, "mixed");
  g_assert_cmpstr (g3, ==, "");
}

static void
test_collect_sysroot (void)
{
  g_autofree char *root = data_path ("sysroot-rpi4");
  g_autoptr (RtbSystemInfo) info = _rtb_system_info_collect_from (root);

  g_assert_cmpstr (info->cpu_model, ==, "Raspberry Pi 4 Model B Rev 1.1 (Cortex-A72)");
  g_assert_cmpint (info->n_cpus, ==, 4);
  g_assert_true (info->preempt_rt);
  g_assert_cmpstr (info->isolcpus, ==, "nohz,domain,managed_irq,2-3");
  g_assert_cmpstr (info->nohz_full, ==, "2-3");
  g_assert_cmpstr (info->rcu_nocbs, ==, "2-3");
  g_assert_cmpstr (info->isolated, ==, "2-3");
  g_assert_cmpstr (info->governor, ==, "mixed");
  g_assert_null (info->smt);
  g_assert_cmpint (info->sched_rt_runtime_us, ==, -1);
  g_assert_cmpint (info->printk_level, ==, 3);
  g_assert_cmpint (info->overcommit_memory, ==, 0);
  g_assert_cmpint (info->swap_total_kb, ==, 102396);
  g_assert_cmpstr (info->idle_states, ==, "WFI,cpu-sleep-0");
}

static void
test_collect_empty_root (void)
{
  g_autoptr (RtbSystemInfo) info = _rtb_system_info_collect_from ("/nonexistent-rtbench-root");

  /* Nothing could be read: every fact but uname's is unknown, none is a default. */
  g_assert_null (info->cpu_model);
  g_assert_cmpint (info->n_cpus, ==, RTB_SYSTEM_INFO_UNKNOWN);
  g_assert_null (info->governor);
  g_assert_null (info->cmdline);
  g_assert_null (info->isolcpus);
  g_assert_null (info->isolated);
  g_assert_null (info->idle_states);
  g_assert_cmpint (info->sched_rt_runtime_us, ==, RTB_SYSTEM_INFO_UNKNOWN);
  g_assert_cmpint (info->printk_level, ==, RTB_SYSTEM_INFO_UNKNOWN);
  g_assert_cmpint (info->swap_total_kb, ==, -1);
}

static void
test_collect_local (void)
{
  g_autoptr (RtbSystemInfo) info = rtb_system_info_collect ();

  g_assert_nonnull (info->hostname);
  g_assert_cmpstr (info->hostname, !=, "");
  g_assert_cmpstr (info->kernel_release, !=, "");
  g_assert_cmpstr (info->kernel_version, !=, "");
  g_assert_cmpstr (info->machine, !=, "");
  g_assert_cmpint (info->n_cpus, >=, 1);
  g_assert_nonnull (info->cpu_model);
  g_assert_nonnull (info->governor);
  g_assert_nonnull (info->idle_states);
  g_test_message ("%s %s %s, %d CPUs, %s, governor \"%s\", smt \"%s\"", info->hostname,
                  info->kernel_release, info->machine, info->n_cpus, info->cpu_model,
                  info->governor, info->smt);
}

static void
test_json_round_trip (void)
{
  g_autofree char *root = data_path ("sysroot-rpi4");
  g_autoptr (RtbSystemInfo) info = _rtb_system_info_collect_from (root);
  g_autoptr (RtbSystemInfo) copy = rtb_system_info_copy (info);
  g_autoptr (JsonNode) node = rtb_system_info_to_json (copy);
  g_autoptr (RtbSystemInfo) back = NULL;
  g_autoptr (JsonNode) again = NULL;
  g_autoptr (GError) error = NULL;

  back = rtb_system_info_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->hostname, ==, info->hostname);
  g_assert_cmpstr (back->cpu_model, ==, info->cpu_model);
  g_assert_cmpint (back->preempt_rt, ==, info->preempt_rt);
  g_assert_cmpint (back->swap_total_kb, ==, info->swap_total_kb);
  g_assert_cmpint (back->sched_rt_runtime_us, ==, info->sched_rt_runtime_us);
  g_assert_cmpstr (back->idle_states, ==, info->idle_states);
  again = rtb_system_info_to_json (back);
  g_assert_true (json_node_equal (node, again));

  /* DESIGN.md's summary names. */
  g_assert_true (json_object_has_member (json_node_get_object (node), "kernel"));
  g_assert_true (json_object_has_member (json_node_get_object (node), "preempt_rt"));
}

static void
test_json_errors (void)
{
  static const struct {
    const char *json;
    const char *message;
  } cases[] = {
    { "[]", "expected an object" },
    { "{}", "missing member \"hostname\"" },
    { "{\"hostname\": 3}", "hostname: expected a string or null, found an integer" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (JsonNode) node = json_from_string (cases[i].json, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (RtbSystemInfo) info = rtb_system_info_from_json (node, &error);

      g_assert_null (info);
      g_assert_error (error, RTB_RUN_ERROR, RTB_RUN_ERROR_FORMAT);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }

  {
    g_autofree char *root = data_path ("sysroot-rpi4");
    g_autoptr (RtbSystemInfo) info = _rtb_system_info_collect_from (root);
    g_autoptr (JsonNode) node = rtb_system_info_to_json (info);
    g_autoptr (GError) error = NULL;
    g_autoptr (RtbSystemInfo) back = NULL;

    json_object_set_string_member (json_node_get_object (node), "n_cpus", "four");
    back = rtb_system_info_from_json (node, &error);
    g_assert_null (back);
    g_assert_cmpstr (error->message, ==, "n_cpus: expected an integer, found a string");
  }
}

static char *
system_text (const RtbSystemInfo *info)
{
  g_autoptr (JsonNode) node = rtb_system_info_to_json (info);

  return rtb_json_to_text (node, TRUE, NULL);
}

/* Adds the file below `root` to a SYSTEM payload, as the worker does; FALSE if it is missing. */
static gboolean
add_file (guchar *payload, gsize size, gsize *used, const char *root, const char *relative)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autofree char *contents = NULL;
  gsize len;

  if (!g_file_get_contents (path, &contents, &len, NULL))
    return FALSE;
  *used = rtb_system_frame_add (payload, size, *used, relative, contents, len);
  g_assert_cmpuint (*used, >, 0);
  return TRUE;
}

/* A SYSTEM frame made of a board's files says what reading those files says, and its uname. */
static void
test_frame_sysroot (void)
{
  g_autofree char *root = data_path ("sysroot-rpi4");
  g_autofree guchar *payload = g_malloc (256 * 1024);
  gsize size = 256 * 1024;
  gsize used = rtb_system_frame_init (payload, size);
  g_autoptr (RtbSystemInfo) expected = _rtb_system_info_collect_from (root);
  g_autoptr (RtbSystemInfo) info = NULL;
  g_autofree char *expected_text = NULL;
  g_autofree char *text = NULL;
  RtbFrameHeader header = { .magic = RTB_FRAME_MAGIC, .type = RTB_FRAME_SYSTEM };

  used = rtb_system_frame_add (payload, size, used, RTB_SYSTEM_UNAME_NODENAME, "rpi4", 4);
  used = rtb_system_frame_add (payload, size, used, RTB_SYSTEM_UNAME_RELEASE, "6.6.20-rt25-v8+",
                               15);
  used = rtb_system_frame_add (payload, size, used, RTB_SYSTEM_UNAME_VERSION,
                               "#1 SMP PREEMPT_RT", 17);
  used = rtb_system_frame_add (payload, size, used, RTB_SYSTEM_UNAME_MACHINE, "aarch64", 7);
  for (const char *const *file = rtb_system_files; *file != NULL; file++)
    add_file (payload, size, &used, root, *file);
  for (guint cpu = 0; cpu < 8; cpu++)
    {
      g_autofree char *relative = g_strdup_printf (RTB_SYSTEM_GOVERNOR_FORMAT, cpu);
      add_file (payload, size, &used, root, relative);
    }
  for (guint state = 0; state < RTB_SYSTEM_IDLE_STATES_MAX; state++)
    {
      g_autofree char *relative = g_strdup_printf (RTB_SYSTEM_IDLE_STATE_FORMAT, state);
      if (!add_file (payload, size, &used, root, relative))
        break;
    }
  header.length = (guint32) used;
  g_assert_null (rtb_frame_validate (&header, payload, RTB_PROTOCOL_VERSION));

  info = rtb_system_info_from_frame (payload, used);
  g_assert_cmpstr (info->hostname, ==, "rpi4");
  g_assert_cmpstr (info->kernel_release, ==, "6.6.20-rt25-v8+");
  g_assert_cmpstr (info->machine, ==, "aarch64");
  g_assert_true (info->preempt_rt);
  /* Everything else as the files say */
  g_free (expected->hostname);
  expected->hostname = g_strdup (info->hostname);
  g_free (expected->kernel_release);
  expected->kernel_release = g_strdup (info->kernel_release);
  g_free (expected->kernel_version);
  expected->kernel_version = g_strdup (info->kernel_version);
  g_free (expected->machine);
  expected->machine = g_strdup (info->machine);
  expected->preempt_rt = info->preempt_rt;
  expected_text = system_text (expected);
  text = system_text (info);
  g_assert_cmpstr (text, ==, expected_text);
  g_assert_cmpstr (info->isolated, ==, "2-3");
}

static bool
keep_system (const RtbFrame *frame, void *user_data)
{
  GBytes **system = user_data;

  if (frame->header->type == RTB_FRAME_SYSTEM)
    *system = g_bytes_new (frame->payload, frame->payload_len);
  return true;
}

/* The real worker's SYSTEM frame describes this machine exactly as reading it here does. */
static void
test_frame_from_worker (void)
{
  const char *worker = g_getenv ("RTBENCH_WORKER");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GBytes) nothing = g_bytes_new (NULL, 0);
  g_autoptr (GBytes) out = NULL;
  g_autoptr (GBytes) system = NULL;
  g_autoptr (RtbSystemInfo) here = rtb_system_info_collect ();
  g_autoptr (RtbSystemInfo) info = NULL;
  g_autofree char *here_text = NULL;
  g_autofree char *text = NULL;
  RtbDecoder *decoder;

  if (worker == NULL)
    {
      g_test_skip ("RTBENCH_WORKER is not set: run the tests through meson");
      return;
    }
  /* stdin at EOF at once: HELLO, SYSTEM, then it exits without a command */
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error, worker, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate (process, nothing, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (process));
  decoder = rtb_decoder_new (keep_system, &system);
  g_assert_cmpint (rtb_decoder_feed (decoder, g_bytes_get_data (out, NULL),
                                     g_bytes_get_size (out)), ==, 2);
  rtb_decoder_free (decoder);
  g_assert_nonnull (system);

  info = rtb_system_info_from_frame (g_bytes_get_data (system, NULL), g_bytes_get_size (system));
  here_text = system_text (here);
  text = system_text (info);
  g_test_message ("%s", text);
  g_assert_cmpstr (text, ==, here_text);
}

/* The local time's offset from UTC, as the machine's own clock has it (a POSIX TZ, so that no
 * zone database is needed); unknown where nothing says it: a captured tree, an older file. */
static void
test_utc_offset (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("TZ"));
  g_autofree char *root = data_path ("sysroot-rpi4");
  g_autoptr (RtbSystemInfo) board = _rtb_system_info_collect_from (root);
  g_autoptr (RtbSystemInfo) india = NULL;
  g_autoptr (RtbSystemInfo) back = NULL;
  g_autoptr (RtbSystemInfo) old = NULL;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GError) error = NULL;

  g_setenv ("TZ", "IST-5:30", TRUE);
  tzset ();
  india = rtb_system_info_collect ();
  g_setenv ("TZ", "EST5", TRUE);
  tzset ();
  {
    g_autoptr (RtbSystemInfo) new_york = rtb_system_info_collect ();

    g_assert_cmpint (new_york->utc_offset_s, ==, -5 * 3600);
  }
  if (saved != NULL)
    g_setenv ("TZ", saved, TRUE);
  else
    g_unsetenv ("TZ");
  tzset ();
  g_assert_cmpint (india->utc_offset_s, ==, 5 * 3600 + 30 * 60);
  g_assert_cmpint (board->utc_offset_s, ==, RTB_SYSTEM_INFO_UNKNOWN);

  node = rtb_system_info_to_json (india);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "utc_offset_s"), ==,
                   19800);
  back = rtb_system_info_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpint (back->utc_offset_s, ==, 19800);

  json_object_remove_member (json_node_get_object (node), "utc_offset_s");
  old = rtb_system_info_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpint (old->utc_offset_s, ==, RTB_SYSTEM_INFO_UNKNOWN);
}

/* The kernel's words for SMT and cpufreq, in plain words; what they do not know stays unknown. */
static void
test_words (void)
{
  g_assert_cmpstr (rtb_system_info_smt_words ("notsupported"), ==, "not supported by this CPU");
  g_assert_cmpstr (rtb_system_info_smt_words ("notimplemented"), ==,
                   "not implemented by this kernel");
  g_assert_cmpstr (rtb_system_info_smt_words ("forceoff"), ==, "off, forced at boot");
  g_assert_cmpstr (rtb_system_info_smt_words ("on"), ==, "on");
  g_assert_cmpstr (rtb_system_info_smt_words ("future-state"), ==, "future-state");
  g_assert_null (rtb_system_info_smt_words (NULL));
  g_assert_null (rtb_system_info_smt_words (""));
  g_assert_cmpstr (rtb_system_info_governor_words (""), ==,
                   "no frequency scaling (no cpufreq driver)");
  g_assert_cmpstr (rtb_system_info_governor_words ("mixed"), ==, "differs between CPUs");
  g_assert_cmpstr (rtb_system_info_governor_words ("schedutil"), ==, "schedutil");
  g_assert_null (rtb_system_info_governor_words (NULL));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/system-info/cpuinfo", test_cpuinfo);
  g_test_add_func ("/system-info/cpuinfo-fallbacks", test_cpuinfo_fallbacks);
  g_test_add_func ("/system-info/cmdline", test_cmdline);
  g_test_add_func ("/system-info/small-parsers", test_small_parsers);
  g_test_add_func ("/system-info/collect-sysroot", test_collect_sysroot);
  g_test_add_func ("/system-info/collect-empty-root", test_collect_empty_root);
  g_test_add_func ("/system-info/collect-local", test_collect_local);
  g_test_add_func ("/system-info/json-round-trip", test_json_round_trip);
  g_test_add_func ("/system-info/json-errors", test_json_errors);
  g_test_add_func ("/system-info/words", test_words);
  g_test_add_func ("/system-info/utc-offset", test_utc_offset);
  g_test_add_func ("/system-info/frame-sysroot", test_frame_sysroot);
  g_test_add_func ("/system-info/frame-from-worker", test_frame_from_worker);

  return g_test_run ();
}
