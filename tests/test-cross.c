/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The worker for the Raspberry Pi's architectures: cross-build it with the meson cross files
 * kept in the repository, check it is hardened as the native one (tests/test-hardening.sh), run
 * it under qemu-user for a short latency run, and decode its stream on this host. Skipped (TAP
 * skip) where the cross compiler or qemu-user is absent.
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "rtb-protocol.h"

typedef struct {
  const char *name;       /* build directory suffix and test name */
  const char *triplet;
  const char *qemu;
  const char *uname;      /* what HELLO must report as the machine */
} Arch;

static const Arch arches[] = {
  { "aarch64", "aarch64-linux-gnu", "qemu-aarch64-static", "aarch64" },
  { "armhf", "arm-linux-gnueabihf", "qemu-arm-static", "armv7l" },
};

typedef struct {
  guint n_frames;
  gboolean hello_first;
  char machine[32];
  guint32 n_threads;
  guint64 samples;
  guint64 summary_count;
  guint64 summary_dropped;
  gint64 min_ns, max_ns, summary_min_ns, summary_max_ns;
  gboolean summary_last;
  guint last_type;
} Stream;

static bool
on_frame (const RtbFrame *frame, void *user_data)
{
  Stream *s = user_data;
  guint type = frame->header->type;

  if (s->n_frames++ == 0)
    s->hello_first = type == RTB_FRAME_HELLO;
  s->last_type = type;
  if (type == RTB_FRAME_HELLO)
    g_strlcpy (s->machine, ((const RtbHelloFrame *) frame->payload)->machine, sizeof s->machine);
  else if (type == RTB_FRAME_STARTED)
    s->n_threads = ((const RtbStartedFrame *) frame->payload)->n_threads;
  else if (type == RTB_FRAME_SAMPLES)
    {
      const RtbSamplesFrame *batch = frame->payload;
      const RtbSample *samples = rtb_samples_data (batch);
      for (guint32 i = 0; i < batch->count; i++)
        {
          s->min_ns = s->samples == 0 ? samples[i].value_ns : MIN (s->min_ns, samples[i].value_ns);
          s->max_ns = s->samples == 0 ? samples[i].value_ns : MAX (s->max_ns, samples[i].value_ns);
          s->samples++;
        }
    }
  else if (type == RTB_FRAME_SUMMARY)
    {
      const RtbStatsFrame *summary = frame->payload;
      const RtbThreadStats *t = rtb_stats_threads (summary);
      s->summary_count = t[0].count;
      s->summary_dropped = t[0].dropped;
      s->summary_min_ns = t[0].min_ns;
      s->summary_max_ns = t[0].max_ns;
    }
  return true;
}

static gboolean
run_checked (const char *const *argv, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                     &status, &error))
    g_error ("%s: %s", what, error->message);
  if (!g_spawn_check_wait_status (status, &error))
    {
      g_test_message ("%s failed: %s\n%s\n%s", what, error->message, out, err);
      return FALSE;
    }
  return TRUE;
}

static void
test_arch (gconstpointer data)
{
  const Arch *arch = data;
  g_autofree char *gcc = g_strdup_printf ("%s-gcc", arch->triplet);
  g_autofree char *gcc_path = g_find_program_in_path (gcc);
  g_autofree char *qemu_path = g_find_program_in_path (arch->qemu);
  g_autofree char *sysroot = g_strdup_printf ("/usr/%s", arch->triplet);
  const char *source_root = g_getenv ("RTBENCH_SOURCE_ROOT");
  const char *build_root = g_getenv ("RTBENCH_BUILD_ROOT");

  if (gcc_path == NULL || qemu_path == NULL || !g_file_test (sysroot, G_FILE_TEST_IS_DIR))
    {
      g_test_skip_printf ("%s or %s is not installed (apt install gcc-%s qemu-user-static)", gcc,
                          arch->qemu, arch->triplet);
      return;
    }
  g_assert_nonnull (source_root);
  g_assert_nonnull (build_root);

  g_autofree char *dir = g_build_filename (build_root, "cross", arch->name, NULL);
  g_autofree char *ninja_file = g_build_filename (dir, "build.ninja", NULL);
  g_autofree char *cross_file = g_strdup_printf ("%s/cross/%s.ini", source_root, arch->triplet);
  if (!g_file_test (ninja_file, G_FILE_TEST_EXISTS))
    {
      const char *setup[] = { "meson", "setup", dir, source_root, "--cross-file", cross_file,
                              "-Dclient=false", "-Dtests=false", "--werror", NULL };
      g_assert_true (run_checked (setup, "meson setup"));
    }
  const char *compile[] = { "ninja", "-C", dir, NULL };
  g_assert_true (run_checked (compile, "ninja"));

  /* Only libc: the binary must not need GLib or anything else. */
  g_autofree char *worker = g_build_filename (dir, "src", "worker", "rtbench-worker", NULL);
  /* Hardened as the native worker is: the board runs it as root. */
  g_autofree char *hardening = g_build_filename (source_root, "tests", "test-hardening.sh", NULL);
  const char *check_hardening[] = { hardening, worker, NULL };
  g_assert_true (run_checked (check_hardening, "tests/test-hardening.sh"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                   G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                                   &error, qemu_path, "-L", sysroot, worker,
                                                   "latency", "cpus=0", "policy=other",
                                                   "interval_us=1000", "duration=1s", NULL);
  g_assert_no_error (error);
  g_autoptr (GBytes) out = NULL;
  g_subprocess_communicate (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 0);

  Stream stream = { 0 };
  RtbDecoder *decoder = rtb_decoder_new (on_frame, &stream);
  gsize len;
  const guint8 *bytes = g_bytes_get_data (out, &len);
  g_assert_cmpint (rtb_decoder_feed (decoder, bytes, len), >, 0);
  g_assert_null (rtb_decoder_error (decoder));
  g_assert_cmpuint (rtb_decoder_pending (decoder), ==, 0);
  rtb_decoder_free (decoder);

  g_test_message ("%s: %" G_GUINT64_FORMAT " samples in 1 s, max %.1f µs under emulation",
                  arch->name, stream.samples, (double) stream.max_ns / 1000.0);
  g_assert_true (stream.hello_first);
  g_assert_cmpstr (stream.machine, ==, arch->uname);
  g_assert_cmpuint (stream.n_threads, ==, 1);
  g_assert_cmpuint (stream.samples, >, 0);
  g_assert_cmpuint (stream.last_type, ==, RTB_FRAME_SUMMARY);
  g_assert_cmpuint (stream.summary_count, ==, stream.samples + stream.summary_dropped);
  g_assert_cmpint (stream.summary_min_ns, ==, stream.min_ns);
  g_assert_cmpint (stream.summary_max_ns, ==, stream.max_ns);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (arches); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cross/%s", arches[i].name);
      g_test_add_data_func (path, &arches[i], test_arch);
    }
  return g_test_run ();
}
