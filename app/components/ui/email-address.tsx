/**
 * An e-mail address that wraps, when it must, only after the '@' or a dot of its domain, never
 * in the middle of a word (issue "Solid ground" 9).
 */
import { Fragment } from 'react';

export function EmailAddress({ email }: { email: string }) {
  const [local, domain = ''] = email.split('@');
  const parts = domain.split('.');
  return (
    <span>
      {local}@<wbr />
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              .<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
