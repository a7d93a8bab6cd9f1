/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-cli"
#include "config.h"

#include <glib-unix.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "rtb-cli-run-private.h"
#include "rtb-cli-util.h"
#include "rtb-cli.h"
#include "rtb-command-keys.h"
#include "rtb-label.h"
#include "rtb-methods.h"
#include "rtb-session.h"
#include "rtb-text-limit.h"
#include "rtb-text-wrap.h"

#define OPTION_COLUMN 31
#define OPTION_WIDTH 92

/* The method's options: its command keys (rtb-command-keys.h) but unthrottled, which every
 * method takes as the flag --unthrottled. */
static gboolean
is_method_option (const RtbKey *key, RtbMethod method)
{
  return rtb_command_key_taken (key, method) && key->kind != RTB_KIND_YES_NO;
}

static void
print_method_options (FILE *out, RtbMethod method)
{
  for (size_t k = 0; k < rtb_command_n_keys; k++)
    {
      const RtbKey *key = rtb_command_keys[k];
      char def[32], range[64];
      g_autofree char *left = NULL;
      g_autofree char *help = NULL;

      if (!is_method_option (key, method))
        continue;
      left = g_strdup_printf ("--%s %s", key->option, key->arg);
      rtb_command_key_default_text (key, method, def, sizeof def);
      rtb_command_key_range_text (key, method, range, sizeof range);
      help = g_strdup_printf ("%s%s%s (default: %s)", g_str_equal (range, key->arg) ? "" : range,
                              g_str_equal (range, key->arg) ? "" : ": ", key->help, def);
      rtb_text_wrap_print (out, help, fprintf (out, "    %-26s", left), OPTION_COLUMN,
                           OPTION_WIDTH);
    }
}

/* `label_method`: the method whose default label the help shows, -1 for the generic help. */
static void
print_common_options (FILE *out, RtbMethod label_method)
{
  RtbCommand command;
  g_autofree char *label = NULL;
  g_autofree char *gates_help = rtb_cli_gates_help ();

  rtb_command_defaults (&command, label_method, 1);
  label = rtb_label_default (&command, "full", "vm");
  fputs ("    --load none|cpu|full       run stress-ng meanwhile: cpu = --cpu N --cpu-method=all,\n"
         "                               full adds --io N --vm N --vm-bytes 64M (N = CPU count)\n"
         "    --label TEXT               name of the run (default: the method, what differs\n"
         "                               from its usual setup, and the host: ", out);
  fprintf (out, "\"%s\")\n", label);
  fputs ("    --remote HOST              measure HOST: run its worker through `ssh -T HOST`\n"
         "                               (RTBENCH_SSH replaces \"ssh\", e.g. \"ssh -p 2222\");\n"
         "                               the run records HOST's system, not this one's; give it\n"
         "                               again to measure several machines at once\n"
         "    --local                    with --remote: measure this machine too, at the same time\n"
         "    --remote-worker PATH       the worker's path on HOST (default: " RTB_WORKER_PATH ")\n"
         "    --output FILE              save the run (.rtbench), also when stopped early\n"
         "    --output-dir DIR           save each machine's run to DIR/HOST-METHOD.rtbench\n"
         "    --compare-png FILE         with several machines: their charts overlaid\n"
         "    --compare-csv FILE         with several machines: the comparison table\n"
         "    --unthrottled              accept a busy real-time run while the kernel's RT\n"
         "                               throttling is off (sched_rt_runtime_us -1)\n"
         "    --verbose                  show the worker's log\n"
         "    -h, --help                 show this help\n"
         "\n  limits, for CI (each machine's CPU is a test case)\n",
         out);
  fputs (gates_help, out);
  fputs ("\nOn a terminal, each minute of the run prints a line per thread: that minute's max and\n"
         "the run's so far. Ctrl-C stops the run early; what was measured is summarised and saved.\n"
         "Exit status:\n"
         "0 done, 1 the run failed, 2 a wrong option, 3 a limit failed, 10 + N when N of\n"
         "several machines failed (the others are still measured, saved and compared).\n",
         out);
}

/* The method's examples, as its declaration gives them. */
static void
print_examples (FILE *out, RtbMethod method)
{
  const RtbMethodInfo *info = rtb_method_info (method);

  fputs ("\nExamples:\n", out);
  for (guint i = 0; i < RTB_METHOD_EXAMPLES_MAX && info->examples[i][0] != NULL; i++)
    fprintf (out, "  rtbench-cli run %s %s\n      %s\n", info->name, info->examples[i][0],
             info->examples[i][1]);
}

static void
print_run_help (FILE *out)
{
  char methods[96];

  rtb_method_list (methods, sizeof methods, ", ", " or ");
  fprintf (out, "Usage: rtbench-cli run METHOD [OPTIONS]\n\nMETHOD is %s; rtbench-cli run "
           "METHOD --help\nshows one method's options and examples.\n\nMethods and their "
           "options:\n", methods);
  for (RtbMethod m = RTB_METHOD_LATENCY; m <= RTB_METHOD_LAST; m++)
    {
      fprintf (out, "\n  %s\n", rtb_method_to_string (m));
      print_method_options (out, m);
    }
  fputs ("\n  every method\n", out);
  print_common_options (out, RTB_METHOD_LATENCY);
}

static void
print_method_help (FILE *out, RtbMethod method)
{
  fprintf (out, "Usage: rtbench-cli run %s [OPTIONS]\n\n%s\n\nOptions:\n",
           rtb_method_to_string (method), rtb_method_info (method)->description);
  print_method_options (out, method);
  print_common_options (out, method);
  print_examples (out, method);
}

static void
run_options_clear (RunOptions *options)
{
  g_clear_pointer (&options->label, g_free);
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->output_dir, g_free);
  g_clear_pointer (&options->compare_png, g_free);
  g_clear_pointer (&options->compare_csv, g_free);
  g_clear_pointer (&options->machines, g_ptr_array_unref);
  g_clear_pointer (&options->remote_worker, g_free);
  rtb_cli_gates_clear (&options->gates);
}

/* Takes a text option into its field; FALSE when `name` is not one of them. */
static gboolean
take_text_option (RunOptions *options, const char *name, const char *value)
{
  char **field = strcmp (name, "label") == 0 ? &options->label
                 : strcmp (name, "output") == 0 ? &options->output
                 : strcmp (name, "output-dir") == 0 ? &options->output_dir
                 : strcmp (name, "compare-png") == 0 ? &options->compare_png
                 : strcmp (name, "compare-csv") == 0 ? &options->compare_csv
                 : strcmp (name, "remote-worker") == 0 ? &options->remote_worker
                 : NULL;

  if (strcmp (name, "remote") == 0)
    {
      g_ptr_array_add (options->machines, g_strdup (value));
      return TRUE;
    }
  if (field == NULL)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

/* The command key of the method's option --`name`, or NULL. */
static const RtbKey *
find_option (RtbMethod method, const char *name)
{
  const RtbKey *key = rtb_command_key_by_option (name);

  return is_method_option (key, method) ? key : NULL;
}

static char *
list_options (RtbMethod method)
{
  GString *list = g_string_new (NULL);
  g_autofree char *gates = rtb_cli_gates_options (", ");

  for (size_t k = 0; k < rtb_command_n_keys; k++)
    if (is_method_option (rtb_command_keys[k], method))
      g_string_append_printf (list, "%s--%s", list->len ? ", " : "", rtb_command_keys[k]->option);
  g_string_append (list, ", --load, --label, --output, --output-dir, --remote, --local, "
                         "--remote-worker, --compare-png, --compare-csv, --unthrottled, --verbose, ");
  g_string_append (list, gates);
  return g_string_free (list, FALSE);
}

static gboolean
has_remote (int argc, char **argv)
{
  for (int i = 2; i < argc; i++)
    if (strcmp (argv[i], "--remote") == 0 || g_str_has_prefix (argv[i], "--remote="))
      return TRUE;
  return FALSE;
}

/* What cannot be done for another machine from here. */
static gboolean
check_remote (const RunOptions *options, const char *remote)
{
  g_autoptr (GError) error = NULL;

  if (*remote == '\0')
    {
      rtb_cli_error ("--remote needs a host: give a name ssh knows, such as root@board or an "
                     "alias from ~/.ssh/config");
      return FALSE;
    }
  if (!rtb_session_check_remote_host (remote, &error))
    {
      rtb_cli_error ("--remote: %s", error->message);
      return FALSE;
    }
  if (options->load != RTB_LOAD_NONE)
    {
      rtb_cli_error ("--load starts stress-ng on this computer, not on %s: start the load on %s "
                     "yourself (stress-ng --cpu N) and leave --load out", remote, remote);
      return FALSE;
    }
  return TRUE;
}

/* The machines and where their runs go. */
static gboolean
check_machines (RunOptions *options, gboolean remote)
{
  gboolean local = FALSE;

  for (guint i = 0; i < options->machines->len; i++)
    {
      const char *host = options->machines->pdata[i];

      if (host == NULL && local)
        {
          rtb_cli_error ("--local is given twice: this machine is measured once");
          return FALSE;
        }
      local |= host == NULL;
      if (host != NULL && !check_remote (options, host))
        return FALSE;
    }
  if (!remote && options->remote_worker != NULL)
    {
      rtb_cli_error ("--remote-worker needs --remote HOST: it is the worker's path on HOST");
      return FALSE;
    }
  if (!remote && local)
    {
      rtb_cli_error ("--local goes with --remote HOST: alone, this machine is what is measured");
      return FALSE;
    }
  if (!remote)
    g_ptr_array_add (options->machines, NULL);
  if (options->output != NULL && options->output_dir != NULL)
    {
      rtb_cli_error ("--output and --output-dir both say where the run goes: give one of them");
      return FALSE;
    }
  if (options->output != NULL && options->machines->len > 1)
    {
      rtb_cli_error ("--output \"%s\" is one file for %u machines: give --output-dir DIR, "
                     "which takes one file per machine", options->output, options->machines->len);
      return FALSE;
    }
  if ((options->compare_png != NULL || options->compare_csv != NULL) &&
      options->machines->len < 2)
    {
      rtb_cli_error ("--compare-png and --compare-csv compare several machines: give --remote "
                     "HOST more than once, or with --local");
      return FALSE;
    }
  return TRUE;
}

/* --variant goes first, whatever its place: it decides what an omitted --policy means, and an
 * explicit --policy then wins (or is refused with the variant). */
static const char *
find_variant (int argc, char **argv)
{
  for (int i = 2; i < argc; i++)
    {
      if (strcmp (argv[i], "--variant") == 0)
        return i + 1 < argc ? argv[i + 1] : NULL;
      if (g_str_has_prefix (argv[i], "--variant="))
        return argv[i] + strlen ("--variant=");
    }
  return NULL;
}

/* Parses "run METHOD --opt value --opt=value …" into `options`. Returns FALSE after printing
 * what was wrong. */
static gboolean
parse_run_options (int argc, char **argv, RunOptions *options)
{
  RtbMethod method;
  RtbCommandError error = { 0 };
  gboolean remote = has_remote (argc, argv);
  /* Another machine's CPUs are not known here: its worker checks them and says what is wrong. */
  long n_cpus = remote ? 0 : sysconf (_SC_NPROCESSORS_ONLN);
  gboolean explicit_priority = FALSE;
  const char *variant;
  const RtbKey *key;
  g_autoptr (GError) label_error = NULL;

  if (argc < 2 || !rtb_method_from_string (argv[1], &method))
    {
      char methods[96];

      rtb_method_list (methods, sizeof methods, ", ", " or ");
      rtb_cli_error ("%s%s%s: choose a method: %s", argc < 2 ? "missing method" : "unknown method \"",
                     argc < 2 ? "" : argv[1], argc < 2 ? "" : "\"", methods);
      return FALSE;
    }

  rtb_command_defaults (&options->command, method, remote ? RTB_MAX_CPUS : (int) n_cpus);
  options->load = RTB_LOAD_NONE;
  options->machines = g_ptr_array_new_with_free_func (g_free);
  rtb_cli_gates_init (&options->gates);
  variant = rtb_command_key_taken (RTB_KEY_VARIANT, method) ? find_variant (argc, argv) : NULL;
  if (variant != NULL &&
      !rtb_command_set (&options->command, "variant", variant, (int) n_cpus, &error))
    goto bad_value;

  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      g_autofree char *name = NULL;
      const char *value = NULL;

      if (!g_str_has_prefix (arg, "--"))
        {
          rtb_cli_error ("unexpected argument \"%s\": options start with --", arg);
          return FALSE;
        }
      const char *eq = strchr (arg, '=');
      name = eq ? g_strndup (arg + 2, (gsize) (eq - arg - 2)) : g_strdup (arg + 2);

      if (strcmp (name, "unthrottled") == 0 || strcmp (name, "verbose") == 0 ||
          strcmp (name, "local") == 0 || rtb_cli_gate_is_flag (name))
        {
          if (eq != NULL)
            {
              rtb_cli_error ("--%s takes no value", name);
              return FALSE;
            }
          if (strcmp (name, "local") == 0)
            g_ptr_array_add (options->machines, NULL);
          else if (rtb_cli_gate_is_flag (name))
            rtb_cli_gate_option (&options->gates, name, NULL);
          else if (name[0] == 'v')
            options->verbose = TRUE;
          else if (!rtb_command_set (&options->command, "unthrottled", "yes", (int) n_cpus, &error))
            goto bad_value;
          continue;
        }

      if (eq != NULL)
        value = eq + 1;
      else if (i + 1 < argc)
        value = argv[++i];
      else
        {
          rtb_cli_error ("--%s needs a value", name);
          return FALSE;
        }

      if (take_text_option (options, name, value))
        continue;
      switch (rtb_cli_gate_option (&options->gates, name, value))
        {
        case 1:
          continue;
        case -1:
          return FALSE;
        default:
          break;
        }
      if (strcmp (name, "load") == 0)
        {
          if (!rtb_load_scenario_from_string (value, &options->load))
            {
              rtb_cli_error ("--load \"%s\" is not a load scenario: use none, cpu or full", value);
              return FALSE;
            }
        }
      else if ((key = find_option (method, name)) != NULL)
        {
          explicit_priority |= key == RTB_KEY_PRIORITY;
          if (key != RTB_KEY_VARIANT &&
              !rtb_command_set (&options->command, key->name, value,
                                (int) n_cpus, &error))
            goto bad_value;
        }
      else
        {
          g_autofree char *known = list_options (method);
          rtb_cli_error ("unknown option --%s for run %s; its options are: %s", name,
                         rtb_method_to_string (method), known);
          return FALSE;
        }
    }

  if (explicit_priority && options->command.policy == RTB_POLICY_OTHER &&
      options->command.priority > 0)
    {
      rtb_cli_error ("--priority %d cannot be used with --policy other: SCHED_OTHER has no "
                     "real-time priority; drop --priority or use --policy fifo",
                     options->command.priority);
      return FALSE;
    }
  if (!rtb_command_check (&options->command, (int) n_cpus, &error))
    goto bad_value;
  if (!rtb_text_check_label (options->label, &label_error))
    {
      rtb_cli_error ("--label: %s", label_error->message);
      return FALSE;
    }
  return check_machines (options, remote) && rtb_cli_gates_prepare (&options->gates);

bad_value:
  {
    /* Name the option the user typed, not the worker's key. */
    const RtbKey *field = rtb_command_key_lookup (error.field, strlen (error.field));
    const char *option = field != NULL ? field->option : error.field;

    if (*option != '\0')
      rtb_cli_error ("--%s: %s", option, error.message);
    else
      rtb_cli_error ("%s", error.message);
  }
  return FALSE;
}

int
rtb_cli_run (int argc, char **argv)
{
  RunOptions options = { 0 };
  int status;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
      {
        RtbMethod method;
        if (rtb_method_from_string (argv[1], &method))
          print_method_help (stdout, method);
        else
          print_run_help (stdout);
        return RTB_CLI_OK;
      }
  if (!parse_run_options (argc, argv, &options))
    {
      fputs ("See rtbench-cli run --help.\n", stderr);
      run_options_clear (&options);
      return RTB_CLI_USAGE;
    }

  status = rtb_cli_fleet_run (&options);
  run_options_clear (&options);
  return status;
}
