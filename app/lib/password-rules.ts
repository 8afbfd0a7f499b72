/**
 * The password rule for every new password (product §5 sign-up; product decisions applies it to reset
 * and change too): at least 8 characters with an uppercase letter, a lowercase letter, a number
 * and a special character.
 */
const rule = (id: string, label: string, pattern: RegExp) => ({ id, label, pattern, test: (p: string) => pattern.test(p) });

/**
 * Each rule as a pattern too, so the page's inline enhancement (no React) can check it from the
 * checklist's `data-pattern` (password-checklist.tsx).
 */
export const passwordRules = [
  rule('length', 'At least 8 characters', /^[\s\S]{8,}$/),
  rule('upper', 'One uppercase letter', /[A-Z]/),
  rule('lower', 'One lowercase letter', /[a-z]/),
  rule('number', 'One number', /\d/),
  rule('special', 'One special character', /[^A-Za-z0-9]/),
] as const;

/** The labels of the rules `password` breaks (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  return passwordRules.filter((r) => !r.test(password)).map((r) => r.label.toLowerCase());
}
