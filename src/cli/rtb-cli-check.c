/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rtbench-cli check: the tuning checklist of this machine or of --remote HOST, without
 * measuring. */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <string.h>

#include "rtb-checklist.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-json-text.h"
#include "rtb-session.h"
#include "rtb-verdict.h"

/* Latency's default: the checklist looks for real-time tasks at or above it. */
#define CHECK_PRIORITY 99

static const char usage[] =
  "Usage: rtbench-cli check [--remote HOST] [--remote-worker PATH] [--cpus LIST] [--json]\n"
  "\n"
  "Prints the tuning checklist of this machine, or of HOST through its worker over ssh,\n"
  "without measuring: for each item its status (bad, could be better, unknown, good), what\n"
  "was observed and the setting to change, worst first, then a verdict.\n"
  "\n"
  "Options:\n"
  "  --cpus LIST           the CPUs you will measure, such as 3 or 0,2-3 (default: all)\n"
  "  --remote HOST         check HOST: run its worker through `ssh -T HOST` (RTBENCH_SSH\n"
  "                        replaces \"ssh\"); the worker also tells whether it can lock its\n"
  "                        memory and hold /dev/cpu_dma_latency\n"
  "  --remote-worker PATH  the worker's path on HOST (default: " RTB_WORKER_PATH ")\n"
  "  --json                one JSON object: host, cpus, checks [{id, status, value, advice}]\n"
  "                        and verdict\n"
  "\n"
  "Exit status: 0 when no item is bad, 1 when one is (or HOST could not be asked),\n"
  "2 for a wrong command line.\n";

void
rtb_cli_print_checklist (GPtrArray *checks, FILE *out)
{
  g_autoptr (GPtrArray) sorted = rtb_checklist_sorted (checks);

  for (guint i = 0; i < sorted->len; i++)
    {
      const RtbCheck *check = sorted->pdata[i];
      const char *label = rtb_check_status_label (check->status);
      /* Padded by characters: a translated status may not be ASCII. */
      int pad = 15 - (int) MIN (g_utf8_strlen (label, -1), 15);

      fprintf (out, "  %s%*s  %-21s  %s\n", label, pad, "", check->id, check->value);
      if (check->advice != NULL)
        fprintf (out, "  %-15s  %-21s  → %s\n", "", "", check->advice);
    }
}

void
rtb_cli_print_verdict (RtbRun *run, FILE *out)
{
  GPtrArray *checks = rtb_run_get_checks (run);
  g_autofree char *verdict = rtb_verdict (checks, run);
  g_autoptr (GString) counts = g_string_new (NULL);

  for (RtbCheckStatus status = RTB_CHECK_BAD; checks != NULL && status <= RTB_CHECK_GOOD;
       status++)
    {
      g_autoptr (GString) ids = g_string_new (NULL);
      guint n = 0;

      for (guint i = 0; i < checks->len; i++)
        {
          const RtbCheck *check = checks->pdata[i];

          if (check->status != status)
            continue;
          n++;
          if (status != RTB_CHECK_GOOD)
            g_string_append_printf (ids, "%s%s", ids->len > 0 ? ", " : "", check->id);
        }
      if (n == 0)
        continue;
      g_string_append_printf (counts, "%s%u %s", counts->len > 0 ? "; " : "", n,
                              rtb_check_status_label (status));
      if (ids->len > 0)
        g_string_append_printf (counts, " (%s)", ids->str);
    }
  if (counts->len > 0)
    fprintf (out, "\nChecklist at the start: %s.\n", counts->str);
  fprintf (out, "%sVerdict: %s\n", counts->len > 0 ? "" : "\n", verdict);
}

typedef struct {
  GMainLoop *loop;
  GHashTable *snapshot;
  RtbHelloFrame hello;
  gboolean have_hello;
  GError *error;
} Probe;

static void
on_frame (RtbSession *session, const RtbFrame *frame, Probe *probe)
{
  if (frame->header->type == RTB_FRAME_HELLO)
    {
      memcpy (&probe->hello, frame->payload, sizeof probe->hello);
      probe->have_hello = TRUE;
    }
  else if (frame->header->type == RTB_FRAME_SYSTEM && probe->snapshot == NULL)
    probe->snapshot = rtb_system_snapshot_from_frame (frame->payload, frame->payload_len);
}

static void
on_finished (RtbSession *session, const GError *error, Probe *probe)
{
  if (error != NULL)
    probe->error = g_error_copy (error);
  g_main_loop_quit (probe->loop);
}

/* The remote machine's snapshot and its worker's HELLO, or NULL after saying why. */
static GHashTable *
probe_remote (const char *host, const char *worker, RtbHelloFrame *hello)
{
  g_autoptr (RtbSession) session = rtb_session_new ();
  g_autoptr (GError) error = NULL;
  Probe probe = { g_main_loop_new (NULL, FALSE) };

  rtb_session_set_remote (session, host);
  if (worker != NULL)
    rtb_session_set_worker_path (session, worker);
  g_signal_connect (session, "frame", G_CALLBACK (on_frame), &probe);
  g_signal_connect (session, "finished", G_CALLBACK (on_finished), &probe);
  if (!rtb_session_probe (session, &error))
    {
      rtb_cli_error ("cannot ask %s: %s", host, error->message);
      g_main_loop_unref (probe.loop);
      return NULL;
    }
  g_main_loop_run (probe.loop);
  g_main_loop_unref (probe.loop);
  if (probe.error != NULL || probe.snapshot == NULL)
    {
      rtb_cli_error ("cannot ask %s: %s", host,
                     probe.error != NULL ? probe.error->message
                     : "its worker does not describe its machine (SYSTEM frame): update it");
      g_clear_error (&probe.error);
      g_clear_pointer (&probe.snapshot, g_hash_table_unref);
      return NULL;
    }
  if (probe.have_hello)
    *hello = probe.hello;
  return probe.snapshot;
}

static void
print_json (GHashTable *snapshot, const char *cpus, GPtrArray *checks, const char *verdict)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;
  const char *host = g_hash_table_lookup (snapshot, "uname/nodename");

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "host");
  if (host != NULL)
    json_builder_add_string_value (builder, host);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "cpus");
  json_builder_add_string_value (builder, cpus);
  json_builder_set_member_name (builder, "checks");
  json_builder_add_value (builder, rtb_checklist_to_json (checks, FALSE));
  json_builder_set_member_name (builder, "verdict");
  json_builder_add_string_value (builder, verdict);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = rtb_json_to_text (root, TRUE, NULL);
  puts (text);
}

int
rtb_cli_check (int argc, char **argv)
{
  const char *remote = NULL, *worker = NULL, *cpus_arg = NULL;
  gboolean json = FALSE;
  g_autoptr (GHashTable) snapshot = NULL;
  g_autoptr (GPtrArray) checks = NULL;
  g_autofree char *verdict = NULL;
  uint64_t cpus[RTB_MAX_CPUS / 64];
  char cpus_text[4096] = "all";
  RtbHelloFrame hello;
  gboolean have_hello = FALSE;
  RtbChecklistFor what = { NULL, CHECK_PRIORITY, NULL };

  for (int i = 1; i < argc; i++)
    {
      const char **value = strcmp (argv[i], "--remote") == 0 ? &remote
                           : strcmp (argv[i], "--remote-worker") == 0 ? &worker
                           : strcmp (argv[i], "--cpus") == 0 ? &cpus_arg : NULL;

      if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          fputs (usage, stdout);
          return RTB_CLI_OK;
        }
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (value != NULL && i + 1 < argc)
        *value = argv[++i];
      else if (value != NULL)
        {
          rtb_cli_error ("%s needs a value: see rtbench-cli check --help", argv[i]);
          return RTB_CLI_USAGE;
        }
      else
        {
          rtb_cli_error ("check takes no \"%s\": its options are --cpus, --remote, "
                         "--remote-worker and --json", argv[i]);
          return RTB_CLI_USAGE;
        }
    }
  if (cpus_arg != NULL && strcmp (cpus_arg, "all") != 0)
    {
      if (!rtb_cpu_list_parse (cpus_arg, cpus, RTB_MAX_CPUS, NULL))
        {
          rtb_cli_error ("--cpus \"%s\" is not a CPU list: use all or a list such as 3 or "
                         "0,2-3 (CPUs below %d)", cpus_arg, RTB_MAX_CPUS);
          return RTB_CLI_USAGE;
        }
      what.cpus = cpus;
      rtb_cpu_list_format (cpus, RTB_MAX_CPUS, cpus_text, sizeof cpus_text);
    }
  if (worker != NULL && remote == NULL)
    {
      rtb_cli_error ("--remote-worker needs --remote HOST: it is the worker's path on HOST");
      return RTB_CLI_USAGE;
    }

  if (remote != NULL)
    {
      snapshot = probe_remote (remote, worker, &hello);
      if (snapshot == NULL)
        return RTB_CLI_FAILED;
      have_hello = hello.protocol_version != 0;
    }
  else
    snapshot = rtb_system_snapshot_read ("/");
  what.worker = have_hello ? &hello : NULL;
  if (what.cpus != NULL)
    {
      const char *online = g_hash_table_lookup (snapshot, "sys/devices/system/cpu/online");
      uint64_t online_set[RTB_MAX_CPUS / 64];
      g_autofree char *stripped = g_strstrip (g_strdup (online != NULL ? online : ""));

      if (rtb_cpu_list_parse (stripped, online_set, RTB_MAX_CPUS, NULL))
        for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
          if (rtb_cpu_isset (cpus, cpu) && !rtb_cpu_isset (online_set, cpu))
            {
              rtb_cli_error ("--cpus %s: CPU %d is not online there (online: %s)", cpus_arg,
                             cpu, stripped);
              return RTB_CLI_USAGE;
            }
    }
  if (what.cpus == NULL)
    {
      const char *online = g_hash_table_lookup (snapshot, "sys/devices/system/cpu/online");

      if (online != NULL)
        {
          g_autofree char *stripped = g_strstrip (g_strdup (online));

          g_strlcpy (cpus_text, stripped, sizeof cpus_text);
        }
    }

  checks = rtb_checklist_evaluate (snapshot, &what);
  verdict = rtb_verdict (checks, NULL);
  if (json)
    print_json (snapshot, cpus_text, checks, verdict);
  else
    {
      const char *host = g_hash_table_lookup (snapshot, "uname/nodename");
      const char *release = g_hash_table_lookup (snapshot, "uname/release");

      g_autofree char *host_text = g_strstrip (g_strdup (host != NULL ? host : "-"));
      g_autofree char *release_text = g_strstrip (g_strdup (release != NULL ? release : "-"));

      printf ("Checklist for %s (Linux %s), CPU%s %s, real-time tasks compared with priority "
              "%d:\n\n", host_text, release_text,
              strchr (cpus_text, '-') != NULL || strchr (cpus_text, ',') != NULL ? "s" : "",
              cpus_text, CHECK_PRIORITY);
      rtb_cli_print_checklist (checks, stdout);
      printf ("\nVerdict: %s\n", verdict);
    }
  return rtb_checklist_any_bad (checks) ? RTB_CLI_FAILED : RTB_CLI_OK;
}
