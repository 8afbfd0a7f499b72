/**
 * The behaviour of the password fields on a page that does not hydrate (/login, issue 26,
 * Speed), as its inline enhancement (`handle.enhance`, app/lib/route-handle.ts): the show/hide
 * toggle of every `PasswordField` (forms.tsx) and the live `PasswordChecklist`. On pages React
 * renders, those components do the same from their own state.
 */

/**
 * Wires the page's password toggles (`[data-password-toggle]`: the input beside it switches
 * between hidden and shown, `aria-pressed` follows) and checklists (`[data-password-checklist]`:
 * each line's `data-met` follows the first `autocomplete="new-password"` input of its form,
 * the 'match' line the second), once. Self-contained: it is serialised into the page.
 */
export function enhancePasswordFields(): void {
  document.querySelectorAll<HTMLButtonElement>('[data-password-toggle]').forEach((button) => {
    if (button.dataset.enhanced) return;
    button.dataset.enhanced = 'true';
    const input = button.parentElement?.querySelector('input');
    if (!input) return;
    button.addEventListener('click', () => {
      const shown = input.type === 'password';
      input.type = shown ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(shown));
    });
  });
  document.querySelectorAll<HTMLElement>('[data-password-checklist]').forEach((list) => {
    const form = list.closest('form');
    if (!form || list.dataset.enhanced) return;
    list.dataset.enhanced = 'true';
    const [password, confirmation] = Array.from(form.querySelectorAll<HTMLInputElement>('input[autocomplete="new-password"]'));
    if (!password) return;
    const update = () => {
      list.querySelectorAll<HTMLElement>('[data-rule]').forEach((line) => {
        const pattern = line.dataset.pattern;
        const met = pattern
          ? new RegExp(pattern).test(password.value)
          : password.value.length > 0 && password.value === confirmation?.value;
        line.dataset.met = String(met);
      });
    };
    form.addEventListener('input', update);
    update();
  });
}
