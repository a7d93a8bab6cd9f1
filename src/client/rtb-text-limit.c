/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <string.h>

#include "rtb-text-limit.h"

gboolean
rtb_text_check_label (const char *label, GError **error)
{
  gsize len = label != NULL ? strlen (label) : 0;

  if (len <= RTB_TEXT_MAX_BYTES)
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("the label is %" PRIu64 " bytes long, more than the %d bytes (4 KiB) a label may "
                 "have: shorten it"), (guint64) len, RTB_TEXT_MAX_BYTES);
  return FALSE;
}
