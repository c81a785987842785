/**
 * Shapes of secrets, whatever their value: a reset link, a token in a URL, a session cookie, a
 * bearer token, a password hash, an API key, the values of a failed query. A redacted one reads
 * `[Redacted]` in its place.
 */
const SECRET_SHAPES: Array<[string, RegExp]> = [
  ['reset link', /reset-password\?(?:[^\s"]*&)?token=(?!\[Redacted\])[\w-]{8,}/i],
  ['token in a URL', /[?&](?:token|accessToken|refreshToken|access_token|id_token)=[\w.~%-]{16,}/i],
  ['session cookie', /registry\.session_token=(?!\[Redacted\])[^\s;",]{8,}/],
  ['bearer token', /Bearer\s+(?!\[Redacted\])[\w.~+/-]{16,}/],
  ['password hash', /\$argon2(?:id|i|d)\$v=\d+\$/],
  ['legacy password hash', /\b[0-9a-f]{32}:[0-9a-f]{128}\b/],
  ['API key', /\bsrk_(?!\[Redacted\])[\w-]{16,}/],
  ['values of a failed query', /\\nparams: (?!\[Redacted\])/],
];

const around = (text: string, at: number) => `…${text.slice(Math.max(0, at - 40), at + 60)}…`;
const WORD_LIKE = /^[\w-]+$/;

/**
 * Every place in `text` where a secret or a secret's shape appears. Secrets made of word
 * characters (tokens) are looked up among the text's words, so that tens of thousands of them cost
 * one pass; any other (a password with spaces) is searched for as it is.
 */
export function findLeaks(text: string, secrets: Iterable<string>): string[] {
  const hits: string[] = [];
  for (const [name, shape] of SECRET_SHAPES) {
    const m = shape.exec(text);
    if (m) hits.push(`${name}: ${around(text, m.index)}`);
  }
  const words = new Set<string>();
  for (const secret of secrets) {
    if (WORD_LIKE.test(secret)) words.add(secret);
    else {
      const at = text.indexOf(secret);
      if (at >= 0) hits.push(`the secret "${secret.slice(0, 4)}…" at offset ${at}`);
    }
  }
  if (words.size)
    for (const word of /* both splittings: a token may sit next to "-" or "_" */ [
      /[\w-]+/g,
      /[A-Za-z0-9]+/g,
    ])
      for (const m of text.matchAll(word))
        if (words.has(m[0])) {
          hits.push(`the secret "${m[0].slice(0, 4)}…" at offset ${m.index}`);
          words.delete(m[0]);
        }
  return hits;
}
