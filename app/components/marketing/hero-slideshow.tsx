/**
 * The home hero's background: up to three pictures cross-fading every 3000 ms (product §2
 * Home), in CSS alone, since the home page ships no JavaScript (app/lib/route-handle.ts).
 *
 * Each slide runs the same 9 s animation (`hero-slide` in app.css: a 1 s fade in, shown until
 * 3 s, a 1 s fade out), started 3 s after the one before; the first starts 1 s in, so it is
 * shown at once, and each cross-fade ends on a multiple of 3 s. Under prefers-reduced-motion no
 * slide animates and only the first is shown.
 */
import { Picture } from '~/components/ui/picture';
import { cn } from '~/lib/cn';

/**
 * Each slide's place in the cycle (product §2 Home: "rotating every 3 seconds"; the 9 s and the
 * fades are in app.css's `hero-slide`), as literal classes for Tailwind; the first slide is the
 * one shown without motion.
 */
const SLIDES: Record<number, readonly string[]> = {
  1: [''],
  2: [
    'motion-safe:animate-hero-slide-2 motion-safe:[animation-delay:-1s]',
    'opacity-0 motion-safe:animate-hero-slide-2 motion-safe:[animation-delay:2s]',
  ],
  3: [
    'motion-safe:animate-hero-slide motion-safe:[animation-delay:-1s]',
    'opacity-0 motion-safe:animate-hero-slide motion-safe:[animation-delay:2s]',
    'opacity-0 motion-safe:animate-hero-slide motion-safe:[animation-delay:5s]',
  ],
};

/** `images`: one to three picture names or paths (staff choose them in Site content > Imagery). */
export function HeroSlideshow({ images }: { images: readonly string[] }) {
  const slides = SLIDES[Math.min(Math.max(images.length, 1), 3)]!;
  return (
    <div className="absolute inset-0 -z-10" data-testid="hero-slideshow">
      {images.slice(0, 3).map((name, i) => (
        <div key={`${i}-${name}`} className={cn('absolute inset-0', slides[i])} aria-hidden="true">
          {/* The first picture is the page's largest paint; the others load behind it. */}
          <Picture name={name} alt="" priority={i === 0} fetchPriority={i === 0 ? 'high' : 'low'} className="h-full w-full" />
        </div>
      ))}
    </div>
  );
}
