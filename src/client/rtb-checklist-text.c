/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rtb-checklist-msgids.h"
#include "rtb-checklist-text.h"

/* Deeper than any sentence the checklist makes (a list of tasks in a sentence: 3). */
#define MAX_DEPTH 6
#define MAX_ARGS 8
#define MAX_LIST 64
/* errno values end below 4096 on Linux (MAX_ERRNO). */
#define MAX_ERRNO 4095

RtbCheckArg
_rtb_check_arg_words (const char *words)
{
  return (RtbCheckArg) { .kind = RTB_CHECK_ARG_WORDS, .words = words };
}

RtbCheckArg
_rtb_check_arg_text (const RtbCheckText *text)
{
  return (RtbCheckArg) { .kind = RTB_CHECK_ARG_TEXT, .text = text };
}

RtbCheckArg
_rtb_check_arg_signed (long long number)
{
  return (RtbCheckArg) { .kind = RTB_CHECK_ARG_SIGNED, .number = number };
}

RtbCheckArg
_rtb_check_arg_unsigned (unsigned long long number)
{
  return (RtbCheckArg) { .kind = RTB_CHECK_ARG_UNSIGNED, .number = (long long) number };
}

RtbCheckArg
_rtb_check_arg_errno (RtbCheckErrno error)
{
  return (RtbCheckArg) { .kind = RTB_CHECK_ARG_ERRNO, .number = error.error };
}

/* One conversion of a message: %s, %d, %u, %lld, %llu, each perhaps numbered (%2$s, as
 * translations reorder them). FALSE at anything else: a width, a precision, %n, %x. */
static gboolean
read_conversion (const char **p, guint *next, guint *position, char *type)
{
  const char *q = *p + 1;
  guint number = 0;

  if (g_ascii_isdigit (*q))
    {
      while (g_ascii_isdigit (*q) && number < 100)
        number = number * 10 + (guint) (*q++ - '0');
      if (*q != '$' || number == 0 || number > MAX_ARGS)
        return FALSE;
      q++;
      *position = number - 1;
    }
  else
    *position = (*next)++;
  if (q[0] == 'l' && q[1] == 'l' && (q[2] == 'd' || q[2] == 'u'))
    q += 2;
  if (*q != 's' && *q != 'd' && *q != 'u')
    return FALSE;
  *type = *q;
  *p = q + 1;
  return *position < MAX_ARGS;
}

/* The types of a message's arguments ('s', 'd' or 'u', by position) and how many it takes;
 * FALSE when it has a conversion the checklist does not use, or skips a position. */
static gboolean
read_conversions (const char *format, char types[MAX_ARGS], guint *n)
{
  guint next = 0, used = 0;

  memset (types, 0, MAX_ARGS);
  *n = 0;
  for (const char *p = format; *p != '\0';)
    {
      guint position;
      char type;

      if (*p != '%')
        p++;
      else if (p[1] == '%')
        p += 2;
      else if (!read_conversion (&p, &next, &position, &type))
        return FALSE;
      else
        {
          types[position] = type;
          used |= 1u << position;
          *n = MAX (*n, position + 1);
        }
    }
  return used == (1u << *n) - 1;
}

/* `format` with its conversions replaced by `args` (strings whatever the conversion); NULL when
 * a conversion is not one read_conversion () takes or names an argument past `n_args`. */
static char *
substitute (const char *format, char **args, guint n_args)
{
  g_autoptr (GString) out = g_string_new (NULL);
  guint next = 0;

  for (const char *p = format; *p != '\0';)
    {
      guint position;
      char type;

      if (*p != '%')
        g_string_append_c (out, *p++);
      else if (p[1] == '%')
        {
          g_string_append_c (out, '%');
          p += 2;
        }
      else if (!read_conversion (&p, &next, &position, &type) || position >= n_args)
        return NULL;
      else
        g_string_append (out, args[position]);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A list is a JSON array of its pieces; words are strings, merged with the words before them. */
static gboolean
is_words (JsonNode *source)
{
  JsonArray *array;

  if (source == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (source))
    return FALSE;
  array = json_node_get_array (source);
  return json_array_get_length (array) == 0 ||
         (json_array_get_length (array) == 1 &&
          JSON_NODE_HOLDS_VALUE (json_array_get_element (array, 0)));
}

static JsonNode *
string_node (const char *text)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, text);
  return node;
}

static JsonNode *
arg_source (const RtbCheckArg *arg, const char *text)
{
  JsonObject *object;
  JsonNode *node;

  switch (arg->kind)
    {
    case RTB_CHECK_ARG_TEXT:
      if (!is_words (arg->text->source))
        return json_node_copy (arg->text->source);
      return string_node (text);
    case RTB_CHECK_ARG_ERRNO:
      object = json_object_new ();
      json_object_set_int_member (object, "errno", arg->number);
      node = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (node, object);
      return node;
    case RTB_CHECK_ARG_WORDS:
    case RTB_CHECK_ARG_SIGNED:
    case RTB_CHECK_ARG_UNSIGNED:
    default:
      return string_node (text);
    }
}

static char *
arg_text (const RtbCheckArg *arg, char type)
{
  gboolean is_string = arg->kind == RTB_CHECK_ARG_WORDS || arg->kind == RTB_CHECK_ARG_TEXT ||
                       arg->kind == RTB_CHECK_ARG_ERRNO;

  if (is_string != (type == 's'))
    {
      g_critical ("a checklist message's %%%c was given a %s", type,
                  is_string ? "string" : "number");
      return g_strdup ("?");
    }
  switch (arg->kind)
    {
    case RTB_CHECK_ARG_WORDS:
      return g_strdup (arg->words != NULL ? arg->words : "?");
    case RTB_CHECK_ARG_TEXT:
      return g_strdup (arg->text->text);
    case RTB_CHECK_ARG_ERRNO:
      return g_strdup (g_strerror ((int) arg->number));
    case RTB_CHECK_ARG_SIGNED:
      return g_strdup_printf ("%lld", arg->number);
    case RTB_CHECK_ARG_UNSIGNED:
    default:
      return g_strdup_printf ("%llu", (unsigned long long) arg->number);
    }
}

static const char *
translate (const char *msgid, const char *plural, unsigned long n)
{
  return plural != NULL ? g_dngettext (GETTEXT_PACKAGE, msgid, plural, n)
                        : g_dgettext (GETTEXT_PACKAGE, msgid);
}

RtbCheckText *
_rtb_check_text_new (const char *msgid, const char *plural, unsigned long n,
                     const RtbCheckArg *args, guint n_args)
{
  RtbCheckText *text = g_new0 (RtbCheckText, 1);
  JsonObject *source = json_object_new ();
  JsonArray *sources = n_args > 0 ? json_array_sized_new (n_args) : NULL;
  g_auto (GStrv) strings = g_new0 (char *, n_args + 1);
  char types[MAX_ARGS];
  guint n_types = 0;

  if (!read_conversions (msgid, types, &n_types) || n_types != n_args)
    g_critical ("the checklist message \"%s\" takes %u arguments, was given %u", msgid, n_types,
                n_args);
  json_object_set_string_member (source, "text", msgid);
  if (plural != NULL)
    {
      json_object_set_string_member (source, "plural", plural);
      json_object_set_int_member (source, "n", (gint64) n);
    }
  for (guint i = 0; i < n_args; i++)
    {
      strings[i] = arg_text (&args[i], i < MAX_ARGS && types[i] != 0 ? types[i] : 's');
      json_array_add_element (sources, arg_source (&args[i], strings[i]));
    }
  if (sources != NULL)
    json_object_set_array_member (source, "args", sources);
  text->source = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (text->source, source);
  text->text = substitute (translate (msgid, plural, n), strings, n_args);
  if (text->text == NULL)
    {
      g_critical ("the translation of \"%s\" has a conversion rtbench does not take", msgid);
      text->text = substitute (msgid, strings, n_args);
    }
  if (text->text == NULL)
    text->text = g_strdup (msgid);
  return text;
}

RtbCheckText *
_rtb_check_text_words (char *words)
{
  RtbCheckText *text = g_new0 (RtbCheckText, 1);

  text->text = words;
  return text;
}

RtbCheckText *
_rtb_check_text_list (void)
{
  RtbCheckText *text = g_new0 (RtbCheckText, 1);

  text->text = g_strdup ("");
  text->source = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (text->source, json_array_new ());
  return text;
}

static void
append (RtbCheckText *list, const char *text, JsonNode *source)
{
  JsonArray *array = json_node_get_array (list->source);
  guint n = json_array_get_length (array);
  JsonNode *last = n > 0 ? json_array_get_element (array, n - 1) : NULL;
  char *joined = g_strconcat (list->text, text, NULL);

  g_free (list->text);
  list->text = joined;
  if (source == NULL && last != NULL && JSON_NODE_HOLDS_VALUE (last))
    {
      g_autofree char *words = g_strconcat (json_node_get_string (last), text, NULL);

      json_node_set_string (last, words);
    }
  else
    json_array_add_element (array, source != NULL ? source : string_node (text));
}

void
_rtb_check_text_append (RtbCheckText *list, const RtbCheckText *piece)
{
  g_return_if_fail (list != NULL && list->source != NULL && JSON_NODE_HOLDS_ARRAY (list->source));
  append (list, piece->text, is_words (piece->source) ? NULL : json_node_copy (piece->source));
}

void
_rtb_check_text_append_words (RtbCheckText *list, const char *words)
{
  g_return_if_fail (list != NULL && list->source != NULL && JSON_NODE_HOLDS_ARRAY (list->source));
  append (list, words, NULL);
}

RtbCheckText *
_rtb_check_text_copy (const RtbCheckText *text)
{
  RtbCheckText *copy = g_new0 (RtbCheckText, 1);

  copy->text = g_strdup (text->text);
  copy->source = text->source != NULL ? json_node_copy (text->source) : NULL;
  return copy;
}

void
_rtb_check_text_free (RtbCheckText *text)
{
  if (text == NULL)
    return;
  g_free (text->text);
  g_clear_pointer (&text->source, json_node_unref);
  g_free (text);
}

gboolean
_rtb_check_text_is_words (const RtbCheckText *text)
{
  return is_words (text->source);
}

gboolean
_rtb_check_text_get_known (guint i, const char **msgid, const char **plural)
{
  if (i >= G_N_ELEMENTS (rtb_checklist_msgids))
    return FALSE;
  *msgid = rtb_checklist_msgids[i].msgid;
  *plural = rtb_checklist_msgids[i].plural;
  return TRUE;
}

gboolean
_rtb_check_text_is_known (const char *msgid, const char *plural)
{
  for (guint i = 0; i < G_N_ELEMENTS (rtb_checklist_msgids); i++)
    if (strcmp (rtb_checklist_msgids[i].msgid, msgid) == 0 &&
        g_strcmp0 (rtb_checklist_msgids[i].plural, plural) == 0)
      return TRUE;
  return FALSE;
}

static char *render (JsonNode *node, guint depth);

/* A string member, or NULL when absent or not a string. */
static const char *
member_string (JsonObject *object, const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
member_int (JsonObject *object, const char *member, gint64 max, gint64 *out)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (node);
  return *out >= 0 && *out <= max;
}

static char *
render_message (JsonObject *object, guint depth)
{
  const char *msgid = member_string (object, "text");
  const char *plural = member_string (object, "plural");
  JsonNode *args_node = json_object_get_member (object, "args");
  JsonArray *args = args_node != NULL && JSON_NODE_HOLDS_ARRAY (args_node)
                      ? json_node_get_array (args_node) : NULL;
  guint n_args = args != NULL ? json_array_get_length (args) : 0;
  g_auto (GStrv) strings = NULL;
  char types[MAX_ARGS];
  guint n_types;
  gint64 n = 0;

  if (msgid == NULL || (json_object_has_member (object, "plural") && plural == NULL) ||
      (plural != NULL && !member_int (object, "n", G_MAXUINT32, &n)) ||
      (args_node != NULL && args == NULL) || !_rtb_check_text_is_known (msgid, plural) ||
      !read_conversions (msgid, types, &n_types) || n_types != n_args)
    return NULL;
  strings = g_new0 (char *, n_args + 1);
  for (guint i = 0; i < n_args; i++)
    if ((strings[i] = render (json_array_get_element (args, i), depth + 1)) == NULL)
      return NULL;
  return substitute (translate (msgid, plural, (unsigned long) n), strings, n_args);
}

static char *
render (JsonNode *node, guint depth)
{
  JsonObject *object;
  gint64 error;

  if (depth > MAX_DEPTH)
    return NULL;
  if (JSON_NODE_HOLDS_VALUE (node))
    return json_node_get_value_type (node) == G_TYPE_STRING
             ? g_strdup (json_node_get_string (node)) : NULL;
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      g_autoptr (GString) joined = g_string_new (NULL);

      if (json_array_get_length (array) > MAX_LIST)
        return NULL;
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *piece = render (json_array_get_element (array, i), depth + 1);

          if (piece == NULL)
            return NULL;
          g_string_append (joined, piece);
        }
      return g_string_free (g_steal_pointer (&joined), FALSE);
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  object = json_node_get_object (node);
  if (json_object_has_member (object, "errno"))
    return member_int (object, "errno", MAX_ERRNO, &error) && error > 0
             ? g_strdup (g_strerror ((int) error)) : NULL;
  return render_message (object, depth);
}

char *
_rtb_check_text_from_source (JsonNode *source)
{
  g_return_val_if_fail (source != NULL, NULL);
  /* A sentence is a message or a list: a bare string would stand for any sentence at all. */
  if (!JSON_NODE_HOLDS_OBJECT (source) && !JSON_NODE_HOLDS_ARRAY (source))
    return NULL;
  return render (source, 0);
}
