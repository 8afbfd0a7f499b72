/**
 * The live checklist of the password rule (product §5 sign-up) under a new-password field: each
 * rule turns green as it is met; the confirmation's match is the last line when given.
 */
import { Check, Circle } from 'lucide-react';
import { passwordRules } from '~/lib/password-rules';
import { cn } from '~/lib/cn';

export function PasswordChecklist({ id, password, confirmation }: { id: string; password: string; confirmation?: string }) {
  const items: { id: string; label: string; ok: boolean }[] = passwordRules.map((r) => ({
    id: r.id,
    label: r.label,
    ok: r.test(password),
  }));
  if (confirmation !== undefined)
    items.push({ id: 'match', label: 'Passwords match', ok: password.length > 0 && password === confirmation });
  return (
    <ul id={id} className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {items.map((item) => (
        <li key={item.id} className={cn('flex items-center gap-2', item.ok ? 'text-success' : 'text-muted')}>
          {item.ok ? <Check aria-hidden className="size-4" /> : <Circle aria-hidden className="size-3.5" />}
          {item.label}
          <span className="sr-only">{item.ok ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
