/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "rtb-compare-view.h"
#include "rtb-export.h"
#include "rtb-import-dialog.h"
#include "rtb-import.h"
#include "rtb-output.h"
#include "rtb-run-open.h"
#include "rtb-unsaved.h"
#include "rtb-window-private.h"

/* ---- Saving ------------------------------------------------------------------------------ */

static GtkFileFilter *
run_file_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("rtbench Runs"));
  gtk_file_filter_add_pattern (filter, "*.rtbench");
  gtk_file_filter_add_mime_type (filter, "application/x-rtbench");
  return filter;
}

AdwTabPage *
_rtb_window_find_page (RtbWindow *self,
                       RtbRun    *run)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *page = adw_tab_view_get_nth_page (self->tab_view, i);
      g_autoptr(GPtrArray) runs = _rtb_window_page_runs (page);

      if (runs->len == 1 && g_ptr_array_index (runs, 0) == run)
        return page;
    }
  return NULL;
}

gboolean
rtb_window_save_run_to (RtbWindow   *self,
                        RtbRun      *run,
                        const char  *path,
                        GError     **error)
{
  RtbRecording *recording;
  AdwTabPage *page;

  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  recording = _rtb_window_find_recording (self, run);
  /* A recording's run goes on being saved there, and leaves the unsaved folder. */
  if (recording != NULL)
    {
      if (!rtb_recording_save_to (recording, path, error))
        return FALSE;
    }
  else
    {
      if (!rtb_output_save_run (run, path, error))
        return FALSE;
      if ((page = _rtb_window_find_page (self, run)) != NULL)
        _rtb_window_forget_page (self, page);
    }
  _rtb_window_unsaved_changed (self);
  return TRUE;
}

typedef struct {
  RtbWindow *window;
  RtbRun *run;
  RtbWindowSaved done;
  gpointer data;
} SaveRequest;

static void
save_request_finish (SaveRequest *request,
                     gboolean     saved)
{
  if (request->done != NULL)
    request->done (request->window, request->run, saved, request->data);
  g_object_unref (request->run);
  g_free (request);
}

gboolean
rtb_window_save_run_to_file (RtbWindow *self,
                             RtbRun    *run,
                             GFile     *file)
{
  RtbRecording *recording;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  gboolean saved;

  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (RTB_IS_RUN (run), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  recording = _rtb_window_find_recording (self, run);
  path = rtb_export_local_path (file, FALSE, &error);
  if (path != NULL && !g_str_has_suffix (path, ".rtbench"))
    {
      char *with_suffix = g_strconcat (path, ".rtbench", NULL);

      g_free (path);
      path = with_suffix;
    }
  name = path != NULL ? g_path_get_basename (path) : g_file_get_basename (file);
  saved = path != NULL && rtb_window_save_run_to (self, run, path, &error);
  if (saved)
    {
      g_autofree char *message = NULL;

      if (recording != NULL && rtb_recording_saves_checkpoints (recording))
        message = g_strdup_printf (_("Saved “%s”; saved again every minute until the run "
                                     "ends"), name);
      else if (recording != NULL && rtb_recording_is_live (recording))
        message = g_strdup_printf (_("Saved “%s”; saved again when the run ends"), name);
      else
        message = g_strdup_printf (_("Saved “%s”"), name);
      _rtb_window_toast (self, message);
    }
  else
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      g_assert (error != NULL); /* FALSE sets it: self and run met its preconditions */
      _rtb_window_show_error (self, heading, error->message);
    }
  return saved;
}

static void
on_save_response (GtkNativeDialog *native,
                  int              response,
                  SaveRequest     *request)
{
  gboolean saved = FALSE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      saved = rtb_window_save_run_to_file (request->window, request->run, file);
    }
  save_request_finish (request, saved);
  g_object_unref (native);
}

void
_rtb_window_save_run (RtbWindow      *self,
                      RtbRun         *run,
                      RtbWindowSaved  done,
                      gpointer        data)
{
  g_autoptr(GtkFileFilter) filter = run_file_filter ();
  GtkFileChooserNative *native;
  const char *label = rtb_run_get_label (run);
  const char *file = rtb_run_get_file (run);
  SaveRequest *request;
  g_autofree char *name = NULL;

  native = gtk_file_chooser_native_new (_("Save Run"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  /* A run kept in the unsaved folder is saved somewhere of the user's choosing, not there. */
  if (file != NULL && !rtb_unsaved_contains (file))
    {
      g_autoptr(GFile) gfile = g_file_new_for_path (file);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), gfile, NULL);
    }
  else
    {
      name = rtb_output_file_name (label && label[0] ? label
                                   : rtb_method_to_string (rtb_run_get_method (run)),
                                   rtb_run_get_start_time (run), "rtbench");
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }
  request = g_new0 (SaveRequest, 1);
  request->window = self;
  request->run = g_object_ref (run);
  request->done = done;
  request->data = data;
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  g_autoptr(GPtrArray) runs = _rtb_window_page_runs (page);

  /* A running run saves what was measured so far. */
  if (runs->len == 1)
    _rtb_window_save_run (self, g_ptr_array_index (runs, 0), NULL, NULL);
}

/* Ctrl+S saves what the selected tab shows: its run, or a comparison in a folder, as the
 * comparison's own Ctrl+S does while one of its widgets has the focus. */
static gboolean
save_shortcut (GtkWidget *widget,
               GVariant  *args,
               gpointer   data)
{
  RtbWindow *self = RTB_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  GtkWidget *child = page != NULL ? adw_tab_page_get_child (page) : NULL;

  if (RTB_IS_COMPARE_VIEW (child))
    return gtk_widget_activate_action (child, "compare.save", NULL);
  return gtk_widget_activate_action (widget, "win.save", NULL);
}

const char *
rtb_window_get_checkpoint_path (RtbWindow *self)
{
  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);

  return self->last_recording != NULL ? rtb_recording_get_unsaved_path (self->last_recording)
                                      : NULL;
}

/* ---- Opening and importing --------------------------------------------------------------- */

/* Files opened together (`rtbench A B C`, the Open dialog) load in threads but open their tabs
 * in the order given, and `rtbench --compare` compares them once every one has been read. */
typedef struct {
  RtbWindow *window;
  guint n_files;
  guint n_done;
  guint next_to_add;
  gboolean compare;
  gboolean *done;
  RtbRun **runs; /* NULL where the file could not be read */
} OpenBatch;

typedef struct {
  OpenBatch *batch;
  guint index;
  char *path;
  char *name;
  char **notes;  /* of a file imported: what is worth telling, set by the thread */
} OpenFile;

static void
open_batch_free (OpenBatch *batch)
{
  for (guint i = 0; i < batch->n_files; i++)
    g_clear_object (&batch->runs[i]);
  g_free (batch->runs);
  g_free (batch->done);
  g_object_unref (batch->window);
  g_free (batch);
}

static void
open_file_free (OpenFile *file)
{
  g_free (file->path);
  g_free (file->name);
  g_strfreev (file->notes);
  g_free (file);
}

static void
load_run_in_thread (GTask        *task,
                    gpointer      source,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  OpenFile *file = task_data;
  GError *error = NULL;
  /* Another tool's result is imported, as the Import dialog does with the format detected. */
  RtbRun *run = rtb_run_open (file->path, &file->notes, &error);

  if (run != NULL)
    g_task_return_pointer (task, run, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void
open_batch_finish (OpenBatch *batch)
{
  g_autoptr(GPtrArray) opened = g_ptr_array_new ();

  for (guint i = 0; i < batch->n_files; i++)
    if (batch->runs[i] != NULL)
      g_ptr_array_add (opened, batch->runs[i]);
  if (batch->compare && opened->len >= 2)
    rtb_window_compare_runs (batch->window, (RtbRun *const *) opened->pdata, opened->len);
  open_batch_free (batch);
}

static void
on_run_loaded (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  OpenFile *file = g_task_get_task_data (G_TASK (result));
  OpenBatch *batch = file->batch;
  g_autoptr(GError) error = NULL;
  RtbRun *run = g_task_propagate_pointer (G_TASK (result), &error);

  batch->runs[file->index] = run;
  batch->done[file->index] = TRUE;
  batch->n_done++;
  if (run == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), file->name);

      _rtb_window_show_error (batch->window, heading, error->message);
    }
  for (guint i = 0; run != NULL && file->notes != NULL && file->notes[i] != NULL; i++)
    _rtb_window_toast (batch->window, file->notes[i]);
  if (!g_cancellable_is_cancelled (batch->window->opening))
    for (; batch->next_to_add < batch->n_files && batch->done[batch->next_to_add];
         batch->next_to_add++)
      if (batch->runs[batch->next_to_add] != NULL)
        _rtb_window_keep_page (batch->window,
                               _rtb_window_add_page (batch->window,
                                                     batch->runs[batch->next_to_add]));
  if (batch->n_done == batch->n_files)
    {
      if (g_cancellable_is_cancelled (batch->window->opening))
        batch->compare = FALSE;
      open_batch_finish (batch);
    }
}

/* A large run file takes a moment to read: each loads in a thread, and the tabs open when they
 * are ready. With `compare`, the runs read are compared once the last file is done. */
void
rtb_window_open_files (RtbWindow  *self,
                       GFile     **files,
                       guint       n_files,
                       gboolean    compare)
{
  OpenBatch *batch;

  g_return_if_fail (RTB_IS_WINDOW (self));
  g_return_if_fail (files != NULL || n_files == 0);

  if (n_files == 0)
    return;
  batch = g_new0 (OpenBatch, 1);
  batch->window = g_object_ref (self);
  batch->n_files = n_files;
  batch->compare = compare;
  batch->done = g_new0 (gboolean, n_files);
  batch->runs = g_new0 (RtbRun *, n_files);

  for (guint i = 0; i < n_files; i++)
    {
      g_autoptr(GTask) task = NULL;
      OpenFile *file = g_new0 (OpenFile, 1);

      file->batch = batch;
      file->index = i;
      file->name = g_file_get_basename (files[i]);
      file->path = g_file_get_path (files[i]);
      task = g_task_new (self, self->opening, on_run_loaded, NULL);
      g_task_set_source_tag (task, rtb_window_open_files);
      g_task_set_task_data (task, file, (GDestroyNotify) open_file_free);
      if (file->path == NULL)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                                   _("only local files can be opened"));
          continue;
        }
      g_task_run_in_thread (task, load_run_in_thread);
    }
}

void
rtb_window_open_file (RtbWindow *self,
                      GFile     *file)
{
  g_return_if_fail (G_IS_FILE (file));

  rtb_window_open_files (self, &file, 1, FALSE);
}

gboolean
rtb_window_import_file_with_options (RtbWindow              *self,
                                     GFile                  *file,
                                     const RtbImportOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RtbRun) run = NULL;
  g_auto(GStrv) notes = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  RtbImportOptions defaults;

  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (options == NULL)
    {
      rtb_import_options_init (&defaults);
      defaults.format = RTB_IMPORT_FORMAT_AUTO;
      options = &defaults;
    }
  path = g_file_get_path (file);
  name = g_file_get_basename (file);
  if (path != NULL)
    run = rtb_import_file (path, options, &notes, &error);
  else
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("only local files can be imported"));

  if (run == NULL)
    {
      g_autofree char *heading = g_strdup_printf (_("Could Not Import “%s”"), name);

      _rtb_window_show_error (self, heading, error->message);
      return FALSE;
    }
  _rtb_window_keep_page (self, _rtb_window_add_page (self, run));
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    _rtb_window_toast (self, notes[i]);
  return TRUE;
}

gboolean
rtb_window_import_file (RtbWindow *self,
                        GFile     *file)
{
  return rtb_window_import_file_with_options (self, file, NULL);
}

static void
on_import_response (RtbImportDialog *dialog,
                    const char      *response,
                    RtbWindow       *self)
{
  RtbImportOptions options;

  if (!g_str_equal (response, "import"))
    return;
  /* Import is disabled while the list is invalid: this is only a safeguard. */
  if (!rtb_import_dialog_get_options (dialog, &options))
    {
      _rtb_window_toast (self, _("The CPUs of the threads are a list such as 0-3 or 2,3"));
      return;
    }
  rtb_window_import_file_with_options (self, rtb_import_dialog_get_file (dialog), &options);
}

GtkWindow *
rtb_window_ask_import (RtbWindow *self,
                       GFile     *file)
{
  RtbImportDialog *dialog;

  g_return_val_if_fail (RTB_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  dialog = rtb_import_dialog_new (GTK_WINDOW (self), file);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_import_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

static void
on_open_response (GtkNativeDialog *native,
                  int              response,
                  RtbWindow       *self)
{
  gboolean import = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (native), "import"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));
      g_autoptr(GPtrArray) to_open = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          GFile *file = g_list_model_get_item (files, i);

          if (import)
            {
              rtb_window_ask_import (self, file);
              g_object_unref (file);
            }
          else
            g_ptr_array_add (to_open, file);
        }
      rtb_window_open_files (self, (GFile **) to_open->pdata, to_open->len, FALSE);
    }
  g_object_unref (native);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  gboolean import = g_str_equal (action_name, "win.import");
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (import ? _("Import Results") : _("Open Runs"),
                                        GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                        import ? _("_Import") : _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), TRUE);
  if (import)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      /* cyclictest, rtla and jitterdebugger write no fixed extension: offer every file. */
      gtk_file_filter_set_name (filter, _("cyclictest, rtla, jitterdebugger or worker output"));
      gtk_file_filter_add_pattern (filter, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  else
    {
      g_autoptr(GtkFileFilter) filter = run_file_filter ();
      g_autoptr(GtkFileFilter) other = gtk_file_filter_new ();

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
      /* Other tools' results open too, imported with their format detected. */
      gtk_file_filter_set_name (other, _("All Files"));
      gtk_file_filter_add_pattern (other, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), other);
    }
  g_object_set_data (G_OBJECT (native), "import", GINT_TO_POINTER (import));
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ---- Exporting --------------------------------------------------------------------------- */

gboolean
rtb_window_export (RtbWindow        *self,
                   RtbExportFormat   format,
                   const char       *path,
                   int               width,
                   int               height,
                   double            scale,
                   GError          **error)
{
  AdwTabPage *page;
  g_autoptr(GPtrArray) runs = NULL;

  g_return_val_if_fail (RTB_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  page = adw_tab_view_get_selected_page (self->tab_view);
  runs = _rtb_window_page_runs (page);
  if (runs->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No run is selected"));
      return FALSE;
    }
  if (format == RTB_EXPORT_CSV_SUMMARY && runs->len > 1)
    format = RTB_EXPORT_CSV_COMPARE;
  return rtb_export_runs (format, path, (RtbRun *const *) runs->pdata, runs->len, width, height,
                          scale, error);
}

static void
on_export_chosen (GtkWidget  *widget,
                  const char *path,
                  gpointer    user_data)
{
  g_autoptr(GError) error = NULL;

  rtb_window_export (RTB_WINDOW (widget), GPOINTER_TO_UINT (user_data), path, RTB_EXPORT_WIDTH,
                     RTB_EXPORT_HEIGHT, RTB_EXPORT_SCALE, &error);
  rtb_export_report (widget, path, error);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  RtbWindow *self = RTB_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  RtbExportFormat format;

  if (page == NULL ||
      !rtb_export_format_from_string (g_variant_get_string (parameter, NULL), &format))
    return;
  rtb_export_choose_file (widget, format, _rtb_window_page_title (page), on_export_chosen,
                          GUINT_TO_POINTER (format));
}

/* For scripts (gdbus call … org.gtk.Actions.Activate): format, path, width, height, scale. */
static void
export_to_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  const char *format_name;
  const char *path;
  int width;
  int height;
  double scale;
  RtbExportFormat format;
  g_autoptr(GError) error = NULL;

  g_variant_get (parameter, "(&s&siid)", &format_name, &path, &width, &height, &scale);
  if (!rtb_export_format_from_string (format_name, &format))
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown format “%s”"),
                 format_name);
  else
    rtb_window_export (RTB_WINDOW (widget), format, path, width, height, scale, &error);
  rtb_export_report (widget, path, error);
}

void
_rtb_window_class_init_files (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.export-to", "(ssiid)", export_to_action);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, save_shortcut, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK,
                                       "win.import", NULL);
}
