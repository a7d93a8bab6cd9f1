/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * A sentence of the checklist in two forms: as the user reads it, in their language, and as a
 * run file keeps it beside that, the English message and its arguments ("value_msg":
 * {"text": "%s is not isolated (isolated: %s)", "args": [...]}), so that whoever opens the file
 * reads it in their own language. Each item's sentences are made here: MSG, MSGF and MSGN
 * translate the message, put the arguments in by our own reading of its conversions (never
 * printf: the same code reads a file's untrusted messages back) and record both.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct {
  char *text;       /* in the user's language */
  JsonNode *source; /* what rebuilds it in another's; NULL when it reads the same in any */
} RtbCheckText;

typedef enum {
  RTB_CHECK_ARG_WORDS,   /* a string the same in every language: a CPU list, a task's name */
  RTB_CHECK_ARG_TEXT,    /* a sentence of the checklist's own: "CPUs 0-1" */
  RTB_CHECK_ARG_SIGNED,
  RTB_CHECK_ARG_UNSIGNED,
  RTB_CHECK_ARG_ERRNO,   /* the C library's words for an errno, in the reader's language */
} RtbCheckArgKind;

typedef struct {
  RtbCheckArgKind kind;
  const char *words;
  const RtbCheckText *text;
  long long number;
} RtbCheckArg;

RtbCheckArg _rtb_check_arg_words (const char *words);
RtbCheckArg _rtb_check_arg_text (const RtbCheckText *text);
RtbCheckArg _rtb_check_arg_signed (long long number);
RtbCheckArg _rtb_check_arg_unsigned (unsigned long long number);
/* For %s: what g_strerror () says of an errno (a bare int would be taken for a number). */
typedef struct {
  int error;
} RtbCheckErrno;
#define RTB_CHECK_ERRNO(error) ((RtbCheckErrno) { error })
RtbCheckArg _rtb_check_arg_errno (RtbCheckErrno error);

/* An argument by its C type: a string is words, an RtbCheckText a sentence, a number a
 * number. */
#define RTB_CHECK_ARG(x) \
  _Generic ((x), \
            char *: _rtb_check_arg_words, \
            const char *: _rtb_check_arg_words, \
            RtbCheckText *: _rtb_check_arg_text, \
            const RtbCheckText *: _rtb_check_arg_text, \
            int: _rtb_check_arg_signed, \
            long: _rtb_check_arg_signed, \
            long long: _rtb_check_arg_signed, \
            unsigned: _rtb_check_arg_unsigned, \
            unsigned long: _rtb_check_arg_unsigned, \
            unsigned long long: _rtb_check_arg_unsigned, \
            RtbCheckErrno: _rtb_check_arg_errno) (x)

#define RTB_CHECK_ARGS_1(a) RTB_CHECK_ARG (a)
#define RTB_CHECK_ARGS_2(a, ...) RTB_CHECK_ARG (a), RTB_CHECK_ARGS_1 (__VA_ARGS__)
#define RTB_CHECK_ARGS_3(a, ...) RTB_CHECK_ARG (a), RTB_CHECK_ARGS_2 (__VA_ARGS__)
#define RTB_CHECK_ARGS_4(a, ...) RTB_CHECK_ARG (a), RTB_CHECK_ARGS_3 (__VA_ARGS__)
#define RTB_CHECK_ARGS_5(a, ...) RTB_CHECK_ARG (a), RTB_CHECK_ARGS_4 (__VA_ARGS__)
#define RTB_CHECK_ARGS_6(a, ...) RTB_CHECK_ARG (a), RTB_CHECK_ARGS_5 (__VA_ARGS__)
#define RTB_CHECK_ARGS_PICK(_1, _2, _3, _4, _5, _6, name, ...) name
#define RTB_CHECK_ARGS(...) \
  ((const RtbCheckArg[]) { RTB_CHECK_ARGS_PICK (__VA_ARGS__, RTB_CHECK_ARGS_6, RTB_CHECK_ARGS_5, \
                                                RTB_CHECK_ARGS_4, RTB_CHECK_ARGS_3, \
                                                RTB_CHECK_ARGS_2, RTB_CHECK_ARGS_1) (__VA_ARGS__) })
#define RTB_CHECK_N_ARGS(...) (sizeof (RTB_CHECK_ARGS (__VA_ARGS__)) / sizeof (RtbCheckArg))

/* `msgid` and `plural` are the English messages, string literals (xgettext knows these macros
 * by name: po/meson.build, scripts/checklist-msgids.py); each conversion (%s, %d, %u, %lld, or
 * %2$s in a translation) takes one argument, a sentence or words for %s. Transfer full. */
RtbCheckText *_rtb_check_text_new (const char *msgid, const char *plural, unsigned long n,
                                   const RtbCheckArg *args, guint n_args);
#define MSG(msgid) _rtb_check_text_new (msgid, NULL, 0, NULL, 0)
#define MSGF(msgid, ...) \
  _rtb_check_text_new (msgid, NULL, 0, RTB_CHECK_ARGS (__VA_ARGS__), \
                       RTB_CHECK_N_ARGS (__VA_ARGS__))
#define MSGN(msgid, plural, n, ...) \
  _rtb_check_text_new (msgid, plural, n, RTB_CHECK_ARGS (__VA_ARGS__), \
                       RTB_CHECK_N_ARGS (__VA_ARGS__))

/* Words the same in every language ("PREEMPT_RT", a clocksource's name); takes `words`. */
RtbCheckText *_rtb_check_text_words (char *words);
/* An empty sentence that pieces are appended to: a list of tasks, of interrupts. */
RtbCheckText *_rtb_check_text_list (void);
void _rtb_check_text_append (RtbCheckText *list, const RtbCheckText *piece);
void _rtb_check_text_append_words (RtbCheckText *list, const char *words);
/* Whether it reads the same in every language: nothing of it is the checklist's message. */
gboolean _rtb_check_text_is_words (const RtbCheckText *text);
RtbCheckText *_rtb_check_text_copy (const RtbCheckText *text);
void _rtb_check_text_free (RtbCheckText *text);

/* The sentence a run file's `source` (value_msg, advice_msg) makes in the reader's language;
 * NULL when anything in it is not what the checklist writes: a message the checklist does not
 * have, a conversion it does not use, more or fewer arguments than conversions, nesting deeper
 * than it does. The caller then shows the sentence as saved. */
char *_rtb_check_text_from_source (JsonNode *source);

/* The messages the checklist has, from its sources at build time (rtb-checklist-msgids.h):
 * the i-th (FALSE past the last), and whether `msgid` with `plural` (NULL: none) is one. */
gboolean _rtb_check_text_get_known (guint i, const char **msgid, const char **plural);
gboolean _rtb_check_text_is_known (const char *msgid, const char *plural);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RtbCheckText, _rtb_check_text_free)

G_END_DECLS
