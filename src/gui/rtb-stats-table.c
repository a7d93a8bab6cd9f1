/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rtb-figure.h"
#include "rtb-log-histogram.h"
#include "rtb-on-screen.h"
#include "rtb-plot.h"
#include "rtb-scroll.h"
#include "rtb-stats-table.h"

/* Each row's cells: its name, its name again in the block below the table, then one per
 * figure. */
#define N_CELLS (2 + RTB_N_FIGURES)
#define NAME_CELL 0
#define BLOCK_NAME_CELL 1
#define FIGURE_CELL(figure) (2 + (figure))

struct _RtbStatsTable
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkScrolledWindow *scroller;
  GtkGrid *grid;

  /* Owned references */
  RtbRun *run;
  GPtrArray *cells;  /* GtkLabel *, row-major, N_CELLS per series (borrowed) */

  guint n_rows;
  RtbMethod method;  /* whose columns the table holds */
  char *block_rows;  /* '1' for each series with a row in the block below the table, '0' not */
  gboolean stale;    /* the run changed while the table was out of sight */
};

G_DEFINE_FINAL_TYPE (RtbStatsTable, rtb_stats_table, GTK_TYPE_WIDGET)

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  guint index = GPOINTER_TO_UINT (user_data);
  RtbPlotTheme theme = adw_style_manager_get_dark (adw_style_manager_get_default ())
                       ? rtb_plot_theme_dark () : rtb_plot_theme_light ();
  RtbPlotColor color = rtb_plot_theme_series_color (&theme, index);

  cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha);
  cairo_arc (cr, width / 2.0, height / 2.0, MIN (width, height) / 2.0, 0, 2 * G_PI);
  cairo_fill (cr);
}

static GtkWidget *
cell_label (gboolean numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_can_focus (label, FALSE);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
clear_rows (RtbStatsTable *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_ptr_array_set_size (self->cells, 0);
  self->n_rows = 0;
}

static GtkWidget *
header_label (const char *title,
              gboolean    numeric)
{
  GtkWidget *header = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (header), numeric ? 1.0 : 0.0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_add_css_class (header, "dim-label");
  return header;
}

/* A percentile's header says how close it is: the summary reads it from a log-linear histogram. */
static GtkWidget *
figure_header (RtbFigure figure,
               RtbMethod method)
{
  GtkWidget *header = header_label (rtb_figure_title (figure, method), TRUE);


  if (rtb_figure_info (figure)->percentile > 0)
    {
      g_autofree char *tooltip = g_strdup_printf (
          _("Nearest-rank percentile, within %.3f %% of the exact value (read from the buckets "
            "of a log-linear histogram); to the µs when an imported file kept 1 µs buckets"),
          RTB_LOG_HISTOGRAM_BOUND_PCT);

      gtk_widget_set_tooltip_text (header, tooltip);
    }
  return header;
}

/* A row's swatch, in grid column 0, and its name, in 1. */
static GtkWidget *
attach_name (RtbStatsTable *self,
             guint          series,
             int            row)
{
  GtkWidget *swatch = gtk_drawing_area_new ();
  GtkWidget *name = cell_label (FALSE);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 10);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 10);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                  GUINT_TO_POINTER (series), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), swatch, G_CONNECT_SWAPPED);
  gtk_grid_attach (self->grid, swatch, 0, row, 1, 1);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_grid_attach (self->grid, name, 1, row, 1, 1);
  return name;
}

/* The grid column of each figure the method shows: the table's from column 2 on, then under
 * them the block's from column 2 again, so that the two share their width: osnoise's sources,
 * a column per source holding its count and its duration, or hwlat's counts of a CPU's
 * samples, a column each. -1 for a figure not shown. Returns the block's number of columns. */
static int
place_figures (RtbMethod method,
               int       column[RTB_N_FIGURES],
               gboolean  in_block[RTB_N_FIGURES])
{
  int table = 2, block = 2, block_end = 2;

  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    {
      RtbOsnoiseSource source;

      in_block[f] = TRUE;
      if (rtb_figure_of_source (f, method, &source))
        column[f] = 2 + (int) source;
      else if (rtb_figure_of_hwlat_cpu (f, method))
        column[f] = block++;
      else
        {
          in_block[f] = FALSE;
          column[f] = rtb_figure_in_table (f, method) ? table++ : -1;
        }
      if (in_block[f])
        block_end = MAX (block_end, column[f] + 1);
    }
  return block_end - 2;
}

/* The block's heading: what its figures are. */
static const char *
block_heading (RtbMethod method)
{
  if (method == RTB_METHOD_HWLAT)
    return _("Each CPU's samples: gaps above the threshold, NMIs");
  return _("Noise by source: how many, and their time as the kernel measured it");
}

/* Which series have a row in the block below the table: each of osnoise's has its sources;
 * hwlat's counts are a CPU's, kept by its latency series once the worker or the file gave
 * them. */
static char *
block_rows (RtbRun *run)
{
  guint n = run != NULL ? rtb_run_get_n_series (run) : 0;
  char *rows = g_malloc (n + 1);

  for (guint r = 0; r < n; r++)
    rows[r] = rtb_run_get_method (run) != RTB_METHOD_HWLAT ||
              rtb_run_get_series (run, r)->hwlat.known ? '1' : '0';
  rows[n] = '\0';
  return rows;
}

/* A cell of the block, or its header: a box that stacks a source's count and its duration, in
 * the figure table's order, or holds one of hwlat's counts. */
static GtkWidget *
block_cell (RtbStatsTable *self,
            int            column,
            int            row)
{
  GtkWidget *cell = gtk_grid_get_child_at (self->grid, column, row);

  if (cell == NULL)
    {
      cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      gtk_grid_attach (self->grid, cell, column, row, 1, 1);
    }
  return cell;
}

/* The series' rows, then the block below them when the method has one and a series has a row
 * in it (`rows`, of block_rows()): its heading, its header and those series again. */
static void
build_rows (RtbStatsTable *self,
            guint          n_rows,
            RtbMethod      method,
            char          *rows)
{
  int column[RTB_N_FIGURES];
  gboolean in_block[RTB_N_FIGURES];
  int block_columns = place_figures (method, column, in_block);
  int block_top = (int) n_rows + 1;
  int block_row = block_top + 2;
  gboolean block = block_columns > 0 && strchr (rows, '1') != NULL;

  clear_rows (self);

  gtk_grid_attach (self->grid, header_label (_("Series"), FALSE), 0, 0, 2, 1);
  if (block)
    {
      GtkWidget *heading = header_label (block_heading (method), FALSE);

      gtk_widget_set_margin_top (heading, 12);
      gtk_widget_remove_css_class (heading, "dim-label");
      /* Over the block's own columns: spanning empty ones would add their spacing. */
      gtk_grid_attach (self->grid, heading, 0, block_top, 2 + block_columns, 1);
      gtk_grid_attach (self->grid, header_label (_("Series"), FALSE), 0, block_top + 1, 2, 1);
    }
  for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
    if (in_block[f] && block)
      {
        GtkWidget *header = figure_header (f, method);

        /* hwlat's long titles over the table's first columns would widen them. */
        if (rtb_figure_of_hwlat_cpu (f, method))
          {
            gtk_label_set_wrap (GTK_LABEL (header), TRUE);
            gtk_label_set_max_width_chars (GTK_LABEL (header), 10);
            gtk_label_set_justify (GTK_LABEL (header), GTK_JUSTIFY_RIGHT);
          }
        gtk_box_append (GTK_BOX (block_cell (self, column[f], block_top + 1)), header);
      }
    else if (column[f] >= 0 && !in_block[f])
      gtk_grid_attach (self->grid, figure_header (f, method), column[f], 0, 1, 1);

  for (guint r = 0; r < n_rows; r++)
    {
      gboolean has_block_row = block && rows[r] == '1';

      g_ptr_array_add (self->cells, attach_name (self, r, (int) r + 1));
      g_ptr_array_add (self->cells, has_block_row ? attach_name (self, r, block_row) : NULL);
      for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
        {
          GtkWidget *label = NULL;

          if (in_block[f] ? has_block_row : column[f] >= 0)
            label = cell_label (TRUE);
          if (in_block[f] && label != NULL)
            gtk_box_append (GTK_BOX (block_cell (self, column[f], block_row)), label);
          else if (label != NULL)
            gtk_grid_attach (self->grid, label, column[f], (int) r + 1, 1, 1);
          g_ptr_array_add (self->cells, label);
        }
      block_row += has_block_row;
    }
  self->n_rows = n_rows;
  self->method = method;
  g_free (self->block_rows);
  self->block_rows = rows;
}

static char *
format_us (double value,
           guint  decimals)
{
  if (isnan (value))
    return g_strdup ("—");
  if (fabs (value) >= 10000 && decimals < 3)
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.*f", (int) decimals, value);
}

static void
set_cell (RtbStatsTable *self,
          guint          row,
          guint          cell,
          char          *text)
{
  GtkLabel *label = g_ptr_array_index (self->cells, row * N_CELLS + cell);

  if (label != NULL && g_strcmp0 (gtk_label_get_label (label), text) != 0)
    gtk_label_set_label (label, text);
  g_free (text);
}

/* A figure as the table shows it: "—" when unknown; one that leaves out the samples of unknown
 * value (an import's overflows) is marked †, and its tooltip says so. */
static char *
figure_text (RtbFigure               figure,
             const RtbSeriesSummary *summary,
             guint                   decimals)
{
  double value = rtb_figure_value (figure, summary);
  char *text;

  if (rtb_figure_is_integer (figure))
    return isnan (value) ? g_strdup ("—") : g_strdup_printf ("%.0f", value);
  text = format_us (value, rtb_figure_decimals (figure, decimals));
  if (rtb_figure_is_partial (figure, summary))
    {
      char *marked = g_strdup_printf ("%s †", text);

      g_free (text);
      text = marked;
    }
  return text;
}

static void
set_partial_tooltip (RtbStatsTable *self,
                     guint          row,
                     RtbFigure      figure,
                     gboolean       partial)
{
  GtkWidget *label = g_ptr_array_index (self->cells, row * N_CELLS + FIGURE_CELL (figure));

  if (label != NULL && rtb_figure_info (figure)->spread)
    gtk_widget_set_tooltip_text (label, partial ? _("† Covers only the samples whose values the "
                                                    "source gave, not its overflows")
                                                : NULL);
}

void
rtb_stats_table_update (RtbStatsTable *self)
{
  guint n_series;
  RtbMethod method;
  guint d;
  g_autofree char *rows = NULL;

  g_return_if_fail (RTB_IS_STATS_TABLE (self));

  self->stale = FALSE;
  n_series = self->run ? rtb_run_get_n_series (self->run) : 0;
  method = self->run ? rtb_run_get_method (self->run) : RTB_METHOD_LATENCY;
  d = rtb_method_decimals (method);
  rows = block_rows (self->run);
  if (n_series != self->n_rows || method != self->method ||
      g_strcmp0 (rows, self->block_rows) != 0)
    build_rows (self, n_series, method, g_steal_pointer (&rows));

  for (guint r = 0; r < n_series; r++)
    {
      RtbSeries *series = rtb_run_get_series (self->run, r);
      RtbSeriesSummary summary;

      rtb_series_get_summary (series, &summary);
      set_cell (self, r, NAME_CELL, g_strdup (series->name));
      set_cell (self, r, BLOCK_NAME_CELL, g_strdup (series->name));
      for (RtbFigure f = 0; f < RTB_N_FIGURES; f++)
        {
          set_cell (self, r, FIGURE_CELL (f), figure_text (f, &summary, d));
          set_partial_tooltip (self, r, f, summary.spread_partial);
        }
    }
}

/* Relabelling the cells relayouts the window: not worth it while nobody sees the table, which
 * during a live run mostly sits below the charts. It catches up when it comes into view. */
static void
on_run_changed (RtbStatsTable *self)
{
  if (rtb_widget_is_on_screen (GTK_WIDGET (self)))
    rtb_stats_table_update (self);
  else
    self->stale = TRUE;
}

static void
on_maybe_on_screen (RtbStatsTable *self)
{
  if (self->stale && rtb_widget_is_on_screen (GTK_WIDGET (self)))
    rtb_stats_table_update (self);
}

/* What the table would show if it were in view. */
static void
catch_up (RtbStatsTable *self)
{
  if (self->stale)
    rtb_stats_table_update (self);
}

void
rtb_stats_table_set_run (RtbStatsTable *self,
                         RtbRun        *run)
{
  g_return_if_fail (RTB_IS_STATS_TABLE (self));
  g_return_if_fail (run == NULL || RTB_IS_RUN (run));

  if (self->run == run)
    return;
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_func (self->run, on_run_changed, self);
  g_set_object (&self->run, run);
  if (run != NULL)
    g_signal_connect_swapped (run, "changed", G_CALLBACK (on_run_changed), self);
  rtb_stats_table_update (self);
}

guint
rtb_stats_table_get_n_rows (RtbStatsTable *self)
{
  g_return_val_if_fail (RTB_IS_STATS_TABLE (self), 0);

  catch_up (self);
  return self->n_rows;
}

static const char *
cell_text (RtbStatsTable *self,
           guint          row,
           guint          cell)
{
  GtkLabel *label;

  catch_up (self);
  g_return_val_if_fail (row < self->n_rows, NULL);
  label = g_ptr_array_index (self->cells, row * N_CELLS + cell);
  return label != NULL ? gtk_label_get_label (label) : NULL;
}

const char *
rtb_stats_table_get_name (RtbStatsTable *self,
                          guint          row)
{
  g_return_val_if_fail (RTB_IS_STATS_TABLE (self), NULL);
  return cell_text (self, row, NAME_CELL);
}

const char *
rtb_stats_table_get_text (RtbStatsTable *self,
                          guint          row,
                          RtbFigure      figure)
{
  g_return_val_if_fail (RTB_IS_STATS_TABLE (self), NULL);
  g_return_val_if_fail (figure < RTB_N_FIGURES, NULL);
  return cell_text (self, row, FIGURE_CELL (figure));
}

RtbStatsTable *
rtb_stats_table_new (void)
{
  return g_object_new (RTB_TYPE_STATS_TABLE, NULL);
}

static void
rtb_stats_table_dispose (GObject *object)
{
  RtbStatsTable *self = RTB_STATS_TABLE (object);
  GtkWidget *child;

  rtb_stats_table_set_run (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), RTB_TYPE_STATS_TABLE);
  /* dispose_template() only unparents the children bound to fields. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (rtb_stats_table_parent_class)->dispose (object);
}

static void
rtb_stats_table_finalize (GObject *object)
{
  RtbStatsTable *self = RTB_STATS_TABLE (object);

  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->block_rows, g_free);

  G_OBJECT_CLASS (rtb_stats_table_parent_class)->finalize (object);
}

static void
rtb_stats_table_class_init (RtbStatsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rtb_stats_table_dispose;
  object_class->finalize = rtb_stats_table_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-stats-table.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, RtbStatsTable, scroller);
  gtk_widget_class_bind_template_child (widget_class, RtbStatsTable, grid);
}

static void
rtb_stats_table_init (RtbStatsTable *self)
{
  self->cells = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  rtb_scroll_pass_vertical (self->scroller);
  build_rows (self, 0, RTB_METHOD_LATENCY, g_strdup (""));
  rtb_widget_watch_on_screen (GTK_WIDGET (self), G_CALLBACK (on_maybe_on_screen));
}
