/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * jitterdebugger's JSON (FORMATS.md §4.2): like cyclictest's, but "cpu" holds the threads,
 * "count" the samples, and sysinfo.resolution_in_ns is the unit's size (1000 = µs, 1 = ns),
 * not a flag.
 */
#include "config.h"

#include "rtb-import-json.h"
#include "rtb-import-private.h"

RtbRun *
_rtb_import_jitterdebugger (RtbImportInput *in, JsonNode *root, GError **error)
{
  JsonObject *object = json_node_get_object (root);
  JsonNode *sysinfo = json_object_get_member (object, "sysinfo");
  RtbImportJson json = {
    .what = "jitterdebugger JSON", .threads_member = "cpu", .count_member = "count",
  };
  guint64 resolution = 0;
  gboolean ns;
  RtbRun *run;

  if (sysinfo != NULL && JSON_NODE_HOLDS_OBJECT (sysinfo) &&
      !_rtb_import_json_uint (json_node_get_object (sysinfo), "sysinfo", "resolution_in_ns",
                              1000, TRUE, &resolution, error))
    return NULL;
  if (resolution != 0 && resolution != 1 && resolution != 1000)
    {
      _rtb_import_fail_code (error, RTB_IMPORT_ERROR_FORMAT, "sysinfo.resolution_in_ns: "
                             "expected 1000 (microseconds) or 1 (nanoseconds), found %"
                             G_GUINT64_FORMAT, resolution);
      return NULL;
    }
  if (!_rtb_import_units (in, resolution == 0 ? -1 : resolution == 1, &ns, error))
    return NULL;
  json.unit_ns = ns ? 1 : 1000;
  _rtb_import_command_init (&json.cmd, RTB_METHOD_LATENCY, 1);
  json.stated = RTB_RUN_STATED_CPUS;
  json.system = _rtb_import_json_sysinfo (object);

  run = _rtb_import_json_threads (in, object, &json, error);
  g_clear_pointer (&json.system, rtb_system_info_free);
  return run;
}
