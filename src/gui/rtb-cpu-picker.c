/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "rtb-cpu-list.h"
#include "rtb-cpu-picker.h"

struct _RtbCpuPicker
{
  AdwPreferencesRow parent_instance;

  /* Template widgets */
  GtkLabel *title_label;
  GtkLabel *caption_label;
  GtkButton *all_button;
  GtkWidget *choice_box;
  GtkToggleButton *auto_button;
  GtkToggleButton *unpinned_button;
  GtkFlowBox *box;

  /* Borrowed references */
  GtkToggleButton **buttons;

  int n_cpus;
  gboolean *selected;       /* multiple: the chosen CPUs */
  int single_cpu;           /* otherwise: the one CPU, RTB_CPU_PICKER_AUTO or _UNPINNED */
  gboolean multiple;
  uint64_t isolated[RTB_MAX_CPUS / 64];
  guint syncing;
};

G_DEFINE_FINAL_TYPE (RtbCpuPicker, rtb_cpu_picker, ADW_TYPE_PREFERENCES_ROW)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
sync_buttons (RtbCpuPicker *self)
{
  g_autofree char *isolated = NULL;
  char buf[256];

  self->syncing++;
  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    gtk_toggle_button_set_active (self->buttons[cpu],
                                  self->multiple ? self->selected[cpu] : cpu == self->single_cpu);
  gtk_toggle_button_set_active (self->auto_button,
                                !self->multiple && self->single_cpu == RTB_CPU_PICKER_AUTO);
  gtk_toggle_button_set_active (self->unpinned_button,
                                !self->multiple && self->single_cpu == RTB_CPU_PICKER_UNPINNED);
  self->syncing--;

  gtk_label_set_label (self->title_label, self->multiple ? _("CPUs") : _("CPU"));
  gtk_widget_set_visible (GTK_WIDGET (self->all_button), self->multiple);
  gtk_widget_set_visible (self->choice_box, !self->multiple);

  if (rtb_cpu_list_format (self->isolated, RTB_MAX_CPUS, buf, sizeof buf) > 0 && buf[0] != '\0')
    isolated = g_strdup_printf (_("Isolated from the scheduler: %s (marked)"), buf);
  else
    isolated = g_strdup (_("No CPU is isolated (isolcpus)"));
  gtk_label_set_label (self->caption_label, isolated);
}

static gboolean
any_selected (RtbCpuPicker *self)
{
  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    if (self->selected[cpu])
      return TRUE;
  return FALSE;
}

static void
select_cpus (RtbCpuPicker   *self,
             const uint64_t *cpus)
{
  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    self->selected[cpu] = cpus == NULL || rtb_cpu_isset (cpus, cpu);
}

static void
on_toggled (GtkToggleButton *button,
            RtbCpuPicker    *self)
{
  int cpu = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "cpu"));
  gboolean active = gtk_toggle_button_get_active (button);

  if (self->syncing)
    return;

  if (self->multiple)
    {
      self->selected[cpu] = active;
      if (!any_selected (self))
        self->selected[cpu] = TRUE; /* keep at least one */
    }
  else if (active)
    self->single_cpu = cpu;
  sync_buttons (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_choice_toggled (RtbCpuPicker    *self,
                   GtkToggleButton *button)
{
  if (self->syncing || self->multiple)
    return;
  if (gtk_toggle_button_get_active (button))
    self->single_cpu = button == self->auto_button ? RTB_CPU_PICKER_AUTO : RTB_CPU_PICKER_UNPINNED;
  sync_buttons (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_all_clicked (RtbCpuPicker *self)
{
  select_cpus (self, NULL);
  sync_buttons (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
update_marks (RtbCpuPicker *self)
{
  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    {
      GtkWidget *button = GTK_WIDGET (self->buttons[cpu]);
      g_autofree char *tooltip = NULL;

      if (rtb_cpu_isset (self->isolated, cpu))
        {
          gtk_widget_add_css_class (button, "isolated");
          tooltip = g_strdup_printf (_("CPU %d, isolated"), cpu);
        }
      else
        {
          gtk_widget_remove_css_class (button, "isolated");
          tooltip = g_strdup_printf (_("CPU %d"), cpu);
        }
      gtk_widget_set_tooltip_text (button, tooltip);
    }
  sync_buttons (self);
}

static void
create_buttons (RtbCpuPicker *self)
{
  self->buttons = g_new0 (GtkToggleButton *, self->n_cpus);
  self->selected = g_new0 (gboolean, self->n_cpus);
  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    {
      g_autofree char *label = g_strdup_printf ("%d", cpu);
      GtkWidget *button = gtk_toggle_button_new_with_label (label);

      gtk_widget_add_css_class (button, "cpu-toggle");
      g_object_set_data (G_OBJECT (button), "cpu", GINT_TO_POINTER (cpu));
      g_signal_connect (button, "toggled", G_CALLBACK (on_toggled), self);
      gtk_flow_box_append (self->box, button);
      self->buttons[cpu] = GTK_TOGGLE_BUTTON (button);
      self->selected[cpu] = TRUE;
    }
}

static void
remove_buttons (RtbCpuPicker *self)
{
  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    gtk_flow_box_remove (self->box, gtk_widget_get_parent (GTK_WIDGET (self->buttons[cpu])));
  g_clear_pointer (&self->buttons, g_free);
  g_clear_pointer (&self->selected, g_free);
}

void
rtb_cpu_picker_set_n_cpus (RtbCpuPicker *self,
                           int           n_cpus)
{
  g_return_if_fail (RTB_IS_CPU_PICKER (self));

  n_cpus = CLAMP (n_cpus, 1, RTB_MAX_CPUS);
  if (n_cpus == self->n_cpus)
    return;
  remove_buttons (self);
  self->n_cpus = n_cpus;
  create_buttons (self);
  if (self->single_cpu >= n_cpus)
    self->single_cpu = n_cpus - 1;
  update_marks (self);
}

int
rtb_cpu_picker_get_n_cpus (RtbCpuPicker *self)
{
  g_return_val_if_fail (RTB_IS_CPU_PICKER (self), 1);

  return self->n_cpus;
}

void
rtb_cpu_picker_set_multiple (RtbCpuPicker *self,
                             gboolean      multiple)
{
  g_return_if_fail (RTB_IS_CPU_PICKER (self));

  self->multiple = !!multiple;
  sync_buttons (self);
}

char *
rtb_cpu_picker_dup_cpus (RtbCpuPicker *self)
{
  uint64_t cpus[RTB_MAX_CPUS / 64] = { 0 };
  char buf[1024];
  gboolean all = TRUE;

  g_return_val_if_fail (RTB_IS_CPU_PICKER (self), NULL);

  for (int cpu = 0; cpu < self->n_cpus; cpu++)
    {
      if (self->selected[cpu])
        cpus[cpu / 64] |= (uint64_t) 1 << (cpu % 64);
      else
        all = FALSE;
    }
  if (all || rtb_cpu_list_format (cpus, RTB_MAX_CPUS, buf, sizeof buf) < 0)
    return g_strdup ("all");
  return g_strdup (buf);
}

void
rtb_cpu_picker_set_cpus (RtbCpuPicker *self,
                         const char   *list)
{
  uint64_t cpus[RTB_MAX_CPUS / 64] = { 0 };
  gboolean all = list == NULL || g_strcmp0 (list, "all") == 0;

  g_return_if_fail (RTB_IS_CPU_PICKER (self));

  if (!all && !rtb_cpu_list_parse (list, cpus, RTB_MAX_CPUS, NULL))
    all = TRUE;
  select_cpus (self, all ? NULL : cpus);
  if (!any_selected (self))
    select_cpus (self, NULL);
  sync_buttons (self);
}

void
rtb_cpu_picker_set_cpu_set (RtbCpuPicker   *self,
                            const uint64_t *cpus)
{
  g_return_if_fail (RTB_IS_CPU_PICKER (self));

  select_cpus (self, cpus);
  sync_buttons (self);
}

int
rtb_cpu_picker_get_cpu (RtbCpuPicker *self)
{
  g_return_val_if_fail (RTB_IS_CPU_PICKER (self), 0);

  return self->single_cpu;
}

void
rtb_cpu_picker_set_cpu (RtbCpuPicker *self,
                        int           cpu)
{
  g_return_if_fail (RTB_IS_CPU_PICKER (self));
  g_return_if_fail (cpu == RTB_CPU_PICKER_AUTO || cpu == RTB_CPU_PICKER_UNPINNED ||
                    (cpu >= 0 && cpu < self->n_cpus));

  self->single_cpu = cpu;
  sync_buttons (self);
}

void
rtb_cpu_picker_set_isolated (RtbCpuPicker *self,
                             const char   *list)
{

  g_return_if_fail (RTB_IS_CPU_PICKER (self));

  memset (self->isolated, 0, sizeof self->isolated);
  if (list != NULL && list[0] != '\0' &&
      !rtb_cpu_list_parse (list, self->isolated, RTB_MAX_CPUS, NULL))
    memset (self->isolated, 0, sizeof self->isolated);
  update_marks (self);
}

gboolean
rtb_cpu_picker_is_isolated (RtbCpuPicker *self,
                            int           cpu)
{
  g_return_val_if_fail (RTB_IS_CPU_PICKER (self), FALSE);

  return cpu >= 0 && cpu < RTB_MAX_CPUS && rtb_cpu_isset (self->isolated, cpu);
}

static void
rtb_cpu_picker_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), RTB_TYPE_CPU_PICKER);

  G_OBJECT_CLASS (rtb_cpu_picker_parent_class)->dispose (object);
}

static void
rtb_cpu_picker_finalize (GObject *object)
{
  RtbCpuPicker *self = RTB_CPU_PICKER (object);

  g_free (self->buttons);
  g_free (self->selected);

  G_OBJECT_CLASS (rtb_cpu_picker_parent_class)->finalize (object);
}

static void
rtb_cpu_picker_class_init (RtbCpuPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_cpu_picker_dispose;
  object_class->finalize = rtb_cpu_picker_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-cpu-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, title_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, caption_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, all_button);
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, box);
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, choice_box);
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, auto_button);
  gtk_widget_class_bind_template_child (widget_class, RtbCpuPicker, unpinned_button);
  gtk_widget_class_bind_template_callback (widget_class, on_all_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_choice_toggled);
}

static void
rtb_cpu_picker_init (RtbCpuPicker *self)
{
  long online = sysconf (_SC_NPROCESSORS_ONLN);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->n_cpus = (int) CLAMP (online, 1, RTB_MAX_CPUS);
  self->multiple = TRUE;
  create_buttons (self);
  rtb_cpu_picker_show_this_machine (self);
}

void
rtb_cpu_picker_show_this_machine (RtbCpuPicker *self)
{
  g_autofree char *isolated = NULL;

  g_return_if_fail (RTB_IS_CPU_PICKER (self));

  rtb_cpu_picker_set_n_cpus (self, (int) sysconf (_SC_NPROCESSORS_ONLN));
  if (g_file_get_contents ("/sys/devices/system/cpu/isolated", &isolated, NULL, NULL))
    g_strstrip (isolated);
  rtb_cpu_picker_set_isolated (self, isolated);
}
