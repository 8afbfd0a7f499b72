/**
 * The imagery editor of 'Site content' (issue "First impression"): the hero pictures, one to
 * three rotating on Home (in order, moved, removed, added) and one each on Borrowers, Investors
 * and About. Each shows its current picture, 'Replace' (an upload through the upload route, which
 * puts it in the draft) and, once changed, 'Restore the shipped picture' (the one the site came
 * with for that place). Every change is an unpublished one until the section is published.
 */
import { RotateCcw } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { DEFAULT_CONTENT } from '~/content/site-content';
import { HOME_PICTURES_MAX, imageBase, type HeroSlot, type ImageRef, type Imagery } from '~/lib/site-content';
import { useActionAnswer } from '~/lib/use-action-answer';
import { contentKey, HiddenFields, ItemControls, type SectionAnswer } from './content-list';
import { SiteImageUpload } from './content-upload';

const SLOT_LABELS: Record<HeroSlot, string> = { home: 'Home', borrowers: 'Borrowers', investors: 'Investors', about: 'About' };

/** The picture the site ships for `slot` (at `index` on Home). */
function shipped(slot: HeroSlot, index = 0): ImageRef | undefined {
  return slot === 'home' ? DEFAULT_CONTENT.imagery.home[index] : DEFAULT_CONTENT.imagery[slot];
}

function RestoreForm({ slot, index, name }: { slot: HeroSlot; index?: number; name: string }) {
  const fetcher = useFetcher<SectionAnswer>();
  useActionAnswer(fetcher);
  return (
    <fetcher.Form method="post">
      <HiddenFields fields={{ intent: 'restore-image', slot, ...(index === undefined ? {} : { index: String(index) }) }} />
      <Button type="submit" variant="ghost" size="sm" className="px-0" disabled={fetcher.state !== 'idle'}>
        <RotateCcw aria-hidden className="size-4" /> Restore the shipped picture<span className="sr-only"> for {name}</span>
      </Button>
    </fetcher.Form>
  );
}

/** One picture: the image, 'Replace', and 'Restore the shipped picture' when it is not that one. */
function Slot({ slot, index, current, name }: { slot: HeroSlot; index?: number; current: ImageRef; name: string }) {
  const original = shipped(slot, index);
  return (
    <div className="grid gap-2">
      <img
        src={`${imageBase(current)}-640.webp`}
        alt={`Now shown: ${name}`}
        width={320}
        height={180}
        className="aspect-video w-full max-w-80 rounded-lg bg-navy-50 object-cover"
      />
      <SiteImageUpload
        // A new picture closes and empties the upload.
        key={contentKey(current)}
        id={`hero-${slot}-${index ?? 0}`}
        label="Replace"
        name={name}
        target={{ kind: 'hero', slot, index: slot === 'home' ? index : undefined }}
      />
      {original && contentKey(original) !== contentKey(current) && <RestoreForm slot={slot} index={index} name={name} />}
    </div>
  );
}

export function ImageryEditor({ imagery }: { imagery: Imagery }) {
  const home = imagery.home;
  return (
    <div className="grid gap-6">
      <Card aria-labelledby="imagery-home">
        <CardHeader id="imagery-home" title="Home" />
        <p className="-mt-3 mb-5 text-sm text-muted">
          One to {HOME_PICTURES_MAX} pictures, shown in this order and rotating (a visitor who prefers less motion sees the
          first). Pictures are cropped to 16:9.
        </p>
        <ol className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-label="Home slides">
          {home.map((ref, i) => {
            const name = `Home slide ${i + 1}`;
            return (
              <li key={`${i}-${contentKey(ref)}`} className="grid content-start gap-2">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-sans text-base font-semibold text-navy-900">{name}</h3>
                  <ItemControls
                    name={name}
                    target={{ index: String(i) }}
                    first={i === 0}
                    last={i === home.length - 1}
                    intents={{ move: 'move-image', remove: 'remove-image' }}
                    canRemove={home.length > 1}
                    removal="The picture leaves the Home page's rotation once the change is published."
                  />
                </div>
                <Slot slot="home" index={i} current={ref} name={name} />
              </li>
            );
          })}
        </ol>
        {home.length < HOME_PICTURES_MAX && (
          <div className="mt-6 border-t border-line pt-4">
            <SiteImageUpload
              key={home.length}
              id="hero-home-new"
              label="Add a picture"
              name="a new Home slide"
              target={{ kind: 'hero', slot: 'home' }}
            />
          </div>
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        {(['borrowers', 'investors', 'about'] as const).map((slot) => (
          <Card key={slot} aria-labelledby={`imagery-${slot}`}>
            <CardHeader id={`imagery-${slot}`} title={SLOT_LABELS[slot]} />
            <Slot slot={slot} current={imagery[slot]} name={`the ${SLOT_LABELS[slot]} page`} />
          </Card>
        ))}
      </div>
    </div>
  );
}
