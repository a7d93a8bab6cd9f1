/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "rtb-compare-grid.h"
#include "rtb-compare-view.h"
#include "rtb-plot-run.h"

struct _RtbCompareView
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkLabel *title_label;
  GtkLabel *runs_label;
  GtkWidget *notices_box;
  GtkLabel *notices_label;
  GtkFrame *curve_frame;
  GtkFrame *histogram_frame;
  GtkToggleButton *pooled_button;
  GtkToggleButton *per_cpu_button;
  GtkGrid *stats_grid;
  GtkGrid *system_grid;

  /* Owned references */
  RtbCompare *compare;
  GPtrArray *runs;
  GPtrArray *value_labels;

  /* Borrowed references */
  RtbChart *curve;
  RtbChart *histogram;

  guint n_differing;
};

G_DEFINE_FINAL_TYPE (RtbCompareView, rtb_compare_view, GTK_TYPE_WIDGET)

static RtbChart *
add_chart (GtkFrame     *frame,
           RtbChartKind  kind,
           const char   *title,
           int           height)
{
  RtbChart *chart = rtb_chart_new (kind);

  rtb_chart_set_title (chart, title);
  gtk_widget_set_size_request (GTK_WIDGET (chart), -1, height);
  gtk_frame_set_child (frame, GTK_WIDGET (chart));
  return chart;
}

static void
on_histogram_mode (RtbCompareView *self)
{
  gboolean pooled = gtk_toggle_button_get_active (self->pooled_button);

  if (self->histogram == NULL)
    return;
  rtb_chart_set_title (self->histogram, pooled ? _("Histogram of all CPUs of each run")
                                               : _("Histogram per CPU of each run"));
  rtb_chart_set_runs (self->histogram, (RtbRun *const *) self->runs->pdata, self->runs->len,
                      pooled ? self->compare : NULL);
}

static void
update_texts (RtbCompareView *self)
{
  const char *const *notices = rtb_compare_get_notices (self->compare);
  g_autofree char *title = rtb_compare_view_dup_title (self);
  g_autoptr(GString) runs = g_string_new (NULL);

  gtk_label_set_label (self->title_label, title);
  for (guint r = 0; r < self->runs->len; r++)
    {
      g_autofree char *line = rtb_plot_run_system_line (g_ptr_array_index (self->runs, r));

      g_string_append_printf (runs, "%s%s: %s", r ? "\n" : "",
                              rtb_compare_get_run_name (self->compare, r), line);
    }
  gtk_label_set_label (self->runs_label, runs->str);

  if (notices != NULL && notices[0] != NULL)
    {
      g_autofree char *text = g_strjoinv ("\n", (char **) notices);

      gtk_label_set_label (self->notices_label, text);
    }
  gtk_widget_set_visible (self->notices_box, notices != NULL && notices[0] != NULL);
}

RtbCompareView *
rtb_compare_view_new (RtbRun *const *runs,
                      guint          n_runs)
{
  RtbCompareView *self;

  g_return_val_if_fail (runs != NULL && n_runs >= 2, NULL);

  self = g_object_new (RTB_TYPE_COMPARE_VIEW, NULL);
  for (guint r = 0; r < n_runs; r++)
    g_ptr_array_add (self->runs, g_object_ref (runs[r]));
  self->compare = rtb_compare_new (runs, n_runs);

  self->curve = add_chart (self->curve_frame, RTB_CHART_CURVE,
                           _("Every instance with its running mean"), 320);
  rtb_chart_set_runs (self->curve, runs, n_runs, NULL);
  self->histogram = add_chart (self->histogram_frame, RTB_CHART_HISTOGRAM, NULL, 300);
  /* Without a pooled row every run has one series of the same name: that is the pool. */
  if (rtb_compare_row_is_pooled (self->compare, 0))
    gtk_toggle_button_set_active (self->pooled_button, TRUE);
  else
    {
      gtk_toggle_button_set_active (self->per_cpu_button, TRUE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->pooled_button), FALSE);
    }
  on_histogram_mode (self);

  self->value_labels = rtb_compare_grid_fill_stats (self->stats_grid, self->compare);
  self->n_differing = rtb_compare_grid_fill_system (self->system_grid, self->compare);
  update_texts (self);
  return self;
}

RtbCompare *
rtb_compare_view_get_compare (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return self->compare;
}

char *
rtb_compare_view_dup_title (RtbCompareView *self)
{
  g_autoptr(GString) title = g_string_new (NULL);

  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  for (guint r = 0; r < rtb_compare_get_n_runs (self->compare); r++)
    {
      if (r > 0)
        g_string_append (title, _(" vs "));
      g_string_append (title, rtb_compare_get_run_name (self->compare, r));
    }
  return g_string_free (g_steal_pointer (&title), FALSE);
}

void
rtb_compare_view_reset_zoom (RtbCompareView *self)
{
  g_return_if_fail (RTB_IS_COMPARE_VIEW (self));

  rtb_chart_reset_zoom (self->curve);
  rtb_chart_reset_zoom (self->histogram);
}

void
rtb_compare_view_set_per_cpu (RtbCompareView *self,
                              gboolean        per_cpu)
{
  g_return_if_fail (RTB_IS_COMPARE_VIEW (self));

  if (per_cpu || !gtk_widget_get_sensitive (GTK_WIDGET (self->pooled_button)))
    gtk_toggle_button_set_active (self->per_cpu_button, TRUE);
  else
    gtk_toggle_button_set_active (self->pooled_button, TRUE);
}

RtbChart *
rtb_compare_view_get_histogram (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return self->histogram;
}

RtbChart *
rtb_compare_view_get_curve (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return self->curve;
}

GtkLabel *
rtb_compare_view_get_value_label (RtbCompareView *self,
                                  guint           row,
                                  guint           run,
                                  RtbCompareStat  stat)
{
  guint index;

  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (row < rtb_compare_get_n_rows (self->compare), NULL);
  g_return_val_if_fail (run < self->runs->len && stat < RTB_COMPARE_N_STATS, NULL);

  index = (row * RTB_COMPARE_N_STATS + stat) * self->runs->len + run;
  return g_ptr_array_index (self->value_labels, index);
}

guint
rtb_compare_view_get_n_differing (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), 0);

  return self->n_differing;
}

const char *
rtb_compare_view_get_notices (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return gtk_widget_get_visible (self->notices_box) ? gtk_label_get_label (self->notices_label)
                                                     : NULL;
}

static void
rtb_compare_view_dispose (GObject *object)
{
  RtbCompareView *self = RTB_COMPARE_VIEW (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_COMPARE_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->compare);
  g_clear_pointer (&self->value_labels, g_ptr_array_unref);
  if (self->runs != NULL)
    g_ptr_array_set_size (self->runs, 0);

  G_OBJECT_CLASS (rtb_compare_view_parent_class)->dispose (object);
}

static void
rtb_compare_view_finalize (GObject *object)
{
  RtbCompareView *self = RTB_COMPARE_VIEW (object);

  g_clear_pointer (&self->runs, g_ptr_array_unref);

  G_OBJECT_CLASS (rtb_compare_view_parent_class)->finalize (object);
}

static void
rtb_compare_view_class_init (RtbCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_compare_view_dispose;
  object_class->finalize = rtb_compare_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-compare-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, title_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, runs_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, notices_box);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, notices_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, curve_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, histogram_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, pooled_button);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, per_cpu_button);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, stats_grid);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, system_grid);
  gtk_widget_class_bind_template_callback (widget_class, on_histogram_mode);
}

static void
rtb_compare_view_init (RtbCompareView *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
}
