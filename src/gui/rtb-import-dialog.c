/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rtb-import-dialog.h"

struct _RtbImportDialog
{
  AdwMessageDialog parent_instance;

  /* Template widgets */
  AdwEntryRow *label_row;
  AdwComboRow *format_row;
  AdwEntryRow *cpus_row;
  AdwComboRow *units_row;
  AdwEntryRow *host_row;

  /* Owned references */
  GFile *file;
  GArray *cpus;             /* what the last rtb_import_dialog_get_options() returned */
  char *label;
  char *hostname;
};

G_DEFINE_FINAL_TYPE (RtbImportDialog, rtb_import_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* The CPU row's list into `cpus`; TRUE when it is empty or a valid list. */
static gboolean
read_cpus (RtbImportDialog *self,
           GArray          *cpus)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (
                                        self->cpus_row))));

  g_array_set_size (cpus, 0);
  if (text[0] == '\0')
    return TRUE;
  return rtb_import_parse_cpus (text, cpus);
}

static void
on_cpus_changed (RtbImportDialog *self)
{
  g_autoptr(GArray) cpus = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean valid = read_cpus (self, cpus);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (self->cpus_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->cpus_row), "error");
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "import", valid);
}

/* The row's text without surrounding spaces, NULL when that is empty (transfer full). */
static char *
dup_row_text (AdwEntryRow *row)
{
  char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  if (text[0] == '\0')
    g_clear_pointer (&text, g_free);
  return text;
}

gboolean
rtb_import_dialog_get_options (RtbImportDialog  *self,
                               RtbImportOptions *options)
{
  g_return_val_if_fail (RTB_IS_IMPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  G_STATIC_ASSERT (RTB_IMPORT_FORMAT_STREAM - RTB_IMPORT_FORMAT_AUTO == 5);
  G_STATIC_ASSERT (RTB_IMPORT_FORMAT_CYCLICTEST_VERBOSE - RTB_IMPORT_FORMAT_AUTO == 9);
  G_STATIC_ASSERT (RTB_IMPORT_UNITS_NS - RTB_IMPORT_UNITS_AUTO == 2);

  rtb_import_options_init (options);
  if (!read_cpus (self, self->cpus))
    return FALSE;
  g_free (self->label);
  self->label = dup_row_text (self->label_row);
  g_free (self->hostname);
  self->hostname = dup_row_text (self->host_row);
  /* The rows list the formats and units in the order of the enumerations. */
  options->format = RTB_IMPORT_FORMAT_AUTO + adw_combo_row_get_selected (self->format_row);
  options->units = RTB_IMPORT_UNITS_AUTO + adw_combo_row_get_selected (self->units_row);
  options->label = self->label;
  options->hostname = self->hostname;
  if (self->cpus->len > 0)
    {
      options->cpus = (const int *) (gpointer) self->cpus->data;
      options->n_cpus = self->cpus->len;
    }
  return TRUE;
}

GFile *
rtb_import_dialog_get_file (RtbImportDialog *self)
{
  g_return_val_if_fail (RTB_IS_IMPORT_DIALOG (self), NULL);

  return self->file;
}

RtbImportDialog *
rtb_import_dialog_new (GtkWindow *parent,
                       GFile     *file)
{
  RtbImportDialog *self;
  g_autofree char *name = NULL;
  g_autofree char *label = NULL;
  g_autofree char *heading = NULL;
  char *dot;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  name = g_file_get_basename (file);
  heading = g_strdup_printf (_("Import “%s”"), name);
  self = g_object_new (RTB_TYPE_IMPORT_DIALOG, "transient-for", parent, "heading", heading, NULL);
  self->file = g_object_ref (file);
  /* The label rtbench-cli import would give: the file name without its extension. */
  label = g_utf8_make_valid (name, -1);
  dot = strrchr (label, '.');
  if (dot != NULL && dot != label)
    *dot = '\0';
  gtk_editable_set_text (GTK_EDITABLE (self->label_row), label);
  return self;
}

static void
rtb_import_dialog_finalize (GObject *object)
{
  RtbImportDialog *self = RTB_IMPORT_DIALOG (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->cpus, g_array_unref);
  g_free (self->label);
  g_free (self->hostname);
  G_OBJECT_CLASS (rtb_import_dialog_parent_class)->finalize (object);
}

static void
rtb_import_dialog_class_init (RtbImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = rtb_import_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbImportDialog, label_row);
  gtk_widget_class_bind_template_child (widget_class, RtbImportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, RtbImportDialog, cpus_row);
  gtk_widget_class_bind_template_child (widget_class, RtbImportDialog, units_row);
  gtk_widget_class_bind_template_child (widget_class, RtbImportDialog, host_row);
  gtk_widget_class_bind_template_callback (widget_class, on_cpus_changed);
}

static void
rtb_import_dialog_init (RtbImportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cpus = g_array_new (FALSE, FALSE, sizeof (int));
}
