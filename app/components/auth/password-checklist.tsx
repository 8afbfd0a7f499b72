/**
 * The live checklist of the password rule (product §5 sign-up) under a new-password field: each
 * rule turns green as it is met; the confirmation's match is the last line when given.
 *
 * Each line's state is its `data-met` attribute, and CSS shows the icon and the words for it, so
 * the same markup is kept live by React (props) or, on /login, which does not hydrate, by
 * `enhancePasswordFields` (password-field-enhancement.ts): it reads the first two
 * `autocomplete="new-password"` inputs of the form and each line's `data-pattern`.
 */
import { Check, Circle } from 'lucide-react';
import { passwordRules } from '~/lib/password-rules';

export function PasswordChecklist({ id, password, confirmation }: { id: string; password: string; confirmation?: string }) {
  const items: { id: string; label: string; ok: boolean; pattern?: string }[] = passwordRules.map((r) => ({
    id: r.id,
    label: r.label,
    ok: r.test(password),
    pattern: r.pattern.source,
  }));
  if (confirmation !== undefined)
    items.push({ id: 'match', label: 'Passwords match', ok: password.length > 0 && password === confirmation });
  return (
    <ul id={id} data-password-checklist className="mt-2 grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {items.map((item) => (
        <li
          key={item.id}
          data-rule={item.id}
          data-pattern={item.pattern}
          data-met={item.ok}
          className="group flex items-center gap-2 text-muted data-[met=true]:text-success"
        >
          <Check aria-hidden className="hidden size-4 group-data-[met=true]:block" />
          <Circle aria-hidden className="size-3.5 group-data-[met=true]:hidden" />
          {item.label}
          <span className="sr-only group-data-[met=true]:hidden"> (not met)</span>
          <span className="sr-only hidden group-data-[met=true]:inline"> (met)</span>
        </li>
      ))}
    </ul>
  );
}
