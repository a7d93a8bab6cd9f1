/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define RTB_TYPE_APPLICATION (rtb_application_get_type ())
G_DECLARE_FINAL_TYPE (RtbApplication, rtb_application, RTB, APPLICATION, AdwApplication)

RtbApplication *rtb_application_new (void);

G_END_DECLS
