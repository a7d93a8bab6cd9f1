/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A run command line, "start METHOD key=value...", read into an RtbCommand. */
#include "config.h"

#include <string.h>

#include "rtb-command-private.h"

#define MAX_TOKENS 64

static bool
is_space (char c)
{
  return c == ' ' || c == '\t';
}

/* Whether a token of `key_of[from]` to `key_of[to - 1]` gave `key`. */
static bool
given (const RtbKey *const *key_of, int from, int to, const RtbKey *key)
{
  for (int i = from; i < to; i++)
    if (key_of[i] == key)
      return true;
  return false;
}

bool
rtb_command_check_bytes (const char *line, size_t len, RtbCommandError *error)
{
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) line[i];

      if (c == 0)
        return fail (error, RTB_ERROR_SYNTAX, "",
                     "the command has a NUL byte (0x00) at offset %zu, which would hide what "
                     "follows it: send plain ASCII key=value words", i);
      if ((c < 0x20 && c != '\t') || c >= 0x7f)
        return fail (error, RTB_ERROR_SYNTAX, "",
                     "the command has a %s byte 0x%02x at offset %zu: send plain ASCII "
                     "key=value words", c >= 0x80 ? "non-ASCII" : "control", c, i);
    }
  return true;
}

bool
rtb_command_parse (const char *line, bool with_verb, int n_cpus_online, RtbCommand *cmd,
                   RtbCommandError *error)
{
  return rtb_command_parse_n (line, line != NULL ? strlen (line) : 0, with_verb, n_cpus_online,
                              cmd, error);
}

bool
rtb_command_parse_n (const char *line, size_t len, bool with_verb, int n_cpus_online,
                     RtbCommand *cmd, RtbCommandError *error)
{
  char buf[RTB_COMMAND_MAX + 1];
  char *tokens[MAX_TOKENS];
  const RtbKey *key_of[MAX_TOKENS] = { NULL };
  int n_tokens = 0;
  int first = 0;
  char q[40];
  char list[200];
  char methods[96];

  if (error != NULL)
    memset (error, 0, sizeof *error);
  if (line == NULL)
    return fail (error, RTB_ERROR_SYNTAX, "", "no command");

  if (len > 0 && line[len - 1] == '\n')
    len--;
  if (len > 0 && line[len - 1] == '\r')
    len--;
  if (len > RTB_COMMAND_MAX)
    return fail (error, RTB_ERROR_SYNTAX, "", "the command is longer than %d bytes",
                 RTB_COMMAND_MAX);
  if (!rtb_command_check_bytes (line, len, error))
    return false;
  memcpy (buf, line, len);
  buf[len] = '\0';

  for (char *p = buf; *p != '\0';)
    {
      while (is_space (*p))
        *p++ = '\0';
      if (*p == '\0')
        break;
      if (n_tokens == MAX_TOKENS)
        return fail (error, RTB_ERROR_SYNTAX, "", "the command has more than %d words",
                     MAX_TOKENS);
      tokens[n_tokens++] = p;
      while (*p != '\0' && !is_space (*p))
        p++;
    }

  if (n_tokens == 0)
    return fail (error, RTB_ERROR_SYNTAX, "",
                 "empty command: use %sMETHOD key=value..., METHOD is %s",
                 with_verb ? "start " : "", method_list (methods, sizeof methods));

  if (with_verb)
    {
      if (strcmp (tokens[0], "stop") == 0)
        return fail (error, RTB_ERROR_STATE, "", "stop: no run is in progress");
      if (strcmp (tokens[0], "start") != 0)
        return fail (error, RTB_ERROR_SYNTAX, "",
                     "unknown command '%s': use start METHOD key=value... or stop",
                     quote (tokens[0], q, sizeof q));
      first = 1;
    }

  if (first >= n_tokens || strchr (tokens[first], '=') != NULL)
    return fail (error, RTB_ERROR_SYNTAX, "method", "the method is missing: use %s",
                 method_list (methods, sizeof methods));

  RtbMethod method;
  if (!rtb_method_from_string (tokens[first], &method))
    return fail (error, RTB_ERROR_SYNTAX, "method", "unknown method '%s': use %s",
                 quote (tokens[first], q, sizeof q), method_list (methods, sizeof methods));

  rtb_command_defaults (cmd, method, n_cpus_online);
  _rtb_command_key_list (method, list, sizeof list);

  for (int i = first + 1; i < n_tokens; i++)
    {
      char *eq = strchr (tokens[i], '=');
      if (eq == NULL)
        return fail (error, RTB_ERROR_SYNTAX, tokens[i],
                     "'%s' has no '=': write key=value with a key among %s",
                     quote (tokens[i], q, sizeof q), list);
      if (eq == tokens[i])
        return fail (error, RTB_ERROR_SYNTAX, "", "'%s' has no key before '=': use %s",
                     quote (tokens[i], q, sizeof q), list);
      *eq = '\0';
      const RtbKey *k = rtb_command_key_lookup (tokens[i], strlen (tokens[i]));
      if (!rtb_command_key_taken (k, method))
        return fail (error, RTB_ERROR_SYNTAX, tokens[i], "unknown key '%s' for %s: use %s",
                     quote (tokens[i], q, sizeof q), tokens[first], list);
      if (given (key_of, first + 1, i, k))
        return fail (error, RTB_ERROR_SYNTAX, tokens[i], "key '%s' is given twice: give it once",
                     tokens[i]);
      if (eq[1] == '\0')
        return fail (error, RTB_ERROR_SYNTAX, tokens[i], "key '%s' has no value after '='",
                     tokens[i]);
      key_of[i] = k;
    }

  /* The variant goes first, then the policy: each decides what an omitted policy or priority
   * means. */
  for (int pass = 0; pass < 3; pass++)
    for (int i = first + 1; i < n_tokens; i++)
      {
        int pass_of = key_of[i] == RTB_KEY_VARIANT ? 0 : key_of[i] == RTB_KEY_POLICY ? 1 : 2;
        if (pass_of != pass)
          continue;
        if (!rtb_command_set (cmd, tokens[i], tokens[i] + strlen (tokens[i]) + 1, n_cpus_online,
                              error))
          return false;
      }

  return rtb_command_check (cmd, n_cpus_online, error);
}
