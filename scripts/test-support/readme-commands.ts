// The npm and npx commands a Markdown file names, as a reader would type them (read by
// scripts/readme-commands.test.ts, which runs each of README.md's).

/** The lines of code in the text, fenced blocks and inline spans alike, in the order they appear. */
function codeOf(markdown: string): string[] {
  const code = /^```[^\n]*\n([\s\S]*?)^```|(`+)([^`]+?)\2/gm;
  return [...markdown.matchAll(code)].flatMap((m) => (m[1] ?? m[3]!).split('\n'));
}

/**
 * Every distinct npm or npx command in `markdown`: `a && b` gives both, a `# comment` and an
 * optional `[--part ...]` are left out, a leading `NAME=value` setting is kept.
 */
export function readmeCommands(markdown: string): string[] {
  const commands = codeOf(markdown)
    .flatMap((line) => line.replace(/\s+#.*$/, '').split('&&'))
    .map((part) =>
      part
        .replace(/\s*\[[^\]]*\]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => /^(?:[A-Z_]+=\S+ )*np[mx] \S/.test(part));
  return [...new Set(commands)];
}
