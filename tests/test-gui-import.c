/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window's Import: another tool's file imported as a run, with the dialog's options, and a
 * file it cannot read. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "rtb-import-dialog.h"
#include "rtb-import.h"
#include "rtb-live-view.h"
#include "rtb-system-panel.h"
#include "rtb-window.h"

#include "gui-test-util.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static char *
data_path (const char *name)
{
  const char *dir = g_getenv ("RTBENCH_TEST_DATA");

  return g_build_filename (dir != NULL ? dir : "tests/data", "import", name, NULL);
}

static void
test_import (void)
{
  g_autofree char *path = data_path ("ct210-h20-q-2t.txt");
  g_autofree char *bad_path = tmp_path ("broken.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad_path);
  g_autoptr(RtbRun) expected = NULL;
  g_autoptr(GError) error = NULL;
  RtbWindow *window;
  RtbRun *run;

  REQUIRE_DISPLAY ();

  expected = rtb_import_file (path, NULL, NULL, &error);
  g_assert_no_error (error);

  window = new_window ();
  g_assert_true (rtb_window_import_file (window, file));
  g_assert_null (rtb_window_get_last_error (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  run = rtb_live_view_get_run (rtb_window_get_selected_view (window));
  g_assert_cmpstr (rtb_run_get_label (run), ==, rtb_run_get_label (expected));
  g_assert_nonnull (strstr (rtb_run_get_label (run), "ct210-h20-q-2t"));
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      RtbSeriesSummary got;
      RtbSeriesSummary want;

      rtb_series_get_summary (rtb_run_get_series (run, i), &got);
      rtb_series_get_summary (rtb_run_get_series (expected, i), &want);
      g_assert_cmpuint (got.count, >, 0);
      g_assert_cmpuint (got.count, ==, want.count);
      g_assert_cmpuint (got.overflows, ==, want.overflows);
    }
  g_assert_cmpuint (rtb_stats_table_get_n_rows (rtb_live_view_get_stats_table (
                      rtb_window_get_selected_view (window))), ==, 2);

  /* A broken file: a dialog naming the line, no tab. */
  g_assert_true (g_file_set_contents (bad_path, "# Histogram\n000001 000012\n000002 banana\n",
                                      -1, NULL));
  g_assert_false (rtb_window_import_file (window, bad_file));
  g_test_message ("%s", rtb_window_get_last_error (window));
  g_assert_nonnull (strstr (rtb_window_get_last_error (window), "line"));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);

  g_unlink (bad_path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The texts of every label below `widget`, into `texts`. */
static void
collect_labels (GtkWidget *widget, GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, (gpointer) gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, texts);
}

static GtkWidget *
find_type (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A file that states nothing of its machine: the System panel says "unknown", never "No",
 * "none" or "not started yet". */
static void
test_import_unknown (void)
{
  g_autofree char *path = data_path ("ct210-h20-q-2t.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  RtbWindow *window;
  GtkWidget *panel;
  guint unknown = 0;

  REQUIRE_DISPLAY ();

  window = new_window ();
  g_assert_true (rtb_window_import_file (window, file));
  iterate_for (200);
  panel = find_type (GTK_WIDGET (rtb_window_get_selected_view (window)),
                     RTB_TYPE_SYSTEM_PANEL);
  g_assert_nonnull (panel);
  collect_labels (panel, texts);
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = texts->pdata[i];

      g_test_message ("%s", text);
      g_assert_cmpstr (text, !=, "No");
      g_assert_cmpstr (text, !=, "none");
      g_assert_cmpstr (text, !=, "not started yet");
      unknown += strcmp (text, "unknown") == 0;
    }
  /* Host, kernel, PREEMPT_RT, processor, isolated CPUs, nohz_full, governor, SMT, throttling,
   * threads, their CPU, timer slack, memory lock, load and the (hidden) off-CPU instances. */
  g_assert_cmpuint (unknown, ==, 15);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window's one tab holds ct210-h20-q-2t.txt imported as "with options", its threads on
 * CPUs 2 and 3 of "board". */
static void
check_imported_with_options (RtbWindow *window)
{
  RtbRun *run;

  g_assert_null (rtb_window_get_last_error (window));
  g_assert_cmpuint (rtb_window_get_n_runs (window), ==, 1);
  run = rtb_live_view_get_run (rtb_window_get_selected_view (window));
  g_assert_cmpstr (rtb_run_get_label (run), ==, "with options");
  g_assert_cmpuint (rtb_run_get_n_series (run), ==, 2);
  g_assert_cmpint (rtb_run_get_series (run, 0)->cpu, ==, 2);
  g_assert_cmpint (rtb_run_get_series (run, 1)->cpu, ==, 3);
  g_assert_cmpstr (rtb_run_get_system (run)->hostname, ==, "board");
}

/* What the file does not say, given as in the import dialog. */
static void
test_import_options (void)
{
  g_autofree char *path = data_path ("ct210-h20-q-2t.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GArray) cpus = g_array_new (FALSE, FALSE, sizeof (int));
  RtbImportOptions options;
  RtbWindow *window;

  REQUIRE_DISPLAY ();

  g_assert_false (rtb_import_parse_cpus ("3-2", cpus));
  g_array_set_size (cpus, 0);
  g_assert_true (rtb_import_parse_cpus ("2,3", cpus));
  rtb_import_options_init (&options);
  options.label = "with options";
  options.units = RTB_IMPORT_UNITS_US;
  options.hostname = "board";
  options.cpus = (const int *) (gpointer) cpus->data;
  options.n_cpus = cpus->len;

  window = new_window ();
  g_assert_true (rtb_window_import_file_with_options (window, file, &options));
  check_imported_with_options (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
set_row_text (GtkWindow  *dialog,
              const char *row,
              const char *text)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (dialog), RTB_TYPE_IMPORT_DIALOG,
                                                  row);

  g_assert_nonnull (child);
  gtk_editable_set_text (GTK_EDITABLE (child), text);
}

/* The import dialog: the label rtbench-cli import would give, Import refused while the CPU row
 * holds no CPU list, and what the rows say imported as in /gui/import/options. */
static void
test_import_dialog (void)
{
  g_autofree char *path = data_path ("ct210-h20-q-2t.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RtbImportOptions options;
  RtbWindow *window;
  GtkWindow *dialog;
  GObject *cpus_row;

  REQUIRE_DISPLAY ();

  window = new_window ();
  dialog = rtb_window_ask_import (window, file);
  g_assert_true (RTB_IS_IMPORT_DIALOG (dialog));
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (window));
  iterate_for (100);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Import “ct210-h20-q-2t.txt”");
  g_assert_true (rtb_import_dialog_get_options (RTB_IMPORT_DIALOG (dialog), &options));
  g_assert_cmpstr (options.label, ==, "ct210-h20-q-2t");
  g_assert_cmpint (options.format, ==, RTB_IMPORT_FORMAT_AUTO);
  g_assert_cmpint (options.units, ==, RTB_IMPORT_UNITS_AUTO);
  g_assert_null (options.hostname);
  g_assert_cmpuint (options.n_cpus, ==, 0);

  cpus_row = gtk_widget_get_template_child (GTK_WIDGET (dialog), RTB_TYPE_IMPORT_DIALOG,
                                            "cpus_row");
  set_row_text (dialog, "cpus_row", "3-2");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                           "import"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (cpus_row), "error"));
  g_assert_false (rtb_import_dialog_get_options (RTB_IMPORT_DIALOG (dialog), &options));

  set_row_text (dialog, "cpus_row", " 2,3 ");
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                          "import"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (cpus_row), "error"));
  set_row_text (dialog, "label_row", "with options");
  set_row_text (dialog, "host_row", " board ");
  adw_combo_row_set_selected (ADW_COMBO_ROW (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), RTB_TYPE_IMPORT_DIALOG, "format_row")), 1);
  adw_combo_row_set_selected (ADW_COMBO_ROW (gtk_widget_get_template_child (
    GTK_WIDGET (dialog), RTB_TYPE_IMPORT_DIALOG, "units_row")), 1);
  g_assert_true (rtb_import_dialog_get_options (RTB_IMPORT_DIALOG (dialog), &options));
  g_assert_cmpint (options.format, ==, RTB_IMPORT_FORMAT_CYCLICTEST);
  g_assert_cmpint (options.units, ==, RTB_IMPORT_UNITS_US);
  g_assert_cmpstr (options.hostname, ==, "board");
  g_assert_cmpuint (options.n_cpus, ==, 2);
  g_assert_cmpint (options.cpus[0], ==, 2);
  g_assert_cmpint (options.cpus[1], ==, 3);

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "import");
  iterate_for (100);
  check_imported_with_options (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  tmp_dir = g_dir_make_tmp ("rtbench-gui-import-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/import/fixture", test_import);
  g_test_add_func ("/gui/import/options", test_import_options);
  g_test_add_func ("/gui/import/unknown", test_import_unknown);
  g_test_add_func ("/gui/import/dialog", test_import_dialog);

  status = g_test_run ();
  gui_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
