/**
 * Uploading a picture for the site (issue "First impression"): a team member's photo or a hero
 * picture, posted to POST /admin-dashboard/content/images with where it goes (`target`: the
 * person, or the hero slot and Home's index). That route checks and stores the picture and puts
 * it in the section's draft itself, so the page only reloads its data: with JavaScript through a
 * fetcher (the success toast is a flash, since the card is renewed with its new picture), without
 * it as a plain multipart form that comes back to the section's page.
 */
import { ChevronDown } from 'lucide-react';
import { useFetcher } from 'react-router';
import { FilePicker } from '~/components/ui/file-picker';
import { formatBytes } from '~/lib/documents';
import { SITE_IMAGE_MAX_BYTES } from '~/lib/site-content';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { HiddenFields, SaveButton } from './content-list';

export const SITE_IMAGE_UPLOAD_PATH = '/admin-dashboard/content/images';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/avif';
const HINTS = {
  hero: `PNG, JPG, WebP or AVIF, at least 1,280 pixels wide, up to ${formatBytes(SITE_IMAGE_MAX_BYTES)}. Cropped to 16:9 around the centre.`,
  portrait: `PNG, JPG, WebP or AVIF, at least 256 pixels wide, up to ${formatBytes(SITE_IMAGE_MAX_BYTES)}. Cropped square around the face.`,
} as const;

/**
 * A closed panel `label` ('Replace', 'Upload a photo' …) with the file picker and its button.
 * `id` names its input uniquely on the page; `name` says which picture, for assistive technology.
 */
export function SiteImageUpload({
  id,
  label,
  name,
  target,
}: {
  id: string;
  label: string;
  name: string;
  target: { kind: 'portrait'; memberId: string } | { kind: 'hero'; slot: string; index?: number };
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const busy = fetcher.state !== 'idle';
  const fields: Record<string, string> = Object.fromEntries(
    Object.entries(target)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-md text-sm font-semibold text-navy-700 hover:underline sm:min-h-9 [&::-webkit-details-marker]:hidden">
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        {label}
        <span className="sr-only"> ({name})</span>
      </summary>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        action={SITE_IMAGE_UPLOAD_PATH}
        className="mt-2 grid gap-3 rounded-lg bg-ivory p-3"
      >
        {/* Where it goes first, so the route knows it before the file arrives. */}
        <HiddenFields fields={fields} />
        <FilePicker
          id={id}
          name="file"
          label={`Picture for ${name}`}
          accept={ACCEPT}
          maxBytes={SITE_IMAGE_MAX_BYTES}
          hint={HINTS[target.kind]}
        />
        <div>
          <SaveButton busy={busy} busyLabel="Uploading…">
            Upload
          </SaveButton>
        </div>
      </fetcher.Form>
    </details>
  );
}
