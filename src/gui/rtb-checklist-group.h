/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The tuning checklist as a preferences group: the worst items first, each with its status,
 * what was observed and, expanded, the setting to change. Compact by default (the bad items,
 * at least five), every item with "Show All". The setup pane shows the chosen machine's, the
 * System panel the one recorded with the run.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RTB_TYPE_CHECKLIST_GROUP (rtb_checklist_group_get_type ())
G_DECLARE_FINAL_TYPE (RtbChecklistGroup, rtb_checklist_group, RTB, CHECKLIST_GROUP,
                      AdwPreferencesGroup)

/* `checks` (RtbCheck*, any order) is copied; NULL shows `description` alone. A NULL
 * description says how many items have each status. */
void rtb_checklist_group_set_checks (RtbChecklistGroup *self,
                                     GPtrArray         *checks,
                                     const char        *description);
/* How many item rows exist, and how many are visible (for tests). */
guint rtb_checklist_group_get_n_items (RtbChecklistGroup *self);
guint rtb_checklist_group_get_n_shown (RtbChecklistGroup *self);
/* The checks shown, worst first; NULL when none. */
GPtrArray *rtb_checklist_group_get_checks (RtbChecklistGroup *self);
void rtb_checklist_group_set_show_all (RtbChecklistGroup *self,
                                       gboolean           show_all);

G_END_DECLS
