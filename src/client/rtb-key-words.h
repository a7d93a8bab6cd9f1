/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * What the client says of the command keys, beside the key table (rtb-command-keys.h) that
 * says what they are: the window's number rows (translated title and help), the compare's
 * notice when runs differ in a key, the words a run's default label gives its value, and the
 * presets, setups written as key=value. The window, the compare and the run label loop over
 * these rows; none of them names a key.
 *
 * A key the window shows, the compare notices or a label names takes a row here; a key of a
 * method that none of them mentions takes none.
 */
#pragma once

#include <glib.h>

#include "rtb-command-keys.h"
#include "rtb-load.h"

G_BEGIN_DECLS

typedef struct {
  const char *key; /* its name in the key table: "histogram_us" */
  /* The method whose key the row speaks of; 0: every method that takes the key and has no row
   * of its own for it. */
  RtbMethod method;
  /* The window's number row (its range and default are the key table's); no row when `title`
   * is NULL. */
  const char *settings_key; /* its settings key (data/) */
  const char *title;        /* N_() */
  const char *subtitle;     /* N_(), or NULL */
  double step;
  /* The compare's notice when the runs' values differ: "different spin times: 100 µs vs
   * 50 µs — why"; none when `differs` is NULL. */
  const char *differs;      /* N_() */
  const char *why;          /* N_(), or NULL */
  const char *unset;        /* N_(): how the value reads when 0 means unset, or NULL */
  /* The run label's words for the value, before it: " spin " reads "timer 5000 µs spin 50 µs";
   * none when NULL. A row `label_joined` to the next shows both values when either differs
   * from the method's usual, the unit after the last: "jitter 25/1000 µs". */
  const char *label;
  gboolean label_joined;
  /* The window's choices for a key of words (RTB_KIND_WORD), N_(), one a word in the key's
   * order: its row is a combo row of them. */
  const char *choices[RTB_KEY_WORDS_MAX + 1];
} RtbKeyWords;

/* In the order the compare gives its notices and the window its rows. */
extern const RtbKeyWords rtb_key_words[];
extern const guint rtb_n_key_words;

/* The key table's row of row `i`'s key. */
const RtbKey *rtb_key_words_key (guint i);

/* The least value of row `i`'s number row in the window and of its settings key: 0 for a key
 * whose 0 is a word ("auto"), else the key's lower bound, or its method's own above it. */
guint64 rtb_key_words_least (guint i);

/* Whether row `i` speaks of `method`'s key (its own row, or the row of every method). */
gboolean rtb_key_words_apply (guint i, RtbMethod method);

/* The value as the compare shows it: "100 µs", "auto", "32×32, 64×64", "fifo 99", "10 min",
 * the row's unset words. */
char *rtb_key_words_value_text (guint i, const RtbCommand *cmd);

/* A setup of a published method (METHODS.md), named after it. */
typedef struct {
  const char *name;        /* translatable (N_), shown in the preset list and as run label */
  const char *description; /* translatable (N_) */
  const char *command;     /* "METHOD key=value…", omitted keys take the method's defaults */
  RtbLoadScenario load;
} RtbPreset;

extern const RtbPreset rtb_presets[];
extern const guint rtb_n_presets;

G_END_DECLS
