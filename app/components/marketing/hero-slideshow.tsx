/**
 * The home hero's background: three generated pictures cross-fading every 3000 ms (product §2
 * Home). Under prefers-reduced-motion the first picture stays still. The rotation pauses
 * while the tab is hidden. `data-active` on the wrapper names the visible slide (tests read it).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Picture } from '~/components/ui/picture';
import { cn } from '~/lib/cn';

/** Milliseconds between slides (product §2 Home: "rotating every 3 seconds"). */
export const HERO_INTERVAL_MS = 3000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asked for reduced motion (false on the server). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function HeroSlideshow({ images }: { images: readonly string[] }) {
  const [tick, setTick] = useState(0);
  const reduced = useReducedMotion();

  useEffect(() => {
    if (reduced) return;
    const timer = setInterval(() => {
      if (!document.hidden) setTick((i) => i + 1);
    }, HERO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [reduced]);

  const active = reduced ? 0 : tick % images.length;
  return (
    <div className="absolute inset-0 -z-10" data-active={active} data-testid="hero-slideshow">
      {images.map((name, i) => (
        <div
          key={name}
          className={cn(
            'absolute inset-0 transition-opacity duration-1000 ease-in-out',
            i === active ? 'opacity-100' : 'opacity-0',
          )}
          aria-hidden="true"
        >
          <Picture name={name} alt="" priority={i === 0} className="h-full w-full" />
        </div>
      ))}
    </div>
  );
}
