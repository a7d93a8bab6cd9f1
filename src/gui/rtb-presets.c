/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <inttypes.h>

#include <gtk/gtk.h>
#include <glib/gi18n.h>

#include "rtb-presets.h"
#include "rtb-time.h"

/* The board vendor ran cyclictest -m -Sp99 -i1000 -h800 -D12h in three scenarios; the
 * LinuxCNC latency-test uses a 25 µs base and a 1 ms servo thread on the last isolated CPU, and
 * is read after 15 minutes under load; the response study inverted 32, 64 and 128 matrices,
 * four experiments of each; the timer study ran a 5 ms timer for 60 s in an ordinary thread
 * and in a SCHED_FIFO 80 one; rtla timerlat hist, unless told otherwise, runs the kernel's
 * timerlat tracer on every CPU at a 1000 µs period, its threads at the kernel's FIFO 95, into
 * 256 buckets of 1 µs. */
static const RtbPreset presets[] = {
  { N_("Board vendor method: idle"),
    N_("cyclictest -m -Sp99 -i1000 -h800 -D12h on every CPU, no load"),
    "latency cpus=all policy=fifo priority=99 interval_us=1000 histogram_us=800 duration=12h",
    RTB_LOAD_NONE },
  { N_("Board vendor method: full load"),
    N_("The same under stress-ng CPU, I/O and memory load"),
    "latency cpus=all policy=fifo priority=99 interval_us=1000 histogram_us=800 duration=12h",
    RTB_LOAD_FULL },
  { N_("Board vendor method: isolated core"),
    N_("Boot with isolcpus set to the last CPU, then the same under full load"),
    "latency cpus=all policy=fifo priority=99 interval_us=1000 histogram_us=800 duration=12h",
    RTB_LOAD_FULL },
  { N_("LinuxCNC latency test"),
    N_("25 µs base and 1 ms servo thread on the last isolated CPU, else the last CPU, for 15 minutes; load the desktop meanwhile"),
    "jitter base_us=25 servo_us=1000 cpu=auto policy=fifo priority=99 duration=15m",
    RTB_LOAD_NONE },
  { N_("Matrix inversion study"),
    N_("Four experiments of 1000 inversions each of a 32×32, a 64×64 and a 128×128 matrix: twelve curves with their running means"),
    "response size=32,64,128 experiments=4 instances=1000 cpu=0 policy=fifo priority=99 "
    "gap_us=auto",
    RTB_LOAD_NONE },
  { N_("Matrix inversion 32"),
    N_("1000 inversions of a 32×32 matrix, instance time against instance number"),
    "response size=32 instances=1000 cpu=0 policy=fifo priority=99 gap_us=auto",
    RTB_LOAD_NONE },
  { N_("Matrix inversion 64"),
    N_("1000 inversions of a 64×64 matrix"),
    "response size=64 instances=1000 cpu=0 policy=fifo priority=99 gap_us=auto",
    RTB_LOAD_NONE },
  { N_("Matrix inversion 128"),
    N_("1000 inversions of a 128×128 matrix"),
    "response size=128 instances=1000 cpu=0 policy=fifo priority=99 gap_us=auto",
    RTB_LOAD_NONE },
  { N_("5 ms timer: real-time"),
    N_("12000 ticks of a 5 ms timer after one warm-up tick (60 s) in a SCHED_FIFO 80 thread with locked memory, spinning the last 100 µs"),
    "timer variant=rt period_us=5000 spin_us=100 cpu=none policy=fifo priority=80 duration=60s",
    RTB_LOAD_NONE },
  { N_("5 ms timer: normal"),
    N_("The same 12000 ticks in an ordinary thread: SCHED_OTHER, not pinned, memory not locked"),
    "timer variant=normal period_us=5000 spin_us=100 duration=60s",
    RTB_LOAD_NONE },
  /* oslat's defaults (no real-time policy, 32 buckets) on the isolated CPUs, which the setup
   * chooses when it applies the preset. */
  { N_("Is my isolated CPU quiet?"),
    N_("oslat's busy loop on the isolated CPUs (all CPUs when none is) for 10 minutes: every "
       "gap of 1 µs or more is an interruption"),
    "noise cpus=all policy=other histogram_us=32 duration=10m",
    RTB_LOAD_NONE },
  { N_("Timerlat: rtla's defaults"),
    N_("The kernel's timerlat tracer on every CPU as rtla timerlat hist runs it by default: a "
       "1000 µs period, its threads at SCHED_FIFO 95; each period's IRQ and thread latency"),
    "timerlat cpus=all period_us=1000 policy=fifo priority=95 histogram_us=256 duration=1m",
    RTB_LOAD_NONE },
};

guint
rtb_presets_get_n (void)
{
  return G_N_ELEMENTS (presets);
}

const RtbPreset *
rtb_presets_get (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (presets), NULL);

  return &presets[i];
}

gboolean
rtb_preset_build_command (const RtbPreset *preset,
                          int              n_cpus,
                          RtbCommand      *cmd,
                          GError         **error)
{
  RtbCommandError cerr = { 0 };

  g_return_val_if_fail (preset != NULL, FALSE);
  g_return_val_if_fail (cmd != NULL, FALSE);

  if (!rtb_command_parse (preset->command, false, n_cpus, cmd, &cerr) ||
      !rtb_command_check (cmd, n_cpus, &cerr))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "%s", cerr.message);
      return FALSE;
    }

  return TRUE;
}

char *
rtb_preset_dup_summary (const RtbPreset *preset)
{
  RtbCommandError cerr = { 0 };
  RtbCommand cmd;
  char duration[32];

  g_return_val_if_fail (preset != NULL, NULL);

  if (!rtb_command_parse (preset->command, false, RTB_MAX_CPUS, &cmd, &cerr))
    return g_strdup (_(preset->description));
  if (cmd.method == RTB_METHOD_RESPONSE)
    /* Translators: how long a preset runs, then what it does */
    return g_strdup_printf (ngettext ("%" PRIu64 " instance · %s",
                                      "%" PRIu64 " instances · %s",
                                      cmd.response.instances),
                            (guint64) cmd.response.instances, _(preset->description));
  if (cmd.duration_ns == 0)
    return g_strdup_printf (_("Until stopped · %s"), _(preset->description));
  rtb_duration_format (cmd.duration_ns, duration, sizeof duration);
  /* Translators: how long a preset runs ("12h", "15m", "1m"), then what it does */
  return g_strdup_printf (_("Runs %s · %s"), duration, _(preset->description));
}

/* AdwComboRow's own list cuts every item at 20 characters, and the three board vendor presets
 * then read alike: each preset's name whole, over how long it runs and what it does. */
static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  for (GtkWidget **label = (GtkWidget *[]) { title, subtitle, NULL }; *label != NULL; label++)
    {
      gtk_label_set_xalign (GTK_LABEL (*label), 0);
      gtk_label_set_wrap (GTK_LABEL (*label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (*label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (*label), 34);
      gtk_label_set_width_chars (GTK_LABEL (*label), 24);
      gtk_box_append (GTK_BOX (box), *label);
    }
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_item_set_child (item, box);
}

static void
bind_item (GtkSignalListItemFactory *factory,
           GtkListItem              *item)
{
  GtkWidget *title = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
  guint position = gtk_list_item_get_position (item);
  g_autofree char *summary = NULL;

  if (position == 0 || position > G_N_ELEMENTS (presets))
    {
      gtk_label_set_label (GTK_LABEL (title), _("Custom"));
      gtk_label_set_label (GTK_LABEL (subtitle), _("Every parameter as you set it"));
      return;
    }
  summary = rtb_preset_dup_summary (&presets[position - 1]);
  gtk_label_set_label (GTK_LABEL (title), _(presets[position - 1].name));
  gtk_label_set_label (GTK_LABEL (subtitle), summary);
}

GtkListItemFactory *
rtb_presets_new_list_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), NULL);
  return factory;
}
