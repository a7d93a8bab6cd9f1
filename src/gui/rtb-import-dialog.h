/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Asks what a file to import does not say, as rtbench-cli import's options. */
#pragma once

#include <adwaita.h>

#include "rtb-import.h"

G_BEGIN_DECLS

#define RTB_TYPE_IMPORT_DIALOG (rtb_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (RtbImportDialog, rtb_import_dialog, RTB, IMPORT_DIALOG, AdwMessageDialog)

/* Its responses are "cancel" and "import"; "import" is disabled while the CPU row holds no CPU
 * list. The label starts as rtbench-cli import would give it, the rest as unknown. */
RtbImportDialog *rtb_import_dialog_new (GtkWindow *parent,
                                        GFile     *file);

GFile *rtb_import_dialog_get_file (RtbImportDialog *self);

/* What the rows say. The strings and CPUs `options` points to stay owned by the dialog until
 * the next call. FALSE when the CPU row holds no CPU list. */
gboolean rtb_import_dialog_get_options (RtbImportDialog  *self,
                                        RtbImportOptions *options);

G_END_DECLS
