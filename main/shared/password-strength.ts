/**
 * What makes a password good enough to seal the wallet with (issue 24): at least 8 characters,
 * and not one of the shapes a guesser tries first. Each refusal says why, in words, so the
 * person knows what to change; the password itself is never repeated. Shared by main (which
 * decides) and the renderer (which says it while the person types).
 */
export const MIN_PASSWORD_LENGTH = 8;

/** A few of the passwords every guessing list starts with (lower case, without digits). */
const COMMON = [
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'letmein',
  'iloveyou',
  'welcome',
  'admin',
  'abc123',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'solana',
  'swapdesk',
  'wallet',
  'bitcoin',
];

/**
 * Why `password` is too weak, or null when it is good enough.
 *
 * @example
 * weaknessOf('aaaaaaaa') // 'It repeats one character: …'
 */
export function weaknessOf(password: string): string | null {
  const chars = [...password];
  if (chars.length < MIN_PASSWORD_LENGTH) {
    return `It has ${chars.length} characters; use at least ${MIN_PASSWORD_LENGTH}, and longer is better: a few unrelated words are easy to remember and hard to guess.`;
  }
  if (new Set(chars).size <= 2) {
    return 'It repeats one or two characters, which is among the first things a guesser tries. Mix several different words or characters.';
  }
  const lower = password.toLowerCase();
  const letters = lower.replace(/[^a-z]/g, '');
  if (COMMON.some((word) => letters === word || lower === word || lower.startsWith(word))) {
    return 'It is, or starts with, one of the most used passwords, which every guessing list tries first. Choose words that are yours alone.';
  }
  const codes = chars.map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]!);
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) {
    return 'It is a run of consecutive characters (like 12345678 or abcdefgh), which a guesser tries early. Mix unrelated words or characters.';
  }
  if (/^\d+$/.test(password)) {
    return 'It is only digits, so there are few possibilities to try. Add letters or words.';
  }
  return null;
}
