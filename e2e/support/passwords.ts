/**
 * Every password the browser tests type or send, right or wrong (a mistyped password is often
 * nearly the real one). The leak check (e2e/zz-no-secrets-leaked.spec.ts) looks for each of them
 * in the server's log and the browsers' history, so a spec takes its passwords from here.
 */
export const passwords = {
  demoAdmin: 'demo-admin-2026',
  demoHolder: 'demo-holder-2026',
  demoLukasz: 'demo-lukasz-2026',
  demoAuditor: 'demo-auditor-2026',
  changed: 'lantern over the harbour',
  reset: 'a quiet river at dawn',
  wrong: 'not the password',
  wrongCurrent: 'not my password',
  mismatch: 'something else',
  initial: 'an initial password',
  tooShort: 'short',
  astral: '🔑🦊🌊'.repeat(30),
} as const;

/** The ones long enough to look for without matching ordinary words. */
export const suitePasswords: string[] = Object.values(passwords).filter((p) => p.length >= 8);
