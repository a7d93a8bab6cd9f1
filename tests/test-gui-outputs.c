/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every file the window writes (its Export menu, a chart's menu, a saved run or comparison)
 * replaces its target whole or not at all: a symlink planted at the target is replaced, never
 * followed, and on a full disk the previous file stays as it was, no temporary file is left
 * and the error names the user's file. Through the menus' actions and the file chooser, with
 * real runs. */
#define G_LOG_DOMAIN "rtbench-test"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "rtb-chart.h"
#include "rtb-compare-view.h"
#include "rtb-export.h"
#include "rtb-output.h"
#include "rtb-window.h"

#include "disk-test-util.h"
#include "gui-test-util.h"

static char *tmp_dir;
static char *full_dir;   /* a 4 MiB tmpfs, or NULL */
static char *full_why;   /* why there is none */
static RtbWindow *window;

/* One output: the action of its menu item, the item's parameter, and a file name. */
typedef struct {
  const char *action;
  const char *parameter;
  const char *name;
} Output;

static const Output outputs[] = {
  { "win.export", "png", "tab.png" },
  { "win.export", "svg", "tab.svg" },
  { "win.export", "pdf", "tab.pdf" },
  { "win.export", "csv-summary", "statistics.csv" },
  { "win.export", "csv-histogram", "histogram.csv" },
  { "win.export", "csv-series", "instances.csv" },
  { "win.export", "cyclictest", "cyclictest.txt" },
  { "chart.export", "png", "chart.png" },
  { "chart.export", "svg", "chart.svg" },
  { "chart.export", "pdf", "chart.pdf" },
  { "chart.export", "csv", "chart.csv" },
  { "win.save", NULL, "run.rtbench" },
};

/* A finished run of the real worker in a tab of its own. */
static void
add_run (const char *label)
{
  setup_short_latency (window, "2s", label);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
  g_assert_true (rtb_window_is_running (window));
  iterate_until (window_done, window, 30);
  g_assert_false (rtb_window_is_running (window));
  g_assert_cmpuint (rtb_run_get_total_count (rtb_window_get_live_run (window)), >, 0);
}

/* The window with one finished run, made once. */
static RtbWindow *
window_with_run (void)
{
  if (window != NULL)
    return window;
  window = new_window ();
  add_run ("outputs");
  return window;
}

static gboolean
is_regular (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
         !g_file_test (path, G_FILE_TEST_IS_SYMLINK);
}

static gboolean
has_dialog (gpointer data)
{
  return gui_test_find_dialog () != NULL;
}

/* As a user does: the menu item, then `path` typed into the file chooser, and "Replace" when
 * it asks whether to replace the file there. */
static void
write_output (const Output *output,
              const char   *path)
{
  GtkWidget *widget = GTK_WIDGET (window);
  GStatBuf st;

  if (g_str_has_prefix (output->action, "chart."))
    widget = find_descendant (widget, RTB_TYPE_CHART);
  g_assert_nonnull (widget);
  if (output->parameter != NULL)
    g_assert_true (gtk_widget_activate_action (widget, output->action, "s", output->parameter));
  else
    g_assert_true (gtk_widget_activate_action (widget, output->action, NULL));
  iterate_for (50);
  g_assert_true (gui_test_choose_file (path));
  if (g_lstat (path, &st) == 0)
    g_assert_true (gui_test_confirm_replace ());
}

static void
test_symlink (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "links", NULL);
  g_autofree char *victim = g_build_filename (tmp_dir, "victim", NULL);
  g_autoptr(GBytes) secret = g_bytes_new_static ("not yours\n", 10);

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window_with_run ();
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (victim, "not yours\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (dir, outputs[i].name, NULL);
      g_autofree char *said = g_strdup_printf ("%s “%s”", outputs[i].parameter != NULL
                                                          ? "Exported" : "Saved",
                                               outputs[i].name);
      g_autoptr(GBytes) written = NULL;

      g_test_message ("%s %s", outputs[i].action, outputs[i].name);
      g_assert_cmpint (symlink (victim, path), ==, 0);
      write_output (&outputs[i], path);
      iterate_until (is_regular, path, 10);
      g_assert_null (gui_test_find_dialog ());
      g_assert_null (rtb_window_get_last_error (window));
      g_assert_true (rtb_window_showed_toast (window, said));
      g_assert_true (is_regular (path));
      written = disk_test_read (path);
      g_assert_cmpuint (g_bytes_get_size (written), >, 0);
      disk_test_assert_unchanged (victim, secret);
    }
}

/* On a full disk: each output fails, says so in a dialog that names the file, and leaves the
 * previous file (planted, so unlike any the window writes) byte for byte. */
static void
test_full_disk (void)
{
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) expected = NULL;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();
  if (full_dir == NULL)
    {
      g_test_skip (full_why);
      return;
    }

  window_with_run ();
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (full_dir, outputs[i].name, NULL);
      g_autofree char *previous = g_strdup_printf ("the previous %s\n", outputs[i].name);

      g_assert_true (g_file_set_contents (path, previous, -1, NULL));
      g_ptr_array_add (before, disk_test_read (path));
      g_strv_builder_add (names, outputs[i].name);
    }
  g_strv_builder_add (names, "filler");
  expected = g_strv_builder_end (names);
  disk_test_fill (full_dir);

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *path = g_build_filename (full_dir, outputs[i].name, NULL);
      AdwMessageDialog *dialog;

      g_test_message ("%s %s", outputs[i].action, outputs[i].name);
      write_output (&outputs[i], path);
      iterate_until (has_dialog, NULL, 10);
      dialog = gui_test_expect_dialog ();
      g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog), outputs[i].name));
      disk_test_assert_no_space (adw_message_dialog_get_body (dialog), path);
      gui_test_answer (dialog, "close");
      disk_test_assert_unchanged (path, before->pdata[i]);
      disk_test_assert_only (full_dir, (const char * const *) expected);
    }

  /* What the menus call, with the error's code. */
  {
    g_autofree char *path = g_build_filename (full_dir, "tab.png", NULL);
    g_autofree char *run_path = g_build_filename (full_dir, "run.rtbench", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (rtb_window_export (window, RTB_EXPORT_PNG, path, RTB_EXPORT_WIDTH,
                                       RTB_EXPORT_HEIGHT, RTB_EXPORT_SCALE, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
    disk_test_assert_no_space (error->message, path);
    g_clear_error (&error);
    g_assert_false (rtb_window_save_run_to (window, rtb_window_get_live_run (window), run_path,
                                            &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
    disk_test_assert_no_space (error->message, run_path);
    disk_test_assert_only (full_dir, (const char * const *) expected);
  }
}

/* What saving a comparison in `folder` writes: each run's file, named after its machine and
 * method, then the table and the chart (NULL-terminated). */
static GStrv
comparison_files (const char *folder)
{
  const RtbSystemInfo *system = rtb_run_get_system (rtb_window_get_live_run (window));
  GPtrArray *files = g_ptr_array_new ();
  char *run;

  g_assert_nonnull (system);
  run = rtb_output_in_folder (folder, system->hostname, "latency");
  g_ptr_array_add (files, run);
  g_ptr_array_add (files, g_strdup_printf ("%.*s-2.rtbench",
                                           (int) (strlen (run) - strlen (".rtbench")), run));
  g_ptr_array_add (files, g_build_filename (folder, "compare.csv", NULL));
  g_ptr_array_add (files, g_build_filename (folder, "compare.png", NULL));
  g_ptr_array_add (files, NULL);
  return (GStrv) g_ptr_array_free (files, FALSE);
}

/* A comparison saved in a folder (what its Save dialog calls with the chosen folder): a link
 * planted at each of its files is replaced; on the full disk it fails at its first file, which
 * the error names, and leaves every previous file as it was. Last: it opens a comparison tab. */
static void
test_comparison (void)
{
  g_autofree char *links = g_build_filename (tmp_dir, "links-comparison", NULL);
  g_autofree char *victim = g_build_filename (tmp_dir, "victim", NULL);
  g_autofree char *filler = NULL;
  g_autoptr(GBytes) secret = NULL;
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  g_auto(GStrv) expected = NULL;
  RtbCompareView *view;

  REQUIRE_DISPLAY ();
  REQUIRE_WORKER ();

  window_with_run ();
  add_run ("outputs compared");
  rtb_window_compare_open_runs (window);
  view = RTB_COMPARE_VIEW (find_descendant (GTK_WIDGET (window), RTB_TYPE_COMPARE_VIEW));
  g_assert_nonnull (view);

  g_assert_cmpint (g_mkdir (links, 0700), ==, 0);
  g_assert_true (g_file_set_contents (victim, "not yours\n", -1, NULL));
  secret = disk_test_read (victim);
  files = comparison_files (links);
  for (guint i = 0; files[i] != NULL; i++)
    g_assert_cmpint (symlink (victim, files[i]), ==, 0);
  g_assert_true (rtb_compare_view_save_to_folder (view, links, &error));
  g_assert_no_error (error);
  for (guint i = 0; files[i] != NULL; i++)
    g_assert_true (is_regular (files[i]));
  disk_test_assert_unchanged (victim, secret);

  if (full_dir == NULL)
    {
      g_test_skip (full_why);
      return;
    }
  /* Room for the previous files, then full again. */
  filler = g_build_filename (full_dir, "filler", NULL);
  g_unlink (filler);
  g_strfreev (files);
  files = comparison_files (full_dir);
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *previous = g_strdup_printf ("the previous %s\n", files[i]);

      g_assert_true (g_file_set_contents (files[i], previous, -1, NULL));
      g_ptr_array_add (before, disk_test_read (files[i]));
    }
  disk_test_fill (full_dir);
  g_assert_false (rtb_compare_view_save_to_folder (view, full_dir, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  disk_test_assert_no_space (error->message, files[0]);
  for (guint i = 0; files[i] != NULL; i++)
    disk_test_assert_unchanged (files[i], before->pdata[i]);
  {
    g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

    for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
      g_strv_builder_add (names, outputs[i].name);
    for (guint i = 0; files[i] != NULL; i++)
      {
        g_autofree char *name = g_path_get_basename (files[i]);

        g_strv_builder_add (names, name);
      }
    g_strv_builder_add (names, "filler");
    expected = g_strv_builder_end (names);
  }
  disk_test_assert_only (full_dir, (const char * const *) expected);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  tmp_dir = g_dir_make_tmp ("rtbench-gui-outputs-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  full_dir = g_build_filename (tmp_dir, "full", NULL);
  g_assert_cmpint (g_mkdir (full_dir, 0700), ==, 0);
  /* Before GTK starts its threads, which would not see the mount. */
  if (!disk_test_mount_tmpfs (full_dir, "4m", &full_why))
    g_clear_pointer (&full_dir, g_free);
  gui_test_init (&argc, &argv);

  g_test_add_func ("/gui/outputs/symlink", test_symlink);
  g_test_add_func ("/gui/outputs/full-disk", test_full_disk);
  g_test_add_func ("/gui/outputs/comparison", test_comparison);
  status = g_test_run ();

  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  if (full_dir != NULL)
    disk_test_unmount (full_dir);
  gui_test_remove_tree (tmp_dir);
  return status;
}
