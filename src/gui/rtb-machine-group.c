/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "rtbench-gui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rtb-machine-group.h"
#include "rtb-session.h"
#include "rtb-system-snapshot.h"

struct _RtbMachineGroup
{
  AdwPreferencesGroup parent_instance;

  /* Template widgets */
  AdwEntryRow *host_row;
  AdwEntryRow *worker_row;

  /* Owned references */
  char *remote;
  char *remote_worker;
  RtbSession *probe;
  RtbSystemInfo *system;
  GHashTable *snapshot;      /* the other machine's system files, from its SYSTEM frame */
  RtbHelloFrame hello;       /* what its worker obtained, valid with the snapshot */
};

G_DEFINE_FINAL_TYPE (RtbMachineGroup, rtb_machine_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_REMOTE,
  PROP_REMOTE_WORKER,
  PROP_SYSTEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
describe (RtbMachineGroup *self,
          const char      *text)
{
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), text);
}

static void
describe_system (RtbMachineGroup *self)
{
  const RtbSystemInfo *s = self->system;
  g_autofree char *text = NULL;

  /* Translators: host, kernel release, PREEMPT_RT or not, architecture, CPU count */
  text = g_strdup_printf (_("%s: Linux %s, %s, %s, %d CPUs"), s->hostname ? s->hostname : "-",
                          s->kernel_release ? s->kernel_release : "-",
                          s->preempt_rt == TRUE ? "PREEMPT_RT" : _("not PREEMPT_RT"),
                          s->machine ? s->machine : "-", MAX (s->n_cpus, 0));
  describe (self, text);
}

/* Takes `snapshot`; NULL forgets the other machine. */
static void
set_snapshot (RtbMachineGroup *self,
              GHashTable      *snapshot)
{
  g_clear_pointer (&self->system, rtb_system_info_free);
  g_clear_pointer (&self->snapshot, g_hash_table_unref);
  self->snapshot = snapshot;
  if (snapshot != NULL)
    self->system = rtb_system_info_from_snapshot (snapshot);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYSTEM]);
}

static void
on_probe_system (RtbSession      *session,
                 GParamSpec      *pspec,
                 RtbMachineGroup *self)
{
  const RtbHelloFrame *hello = rtb_session_get_hello (session);
  GHashTable *snapshot = rtb_session_get_snapshot (session);

  memset (&self->hello, 0, sizeof self->hello);
  if (hello != NULL)
    self->hello = *hello;
  set_snapshot (self, snapshot != NULL ? g_hash_table_ref (snapshot) : NULL);
}

static void
on_probe_finished (RtbSession      *session,
                   const GError    *error,
                   RtbMachineGroup *self)
{
  if (session != self->probe)
    return;
  if (error != NULL)
    describe (self, error->message);
  else if (self->system != NULL)
    describe_system (self);
  else
    describe (self, _("Its worker is too old to describe the machine: update it there"));
}

static void
stop_probe (RtbMachineGroup *self)
{
  if (self->probe == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->probe, self);
  rtb_session_stop (self->probe);
  g_clear_object (&self->probe);
}

/* Asks the other machine's worker who it is; the answer lands in the description. */
static void
probe (RtbMachineGroup *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *asking = NULL;

  stop_probe (self);
  set_snapshot (self, NULL);
  gtk_widget_remove_css_class (GTK_WIDGET (self->host_row), "error");
  if (self->remote == NULL)
    {
      describe (self, _("This computer"));
      return;
    }
  /* Typed here or found in the settings, a host that ssh would take as an option never runs. */
  if (!rtb_session_check_remote_host (self->remote, &error))
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->host_row), "error");
      describe (self, error->message);
      return;
    }

  self->probe = rtb_session_new ();
  rtb_session_set_remote (self->probe, self->remote);
  rtb_session_set_worker_path (self->probe, self->remote_worker);
  g_signal_connect (self->probe, "notify::system", G_CALLBACK (on_probe_system), self);
  g_signal_connect (self->probe, "finished", G_CALLBACK (on_probe_finished), self);
  if (!rtb_session_probe (self->probe, &error))
    {
      describe (self, error->message);
      return;
    }
  asking = g_strdup_printf (_("Asking %s through ssh…"), self->remote);
  describe (self, asking);
}

static gboolean
replace_text (char       **field,
              const char  *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  char *value = *stripped != '\0' ? g_steal_pointer (&stripped) : NULL;

  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return FALSE;
    }
  g_free (*field);
  *field = value;
  return TRUE;
}

static void
sync_rows (RtbMachineGroup *self)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->host_row)),
                 self->remote ? self->remote : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->host_row), self->remote ? self->remote : "");
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->worker_row)),
                 self->remote_worker ? self->remote_worker : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->worker_row),
                           self->remote_worker ? self->remote_worker : "");
  gtk_widget_set_visible (GTK_WIDGET (self->worker_row), self->remote != NULL);
}

void
rtb_machine_group_set_remote (RtbMachineGroup *self,
                              const char      *host)
{
  g_return_if_fail (RTB_IS_MACHINE_GROUP (self));

  if (!replace_text (&self->remote, host))
    return;
  sync_rows (self);
  probe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMOTE]);
}

static void
set_remote_worker (RtbMachineGroup *self,
                   const char      *path)
{
  if (!replace_text (&self->remote_worker, path))
    return;
  sync_rows (self);
  if (self->remote != NULL)
    probe (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMOTE_WORKER]);
}

static void
on_host_applied (RtbMachineGroup *self)
{
  rtb_machine_group_set_remote (self, gtk_editable_get_text (GTK_EDITABLE (self->host_row)));
}

static void
on_worker_applied (RtbMachineGroup *self)
{
  set_remote_worker (self, gtk_editable_get_text (GTK_EDITABLE (self->worker_row)));
}

const char *
rtb_machine_group_get_remote (RtbMachineGroup *self)
{
  g_return_val_if_fail (RTB_IS_MACHINE_GROUP (self), NULL);

  return self->remote;
}

const char *
rtb_machine_group_get_remote_worker (RtbMachineGroup *self)
{
  g_return_val_if_fail (RTB_IS_MACHINE_GROUP (self), NULL);

  return self->remote_worker;
}

const RtbSystemInfo *
rtb_machine_group_get_system (RtbMachineGroup *self)
{
  g_return_val_if_fail (RTB_IS_MACHINE_GROUP (self), NULL);

  return self->system;
}

GHashTable *
rtb_machine_group_dup_snapshot (RtbMachineGroup *self)
{
  g_return_val_if_fail (RTB_IS_MACHINE_GROUP (self), NULL);

  if (self->remote == NULL)
    return rtb_system_snapshot_read ("/");
  return self->snapshot != NULL ? g_hash_table_ref (self->snapshot) : NULL;
}

const RtbHelloFrame *
rtb_machine_group_get_hello (RtbMachineGroup *self)
{
  g_return_val_if_fail (RTB_IS_MACHINE_GROUP (self), NULL);

  return self->remote != NULL && self->snapshot != NULL ? &self->hello : NULL;
}

static void
rtb_machine_group_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  RtbMachineGroup *self = RTB_MACHINE_GROUP (object);

  switch (prop_id)
    {
    case PROP_REMOTE:
      g_value_set_string (value, self->remote ? self->remote : "");
      break;
    case PROP_REMOTE_WORKER:
      g_value_set_string (value, self->remote_worker ? self->remote_worker : "");
      break;
    case PROP_SYSTEM:
      g_value_set_pointer (value, self->system);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_machine_group_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  RtbMachineGroup *self = RTB_MACHINE_GROUP (object);

  switch (prop_id)
    {
    case PROP_REMOTE:
      rtb_machine_group_set_remote (self, g_value_get_string (value));
      break;
    case PROP_REMOTE_WORKER:
      set_remote_worker (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rtb_machine_group_dispose (GObject *object)
{
  RtbMachineGroup *self = RTB_MACHINE_GROUP (object);

  stop_probe (self);
  G_OBJECT_CLASS (rtb_machine_group_parent_class)->dispose (object);
}

static void
rtb_machine_group_finalize (GObject *object)
{
  RtbMachineGroup *self = RTB_MACHINE_GROUP (object);

  g_free (self->remote);
  g_free (self->remote_worker);
  g_clear_pointer (&self->system, rtb_system_info_free);
  g_clear_pointer (&self->snapshot, g_hash_table_unref);
  G_OBJECT_CLASS (rtb_machine_group_parent_class)->finalize (object);
}

static void
rtb_machine_group_class_init (RtbMachineGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = rtb_machine_group_get_property;
  object_class->set_property = rtb_machine_group_set_property;
  object_class->dispose = rtb_machine_group_dispose;
  object_class->finalize = rtb_machine_group_finalize;

  properties[PROP_REMOTE] =
    g_param_spec_string ("remote", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REMOTE_WORKER] =
    g_param_spec_string ("remote-worker", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SYSTEM] =
    g_param_spec_pointer ("system", NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rtbench/RtBench/rtb-machine-group.ui");
  gtk_widget_class_bind_template_child (widget_class, RtbMachineGroup, host_row);
  gtk_widget_class_bind_template_child (widget_class, RtbMachineGroup, worker_row);
  gtk_widget_class_bind_template_callback (widget_class, on_host_applied);
  gtk_widget_class_bind_template_callback (widget_class, on_worker_applied);
}

static void
rtb_machine_group_init (RtbMachineGroup *self)
{
  g_autofree char *worker_tooltip = g_strdup_printf (_("Empty: %s"), RTB_WORKER_PATH);

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->worker_row), worker_tooltip);
}
