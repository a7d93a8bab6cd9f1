/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The page of the user's locale (LC_PAPER, after setlocale): US Letter where it is the
 * custom, A4 everywhere else. */
void rtb_report_paper_size (double *width_pt, double *height_pt);

G_END_DECLS
