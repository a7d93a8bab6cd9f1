/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "rtb-compare-grid.h"
#include "rtb-compare-causes.h"
#include "rtb-compare-view.h"
#include "rtb-export.h"
#include "rtb-on-screen-box.h"
#include "rtb-inscription.h"
#include "rtb-output.h"
#include "rtb-plot-run.h"
#include "rtb-scroll.h"
#include "rtb-window.h"

/* A comparison of live runs is made anew at most this often. */
#define REFRESH_INTERVAL_US G_USEC_PER_SEC

struct _RtbCompareView
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkLabel *title_label;
  GtkBox *runs_box;
  GtkWidget *notices_box;
  GtkLabel *notices_label;
  GtkFrame *curve_frame;
  GtkFrame *histogram_frame;
  GtkFrame *heatmap_frame;
  GtkToggleButton *pooled_button;
  GtkToggleButton *per_cpu_button;
  GtkScrolledWindow *stats_scroller;
  GtkGrid *stats_grid;
  GtkGrid *system_grid;
  GtkGrid *causes_grid;
  GtkWidget *causes_heading;
  GtkGrid *interrupts_grid;
  GtkWidget *interrupts_heading;

  /* Owned references */
  RtbCompare *compare;
  GPtrArray *runs;
  GPtrArray *cells;     /* the statistics' (rtb_compare_grid_fill_stats()) */
  char *stats_layout;   /* what the statistics grid was laid out for */
  char *system_content; /* what the systems grid shows */
  char *folder;         /* where the comparison was saved, or NULL */

  /* Borrowed references */
  RtbChart *curve;
  RtbChart *histogram;
  RtbChart *heatmap;       /* a panel per series of each run, on the scales they share */
  GPtrArray *run_labels;   /* each run's name and system, a GtkLabel that wraps */
  GPtrArray *run_statuses; /* "live, 0:09 measured", GtkInscriptions */

  guint n_differing;
  guint n_refreshes;
  guint n_allocations;
  guint refresh_id;
  gint64 last_refresh_us;
  gboolean stale;      /* its runs changed while it was out of sight */
  gboolean had_rows;
  guint n_causes;      /* rows of the causes table */
  guint n_interrupts;  /* rows of the interrupts table */
};

G_DEFINE_FINAL_TYPE (RtbCompareView, rtb_compare_view, GTK_TYPE_WIDGET)

static RtbChart *
add_chart (GtkFrame     *frame,
           RtbChartKind  kind,
           const char   *title,
           int           height)
{
  RtbChart *chart = rtb_chart_new (kind);

  /* Redrawn with the rest of the comparison, once for all its runs' changes; `height` -1: as tall
 * as the chart asks (a heatmap's panels). */
  rtb_chart_set_follows_runs (chart, FALSE);
  rtb_chart_set_title (chart, title);
  gtk_widget_set_size_request (GTK_WIDGET (chart), -1, height);
  gtk_frame_set_child (frame, GTK_WIDGET (chart));
  return chart;
}

/* Pooling needs a row that pools; a run that has not measured yet has none. */
static gboolean
can_pool (RtbCompareView *self)
{
  return rtb_compare_get_n_rows (self->compare) > 0 &&
         rtb_compare_row_is_pooled (self->compare, 0);
}

static void
on_histogram_mode (RtbCompareView *self)
{
  gboolean pooled = gtk_toggle_button_get_active (self->pooled_button) && can_pool (self);

  if (self->histogram == NULL)
    return;
  rtb_chart_set_title (self->histogram, pooled ? _("Histogram of all CPUs of each run")
                                               : _("Histogram per CPU of each run"));
  rtb_chart_set_runs (self->histogram, (RtbRun *const *) self->runs->pdata, self->runs->len,
                      pooled ? self->compare : NULL);
}

/* All CPUs pooled by default. Without a pooled row every run has one series of the same name:
 * that is the pool. */
static void
update_histogram_mode (RtbCompareView *self)
{
  gboolean had_rows = self->had_rows;

  self->had_rows = rtb_compare_get_n_rows (self->compare) > 0;
  gtk_widget_set_sensitive (GTK_WIDGET (self->pooled_button), can_pool (self));
  if (self->had_rows && !had_rows)
    rtb_compare_view_set_per_cpu (self, FALSE);
  else if (gtk_toggle_button_get_active (self->pooled_button) && can_pool (self))
    rtb_chart_set_pooled (self->histogram, self->compare);
}

/* A line per run: its name and system in a label that wraps, and while it is live the time it
 * measured at the line's end, which changes every second, in an inscription that does not lay
 * the page out again for that. */
static void
add_run_line (RtbCompareView *self)
{
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *status = gtk_inscription_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (status), 1);
  gtk_inscription_set_yalign (GTK_INSCRIPTION (status), 0);
  gtk_widget_set_visible (status, FALSE);
  gtk_box_append (GTK_BOX (line), label);
  gtk_box_append (GTK_BOX (line), status);
  gtk_box_append (self->runs_box, line);
  g_ptr_array_add (self->run_labels, label);
  g_ptr_array_add (self->run_statuses, status);
}

static void
update_texts (RtbCompareView *self)
{
  const char *const *notices = rtb_compare_get_notices (self->compare);
  g_autofree char *title = rtb_compare_view_dup_title (self);

  rtb_inscription_set_label_text (self->title_label, title);
  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRun *run = g_ptr_array_index (self->runs, r);
      RtbRunState state = rtb_run_get_state (run);
      const char *name = rtb_compare_get_run_name (self->compare, r);
      g_autofree char *system = rtb_plot_run_system_line (run);
      g_autofree char *line = state == RTB_RUN_STATE_NEW
                              ? g_strdup_printf ("%s: %s — %s", name, system, _("starting"))
                              : g_strdup_printf ("%s: %s", name, system);
      GtkWidget *status = g_ptr_array_index (self->run_statuses, r);

      rtb_inscription_set_label_text (g_ptr_array_index (self->run_labels, r), line);
      if (state == RTB_RUN_STATE_RUNNING)
        {
          guint64 s = rtb_run_get_elapsed_ns (run) / G_GUINT64_CONSTANT (1000000000);
          g_autofree char *elapsed = g_strdup_printf ("%u:%02u", (guint) (s / 60),
                                                      (guint) (s % 60));
          /* TRANSLATORS: a live run in a comparison; %s is the time it measured, e.g. 1:05 */
          g_autofree char *live = g_strdup_printf (_("live, %s measured"), elapsed);

          rtb_inscription_set_text (GTK_INSCRIPTION (status), live, G_MAXUINT);
        }
      gtk_widget_set_visible (status, state == RTB_RUN_STATE_RUNNING);
    }

  if (notices != NULL && notices[0] != NULL)
    {
      g_autofree char *text = g_strjoinv ("\n", (char **) notices);

      rtb_inscription_set_label_text (self->notices_label, text);
    }
  gtk_widget_set_visible (self->notices_box, notices != NULL && notices[0] != NULL);
}

/* Runs measured without a trace threshold have no causes to line up; the interrupts each run's
 * measured CPUs served. */
static void
refresh_causes (RtbCompareView *self)
{
  RtbRun *const *runs = (RtbRun *const *) self->runs->pdata;
  gboolean traced = rtb_compare_causes_any_traced (runs, self->runs->len);

  self->n_causes = traced ? rtb_compare_grid_fill_causes (self->causes_grid, self->compare, runs,
                                                          self->runs->len)
                         : 0;
  gtk_widget_set_visible (GTK_WIDGET (self->causes_grid), traced);
  gtk_widget_set_visible (self->causes_heading, traced);
  /* Runs of other tools' files have no interrupt counts. */
  self->n_interrupts = rtb_compare_grid_fill_interrupts (self->interrupts_grid, self->compare,
                                                         runs, self->runs->len);
  gtk_widget_set_visible (GTK_WIDGET (self->interrupts_grid), self->n_interrupts > 0);
  gtk_widget_set_visible (self->interrupts_heading, self->n_interrupts > 0);
}

static gboolean any_live (RtbCompareView *self);

/* The comparison of the runs as they are now, into the view: a live comparison puts its newer
 * figures into the cells it has, and lays them out again only when rows or systems changed. */
static void
refresh (RtbCompareView *self)
{
  g_autoptr(RtbCompare) compare = rtb_compare_new ((RtbRun *const *) self->runs->pdata,
                                                   self->runs->len);
  gboolean live = any_live (self);
  g_autofree char *stats_layout = rtb_compare_grid_stats_layout (compare, live);
  g_autofree char *system_content = rtb_compare_grid_system_content (compare);

  g_set_object (&self->compare, compare);
  if (g_strcmp0 (stats_layout, self->stats_layout) != 0)
    {
      g_clear_pointer (&self->cells, g_ptr_array_unref);
      self->cells = rtb_compare_grid_fill_stats (self->stats_grid, compare, live);
      g_free (self->stats_layout);
      self->stats_layout = g_steal_pointer (&stats_layout);
    }
  else
    rtb_compare_grid_update_stats (self->cells, compare);
  if (g_strcmp0 (system_content, self->system_content) != 0)
    {
      self->n_differing = rtb_compare_grid_fill_system (self->system_grid, compare);
      g_free (self->system_content);
      self->system_content = g_steal_pointer (&system_content);
    }
  refresh_causes (self);
  update_histogram_mode (self);
  update_texts (self);
  if (self->curve != NULL)
    {
      rtb_chart_runs_changed (self->curve);
      rtb_chart_runs_changed (self->histogram);
      rtb_chart_runs_changed (self->heatmap);
    }
  self->stale = FALSE;
  self->n_refreshes++;
  self->last_refresh_us = g_get_monotonic_time ();
}

static gboolean
refresh_timeout (gpointer data)
{
  RtbCompareView *self = data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

static gboolean
any_live (RtbCompareView *self)
{
  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRunState state = rtb_run_get_state (g_ptr_array_index (self->runs, r));

      if (state == RTB_RUN_STATE_NEW || state == RTB_RUN_STATE_RUNNING)
        return TRUE;
    }
  return FALSE;
}

static gboolean write_outputs (RtbCompareView *self, const char *folder, GError **error);

/* Each live run tells its views once a second; out of step, two runs would remake the
 * comparison twice a second: once a second is enough. Out of sight (another tab is shown), it
 * is made anew only when it comes back. */
static void
on_run_changed (RtbCompareView *self)
{
  gint64 wait_us;

  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  wait_us = self->last_refresh_us + REFRESH_INTERVAL_US - g_get_monotonic_time ();

  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add ((guint) (CLAMP (wait_us, 0, REFRESH_INTERVAL_US) / 1000),
                                      refresh_timeout, self);
}

/* The comparison saved while its runs were live is written again once they all ended (the
 * runs' files are saved again by their recordings). */
static void
on_run_finished (RtbCompareView *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  refresh (self);
  if (self->folder == NULL || any_live (self))
    return;
  if (!write_outputs (self, self->folder, &error))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-error", "(ss)",
                                _("Could not save the comparison"), error->message);
}

RtbCompareView *
rtb_compare_view_new (RtbRun *const *runs,
                      guint          n_runs)
{
  RtbCompareView *self;

  g_return_val_if_fail (runs != NULL && n_runs >= 2, NULL);

  self = g_object_new (RTB_TYPE_COMPARE_VIEW, NULL);
  for (guint r = 0; r < n_runs; r++)
    {
      g_ptr_array_add (self->runs, g_object_ref (runs[r]));
      /* Runs that are live go on changing: the comparison follows them. */
      g_signal_connect_object (runs[r], "changed", G_CALLBACK (on_run_changed), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (runs[r], "finished", G_CALLBACK (on_run_finished), self,
                               G_CONNECT_SWAPPED);
      add_run_line (self);
    }
  self->curve = add_chart (self->curve_frame, RTB_CHART_CURVE,
                           _("Every instance with its running mean"), 320);
  rtb_chart_set_runs (self->curve, runs, n_runs, NULL);
  self->histogram = add_chart (self->histogram_frame, RTB_CHART_HISTOGRAM, NULL, 300);
  self->heatmap = add_chart (self->heatmap_frame, RTB_CHART_HEATMAP,
                             _("Samples over time of each run"), -1);
  rtb_chart_set_runs (self->heatmap, runs, n_runs, NULL);
  gtk_toggle_button_set_active (self->per_cpu_button, TRUE);
  refresh (self);
  on_histogram_mode (self);
  return self;
}

/* Each run as its own file, named after its machine and method as rtbench-cli run --output-dir
 * names them, a run that lives on being saved there; then the comparison's table and chart. */
static gboolean
save_runs (RtbCompareView  *self,
           const char      *folder,
           GError         **error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint r = 0; r < self->runs->len; r++)
    {
      RtbRun *run = g_ptr_array_index (self->runs, r);
      const RtbSystemInfo *info = rtb_run_get_system (run);
      const char *machine = info != NULL && info->hostname != NULL ? info->hostname
                            : rtb_run_get_label (run) != NULL ? rtb_run_get_label (run)
                            : "run";
      const char *method = rtb_method_to_string (rtb_run_get_command (run)->method);
      g_autofree char *path = rtb_output_in_folder (folder, machine, method);

      /* Two runs of one machine and method: "HOST-latency-2.rtbench"… */
      for (guint n = 2; g_hash_table_contains (taken, path); n++)
        {
          g_autofree char *first = rtb_output_in_folder (folder, machine, method);

          g_free (path);
          path = g_strdup_printf ("%.*s-%u.rtbench",
                                  (int) (strlen (first) - strlen (".rtbench")), first, n);
        }
      if (RTB_IS_WINDOW (root))
        {
          if (!rtb_window_save_run_to (RTB_WINDOW (root), run, path, error))
            return FALSE;
        }
      else if (!rtb_output_save_run (run, path, error))
        return FALSE;
      g_hash_table_add (taken, g_steal_pointer (&path));
    }
  return TRUE;
}

static gboolean
write_outputs (RtbCompareView  *self,
               const char      *folder,
               GError         **error)
{
  g_autofree char *csv = g_build_filename (folder, "compare.csv", NULL);
  g_autofree char *png = g_build_filename (folder, "compare.png", NULL);
  RtbRun *const *runs = (RtbRun *const *) self->runs->pdata;

  return rtb_export_runs (RTB_EXPORT_CSV_COMPARE, csv, runs, self->runs->len, 0, 0, 1, error) &&
         rtb_export_runs (RTB_EXPORT_PNG, png, runs, self->runs->len, RTB_EXPORT_WIDTH,
                          RTB_EXPORT_HEIGHT, RTB_EXPORT_SCALE, error);
}

gboolean
rtb_compare_view_save_to_folder (RtbCompareView  *self,
                                 const char      *folder,
                                 GError         **error)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), FALSE);
  g_return_val_if_fail (folder != NULL, FALSE);

  if (!save_runs (self, folder, error) || !write_outputs (self, folder, error))
    return FALSE;
  g_free (self->folder);
  self->folder = g_strdup (folder);
  return TRUE;
}

const char *
rtb_compare_view_get_folder (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return self->folder;
}

guint
rtb_compare_view_get_n_refreshes (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), 0);

  return self->n_refreshes;
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  RtbCompareView  *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autoptr(GError) error = NULL;
      g_autofree char *folder = rtb_export_local_path (file, TRUE, &error);

      if (folder != NULL && rtb_compare_view_save_to_folder (self, folder, &error))
        {
          g_autofree char *message = NULL;

          message = any_live (self)
                    ? g_strdup_printf (_("Saved the comparison in “%s”; its runs are saved "
                                         "there again when they end"), folder)
                    : g_strdup_printf (_("Saved the comparison in “%s”"), folder);
          gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", message);
        }
      else
        {
          g_assert (error != NULL); /* FALSE sets it: self is this view, its precondition */
          gtk_widget_activate_action (GTK_WIDGET (self), "win.show-error", "(ss)",
                                      _("Could not save the comparison"), error->message);
        }
    }
  g_object_unref (native);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  RtbCompareView *self = RTB_COMPARE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Save Comparison in a Folder"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Save"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
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
  rtb_chart_reset_zoom (self->heatmap);
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

RtbChart *
rtb_compare_view_get_heatmap (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return self->heatmap;
}

GtkWidget *
rtb_compare_view_get_value_cell (RtbCompareView *self,
                                 guint           row,
                                 guint           run,
                                 RtbFigure  stat)
{
  guint index;

  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (row < rtb_compare_get_n_rows (self->compare), NULL);
  g_return_val_if_fail (run < self->runs->len && stat < RTB_N_FIGURES, NULL);

  index = (row * RTB_N_FIGURES + stat) * self->runs->len + run;
  return g_ptr_array_index (self->cells, index * RTB_COMPARE_GRID_N_CELLS + RTB_COMPARE_GRID_VALUE);
}

const char *
rtb_compare_view_get_value_text (RtbCompareView *self,
                                 guint           row,
                                 guint           run,
                                 RtbFigure  stat)
{
  GtkWidget *cell = rtb_compare_view_get_value_cell (self, row, run, stat);

  return cell != NULL ? rtb_compare_grid_cell_text (cell) : NULL;
}

char *
rtb_compare_view_dup_runs_text (RtbCompareView *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  for (guint r = 0; r < self->run_labels->len; r++)
    {
      GtkWidget *status = g_ptr_array_index (self->run_statuses, r);

      g_string_append_printf (text, "%s%s", r ? "\n" : "",
                              gtk_label_get_label (g_ptr_array_index (self->run_labels, r)));
      if (gtk_widget_get_visible (status))
        g_string_append_printf (text, " — %s",
                                gtk_inscription_get_text (GTK_INSCRIPTION (status)));
    }
  return g_string_free (text, FALSE);
}

guint
rtb_compare_view_get_n_allocations (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), 0);

  return self->n_allocations;
}

guint
rtb_compare_view_get_n_differing (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), 0);

  return self->n_differing;
}

guint
rtb_compare_view_get_n_causes (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), 0);

  return self->n_causes;
}

guint
rtb_compare_view_get_n_interrupts (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), 0);

  return self->n_interrupts;
}

const char *
rtb_compare_view_get_notices (RtbCompareView *self)
{
  g_return_val_if_fail (RTB_IS_COMPARE_VIEW (self), NULL);

  return gtk_widget_get_visible (self->notices_box) ? gtk_label_get_label (self->notices_label)
                                                     : NULL;
}

static void
rtb_compare_view_map (GtkWidget *widget)
{
  RtbCompareView *self = RTB_COMPARE_VIEW (widget);

  GTK_WIDGET_CLASS (rtb_compare_view_parent_class)->map (widget);
  if (self->stale)
    {
      g_clear_handle_id (&self->refresh_id, g_source_remove);
      refresh (self);
    }
}

static void
rtb_compare_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size, minimum,
                      natural, minimum_baseline, natural_baseline);
}

/* GTK allocates the view again when it or anything in it asked to be measured again: the
 * count tells a test whether its once-a-second updates lay the page out. */
static void
rtb_compare_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  RTB_COMPARE_VIEW (widget)->n_allocations++;
  gtk_widget_allocate (gtk_widget_get_first_child (widget), width, height, baseline, NULL);
}

static void
rtb_compare_view_dispose (GObject *object)
{
  RtbCompareView *self = RTB_COMPARE_VIEW (object);
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_COMPARE_VIEW);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_object (&self->compare);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  if (self->runs != NULL)
    g_ptr_array_set_size (self->runs, 0);

  G_OBJECT_CLASS (rtb_compare_view_parent_class)->dispose (object);
}

static void
rtb_compare_view_finalize (GObject *object)
{
  RtbCompareView *self = RTB_COMPARE_VIEW (object);

  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->run_labels, g_ptr_array_unref);
  g_clear_pointer (&self->run_statuses, g_ptr_array_unref);
  g_free (self->stats_layout);
  g_free (self->system_content);
  g_free (self->folder);

  G_OBJECT_CLASS (rtb_compare_view_parent_class)->finalize (object);
}

static void
rtb_compare_view_class_init (RtbCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_compare_view_dispose;
  object_class->finalize = rtb_compare_view_finalize;
  widget_class->map = rtb_compare_view_map;
  widget_class->measure = rtb_compare_view_measure;
  widget_class->size_allocate = rtb_compare_view_size_allocate;

  g_type_ensure (RTB_TYPE_ON_SCREEN_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, title_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, runs_box);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, notices_box);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, notices_label);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, curve_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, histogram_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, heatmap_frame);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, pooled_button);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, per_cpu_button);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, stats_scroller);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, stats_grid);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, system_grid);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, causes_grid);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, causes_heading);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, interrupts_grid);
  gtk_widget_class_bind_template_child (widget_class, RtbCompareView, interrupts_heading);
  gtk_widget_class_bind_template_callback (widget_class, on_histogram_mode);

  gtk_widget_class_install_action (widget_class, "compare.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "compare.save", NULL);
}

static void
rtb_compare_view_init (RtbCompareView *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->run_labels = g_ptr_array_new ();
  self->run_statuses = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  rtb_scroll_pass_vertical (self->stats_scroller);
}
