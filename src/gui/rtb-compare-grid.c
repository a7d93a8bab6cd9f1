/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "rtb-compare-causes.h"
#include "rtb-compare-grid.h"
#include "rtb-inscription.h"

static GtkWidget *
cell (GtkGrid    *grid,
      int         column,
      int         row,
      const char *text,
      gboolean    numeric)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0 : 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_can_focus (label, FALSE);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static GtkWidget *
header (GtkGrid    *grid,
        int         column,
        int         row,
        const char *text,
        gboolean    numeric)
{
  GtkWidget *label = cell (grid, column, row, text, numeric);

  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* A cell's text whole, on as many lines as it needs up to `width_chars` wide, so that a long
 * one neither is cut nor widens the window. */
static void
wrap (GtkWidget *label,
      int        width_chars)
{
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), width_chars);
}

/* A run's name as a column's heading: whole, on as many lines as it needs, never cut. */
static GtkWidget *
run_header (GtkGrid    *grid,
            int         column,
            const char *name,
            gboolean    numeric,
            int         width_chars)
{
  GtkWidget *label = header (grid, column, 0, name, numeric);

  wrap (label, width_chars);
  gtk_label_set_justify (GTK_LABEL (label), numeric ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_widget_set_valign (label, GTK_ALIGN_END);
  return label;
}

/* The first row of a table whose columns are the runs. */
static void
run_headers (GtkGrid *grid, RtbCompare *compare, guint n_runs)
{
  header (grid, 0, 0, "", FALSE);
  for (guint r = 0; r < n_runs; r++)
    run_header (grid, 1 + r, rtb_compare_get_run_name (compare, r), FALSE, 30);
}

static void
clear (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

/* A figure's cell. While a run is live it is an inscription, whose new text is only drawn again
 * where a label's would lay out the whole page again, once a second; as the table scrolls
 * sideways, its cells insist on all the room their widest text so far needs. They start as wide
 * as most figures need ("✓ 1199.5", "+191.4"), so that the first seconds of a run, when its
 * figures grow, do not widen them each second. Once every run has ended, the figures stay put:
 * they are labels again, that can be selected and copied. */
#define FIGURE_CHARS 10
static GtkWidget *
figure_cell (GtkGrid  *grid,
             int       column,
             int       row,
             gboolean  live)
{
  GtkWidget *inscription;

  if (!live)
    return cell (grid, column, row, NULL, TRUE);
  inscription = gtk_inscription_new (NULL);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (inscription), FIGURE_CHARS);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (inscription), FIGURE_CHARS);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (inscription), 1.0);
  gtk_widget_add_css_class (inscription, "numeric");
  gtk_grid_attach (grid, inscription, column, row, 1, 1);
  return inscription;
}

/* Live comparisons update their cells once a second: only what changed is set. */
static void
set_text (GtkWidget  *widget,
          const char *text)
{
  if (GTK_IS_INSCRIPTION (widget))
    rtb_inscription_set_text (GTK_INSCRIPTION (widget), text, G_MAXUINT);
  else if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) != 0)
    gtk_label_set_label (GTK_LABEL (widget), text);
}

const char *
rtb_compare_grid_cell_text (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_INSCRIPTION (widget) || GTK_IS_LABEL (widget), NULL);

  return GTK_IS_INSCRIPTION (widget) ? gtk_inscription_get_text (GTK_INSCRIPTION (widget))
                                   : gtk_label_get_label (GTK_LABEL (widget));
}

static char *
format_value (double         value,
              RtbFigure stat,
              guint          decimals)
{
  if (isnan (value))
    return g_strdup ("—");
  return g_strdup_printf ("%.*f", (int) rtb_figure_decimals (stat, decimals), value);
}

static char *
format_difference (double         value,
                   RtbFigure stat,
                   guint          decimals)
{
  if (isnan (value))
    return g_strdup ("");
  return g_strdup_printf ("%+.*f", (int) rtb_figure_decimals (stat, decimals), value);
}

static char *
format_ratio (double ratio)
{
  if (isnan (ratio) || isinf (ratio))
    return g_strdup ("");
  return g_strdup_printf ("×%.2f", ratio);
}

/* Sets a value cell's text and marks; for a cell made earlier, its old marks go first. */
static void
set_value (GtkWidget            *widget,
           const RtbCompareCell *cmp,
           RtbFigure        stat,
           guint                 decimals)
{
  static const char *const marks[] = { "compare-best", "compare-worse", "compare-better" };
  g_autofree char *value = format_value (cmp->value, stat, decimals);
  g_autofree char *text = NULL;
  const char *tooltip = NULL;

  if (cmp->best)
    {
      text = g_strdup_printf ("✓ %s", value);
      tooltip = _("The best value of this line");
    }
  else if (cmp->partial)
    {
      text = g_strdup_printf ("%s †", value);
      tooltip = _("Covers only the samples whose values the source gave, not its overflows: "
                  "not compared");
    }
  set_text (widget, text != NULL ? text : value);
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) != 0)
    gtk_widget_set_tooltip_text (widget, tooltip);
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    {
      gboolean on = (i == 0 && cmp->best) ||
                    (i == 1 && cmp->verdict == RTB_COMPARE_WORSE) ||
                    (i == 2 && cmp->verdict == RTB_COMPARE_BETTER);

      if (on != gtk_widget_has_css_class (widget, marks[i]))
        (on ? gtk_widget_add_css_class : gtk_widget_remove_css_class) (widget, marks[i]);
    }
}

/* Lays the statistics out into `grid` and `cells`, or with `grid` NULL puts the comparison's
 * figures into the cells laid out before: both walk the same lines and columns. */
static void
walk_stats (GtkGrid    *grid,
            RtbCompare *compare,
            GPtrArray  *cells,
            gboolean    live)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  guint n_rows = rtb_compare_get_n_rows (compare);
  guint decimals = rtb_compare_get_decimals (compare);
  gboolean create = grid != NULL;
  guint i = 0;
  int line = 1;
  int n_columns = 2 + 3 * (int) n_runs - 2;

  for (guint row = 0; row < n_rows; row++)
    {
      const char *name = rtb_compare_row_is_pooled (compare, row)
                         ? _("All CPUs") : rtb_compare_get_row_name (compare, row);

      if (row > 0)
        {
          if (create)
            gtk_grid_attach (grid, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 0, line,
                             n_columns, 1);
          line++;
        }
      for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
        {
          int c = 2;

          /* A statistic none of the runs reports keeps its place in `cells`, empty. */
          if (!rtb_compare_shows_stat (compare, stat))
            {
              for (guint r = 0; create && r < n_runs * RTB_COMPARE_GRID_N_CELLS; r++)
                g_ptr_array_add (cells, NULL);
              i += n_runs * RTB_COMPARE_GRID_N_CELLS;
              continue;
            }
          if (create && stat == 0)
            gtk_widget_add_css_class (cell (grid, 0, line, name, FALSE), "heading");
          if (create)
            gtk_widget_add_css_class (cell (grid, 1, line, _(rtb_figure_info (stat)->title), FALSE),
                                      "dim-label");
          for (guint r = 0; r < n_runs; r++, i += RTB_COMPARE_GRID_N_CELLS)
            {
              const RtbCompareCell *cmp = rtb_compare_get_cell (compare, row, r, stat);

              if (create)
                {
                  g_ptr_array_add (cells, figure_cell (grid, c++, line, live));
                  for (guint k = 1; k < RTB_COMPARE_GRID_N_CELLS; k++)
                    {
                      GtkWidget *other = r > 0 ? figure_cell (grid, c++, line, live) : NULL;

                      if (other != NULL)
                        gtk_widget_add_css_class (other, "dim-label");
                      g_ptr_array_add (cells, other);
                    }
                }
              set_value (cells->pdata[i + RTB_COMPARE_GRID_VALUE], cmp, stat, decimals);
              if (r > 0)
                {
                  g_autofree char *difference = format_difference (cmp->difference, stat,
                                                                   decimals);
                  g_autofree char *ratio = format_ratio (cmp->ratio);

                  set_text (cells->pdata[i + RTB_COMPARE_GRID_DIFFERENCE], difference);
                  set_text (cells->pdata[i + RTB_COMPARE_GRID_RATIO], ratio);
                }
            }
          line++;
        }
    }
}

GPtrArray *
rtb_compare_grid_fill_stats (GtkGrid    *grid,
                             RtbCompare *compare,
                             gboolean    live)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  GPtrArray *cells = g_ptr_array_new ();
  int column;

  clear (grid);

  /* Series, statistic, then each run's value, and for every run after the baseline its
   * difference and ratio right after it. */
  header (grid, 0, 0, _("Series"), FALSE);
  header (grid, 1, 0, _("Statistic"), FALSE);
  column = 2;
  for (guint r = 0; r < n_runs; r++)
    {
      run_header (grid, column++, rtb_compare_get_run_name (compare, r), TRUE, 24);
      if (r > 0)
        {
          gtk_widget_add_css_class (header (grid, column++, 0, _("Difference"), TRUE),
                                    "dim-label");
          gtk_widget_add_css_class (header (grid, column++, 0, _("Ratio"), TRUE),
                                    "dim-label");
        }
    }
  walk_stats (grid, compare, cells, live);
  return cells;
}

char *
rtb_compare_grid_stats_layout (RtbCompare *compare,
                               gboolean    live)
{
  GString *layout = g_string_new (live ? "live\n" : "ended\n");

  for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
    g_string_append_printf (layout, "%s\n", rtb_compare_get_run_name (compare, r));
  for (guint row = 0; row < rtb_compare_get_n_rows (compare); row++)
    g_string_append_printf (layout, "%d %s\n", rtb_compare_row_is_pooled (compare, row),
                            rtb_compare_get_row_name (compare, row));
  for (RtbFigure stat = 0; stat < RTB_N_FIGURES; stat++)
    g_string_append_c (layout, rtb_compare_shows_stat (compare, stat) ? '1' : '0');
  return g_string_free (layout, FALSE);
}

void
rtb_compare_grid_update_stats (GPtrArray  *cells,
                               RtbCompare *compare)
{
  walk_stats (NULL, compare, cells, FALSE);
}

guint
rtb_compare_grid_fill_system (GtkGrid    *grid,
                              RtbCompare *compare)
{
  guint n_runs = rtb_compare_get_n_runs (compare);
  guint n_differ = 0;

  clear (grid);
  run_headers (grid, compare, n_runs);

  for (guint row = 0; row < rtb_compare_get_n_system_rows (compare); row++)
    {
      const RtbCompareSystemRow *system = rtb_compare_get_system_row (compare, row);
      const char *text = rtb_compare_system_row_title (system);
      GtkWidget *title = cell (grid, 0, 1 + row, text, FALSE);

      gtk_widget_add_css_class (title, "dim-label");
      if (system->differs)
        {
          g_autofree char *marked = g_strdup_printf (system->explains ? "→ %s" : "≠ %s", text);

          gtk_label_set_label (GTK_LABEL (title), marked);
          gtk_widget_remove_css_class (title, "dim-label");
          gtk_widget_add_css_class (title, "compare-differs");
          gtk_widget_set_tooltip_text (title, system->explains
                                                ? _("The runs differ here, and this likely "
                                                    "explains part of the difference in worst "
                                                    "cases (see the notices)")
                                                : _("The runs differ here"));
          n_differ++;
        }
      if (system->explains)
        gtk_widget_add_css_class (title, "compare-explains");
      for (guint r = 0; r < n_runs; r++)
        {
          GtkWidget *value = cell (grid, 1 + r, 1 + row,
                                   rtb_compare_system_row_label (system, r), FALSE);

          wrap (value, 40);
          gtk_widget_set_hexpand (value, TRUE);
          if (system->differs)
            gtk_widget_add_css_class (value, "compare-differs");
        }
    }
  return n_differ;
}

char *
rtb_compare_grid_system_content (RtbCompare *compare)
{
  GString *content = g_string_new (NULL);

  for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
    g_string_append_printf (content, "%s\n", rtb_compare_get_run_name (compare, r));
  for (guint row = 0; row < rtb_compare_get_n_system_rows (compare); row++)
    {
      const RtbCompareSystemRow *system = rtb_compare_get_system_row (compare, row);

      g_string_append_printf (content, "%s %d %d", system->key, system->differs,
                              system->explains);
      for (guint r = 0; r < rtb_compare_get_n_runs (compare); r++)
        g_string_append_printf (content, "\t%s", system->values[r]);
      g_string_append_c (content, '\n');
    }
  return g_string_free (content, FALSE);
}

guint
rtb_compare_grid_fill_causes (GtkGrid     *grid,
                              RtbCompare  *compare,
                              RtbRun     *const *runs,
                              guint        n_runs)
{
  g_autoptr(GPtrArray) rows = rtb_compare_causes (runs, n_runs);

  clear (grid);
  run_headers (grid, compare, n_runs);
  for (guint i = 0; i < rows->len; i++)
    {
      const RtbCauseRow *row = rows->pdata[i];
      GtkWidget *title = cell (grid, 0, 1 + i, row->label, FALSE);

      /* "nothing the kernel saw: firmware, SMI or hypervisor stall" on one line widened the
       * window past a 1280 pixels wide screen. */
      wrap (title, 30);
      if (row->differs)
        {
          g_autofree char *marked = g_strdup_printf ("≠ %s", row->label);

          gtk_label_set_label (GTK_LABEL (title), marked);
          gtk_widget_add_css_class (title, "compare-differs");
          gtk_widget_set_tooltip_text (title, _("Some runs have this cause and others have not"));
        }
      for (guint r = 0; r < n_runs; r++)
        {
          g_autofree char *text = NULL;
          GtkWidget *value;

          if (row->counts[r] > 0)
            text = g_strdup_printf (g_dngettext (NULL, "%" PRIu64 " spike, worst %.1f µs",
                                                 "%" PRIu64 " spikes, worst %.1f µs",
                                                 row->counts[r]),
                                    row->counts[r], (double) row->worst_ns[r] / 1000.0);
          value = cell (grid, 1 + r, 1 + i, text != NULL ? text : "—", FALSE);
          gtk_widget_set_hexpand (value, TRUE);
          if (row->differs)
            gtk_widget_add_css_class (value, "compare-differs");
        }
    }
  return rows->len;
}

#define INTERRUPTS_SHOWN 12

guint
rtb_compare_grid_fill_interrupts (GtkGrid     *grid,
                                  RtbCompare  *compare,
                                  RtbRun     *const *runs,
                                  guint        n_runs)
{
  g_autoptr(GPtrArray) rows = rtb_compare_interrupts (runs, n_runs);
  guint shown = MIN (rows->len, INTERRUPTS_SHOWN);

  clear (grid);
  if (shown == 0)
    return 0;
  run_headers (grid, compare, n_runs);
  for (guint i = 0; i < shown; i++)
    {
      const RtbIrqRow *row = rows->pdata[i];

      cell (grid, 0, 1 + i, row->label, FALSE);
      for (guint r = 0; r < n_runs; r++)
        {
          g_autofree char *text = NULL;
          GtkWidget *value;

          if (!row->known[r])
            text = g_strdup ("—");
          else if (isnan (row->per_second[r]))
            text = g_strdup_printf ("%" PRIu64, row->counts[r]);
          else
            /* TRANSLATORS: an interrupt's count during a run, and its rate: "7047 (2349.0/s)" */
            text = g_strdup_printf (_("%" PRIu64 " (%.1f/s)"), row->counts[r],
                                    row->per_second[r]);
          value = cell (grid, 1 + r, 1 + i, text, FALSE);
          gtk_widget_set_hexpand (value, TRUE);
        }
    }
  return shown;
}
