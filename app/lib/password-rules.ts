/**
 * The password rule for every new password (product §5 sign-up; product decisions applies it to reset
 * and change too): at least 8 characters with an uppercase letter, a lowercase letter, a number
 * and a special character.
 */
export const passwordRules = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

/** The labels of the rules `password` breaks (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  return passwordRules.filter((r) => !r.test(password)).map((r) => r.label.toLowerCase());
}
