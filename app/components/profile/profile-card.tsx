/**
 * The profile's photo card (product §2 Profile, §5 avatar): the photo or initials, 'Change profile
 * photo' (PNG, JPEG or WebP under 2 MB, checked here and again by the server, which re-encodes
 * it), the name, the roles and the e-mail.
 */
import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { useProfileFetcher, type ProfileView } from './parts';
import { roleLabel } from '~/lib/nav';
import { AVATAR_MAX_BYTES } from '~/lib/schemas/profile';
import { cardClasses } from '~/components/ui/card';
import { EmailAddress } from '~/components/ui/email-address';

export function ProfileCard({ profile }: { profile: ProfileView }) {
  const fetcher = useProfileFetcher();
  const input = useRef<HTMLInputElement>(null);
  // A file refused here, before any byte is sent (the server checks again).
  const [refusal, setRefusal] = useState<string | null>(null);
  const initials = profile.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

  function upload(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setRefusal('Invalid file type. Please upload an image file.');
    if (file.size > AVATAR_MAX_BYTES) return setRefusal('File too large. The image must be under 2MB.');
    setRefusal(null);
    const body = new FormData();
    body.set('intent', 'avatar');
    body.set('avatar', file);
    fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
  }

  return (
    <section className={cardClasses('none', 'h-fit p-6 text-center')}>
      <div className="relative mx-auto size-28">
        {profile.avatarKey ? (
          <img
            src={`/${profile.avatarKey}`}
            alt={profile.name}
            width={112}
            height={112}
            className="size-28 rounded-full object-cover ring-4 ring-brass-100"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-28 items-center justify-center rounded-full bg-navy-900 font-serif text-3xl text-brass-300 ring-4 ring-brass-100"
          >
            {initials || '?'}
          </span>
        )}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={fetcher.state !== 'idle'}
          className="absolute -right-1 -bottom-1 inline-flex size-11 items-center justify-center rounded-full bg-brass-500 text-navy-950 shadow-md hover:bg-brass-400 disabled:opacity-60"
        >
          <Camera aria-hidden className="size-5" />
          <span className="sr-only">Change profile photo</span>
        </button>
        <input
          ref={input}
          type="file"
          name="avatar"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo"
          onChange={(e) => {
            upload(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {fetcher.state !== 'idle' && <p className="mt-3 text-sm text-muted">Uploading…</p>}
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {refusal}
        </p>
      )}
      <p className="mt-4 font-serif text-2xl text-navy-900">{profile.name}</p>
      <p className="mt-1 inline-block rounded-full bg-brass-50 px-3 py-1 text-xs font-semibold tracking-wide text-brass-800">
        {roleLabel(profile)}
      </p>
      <p className="mt-3 text-sm text-muted">
        <EmailAddress email={profile.email} />
      </p>
      <p className="mt-1 text-xs text-muted">PNG, JPEG or WebP, under 2 MB.</p>
    </section>
  );
}
