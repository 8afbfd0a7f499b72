/**
 * 'Markets We Serve' as a real map (product §2 Home; issue "First impression"): Nevada and
 * California with their county lines, and the market cities as brass dots with their names.
 * The geometry is precomputed by scripts/generate-images.mjs into app/content/markets-map.ts
 * (Census Bureau boundaries, California Albers projection), so the page ships no geo library and
 * the map renders on the server like the rest of the page. The same navy-and-brass line work as
 * the generated pictures; colours come from the theme tokens.
 */
import { useId } from 'react';
import { marketsMap } from '~/content/markets-map';
import { cn } from '~/lib/cn';

/** 'Reno, Sparks and Carson City'. */
function list(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The map's accessible name: both states and every city on it. */
function description(): string {
  const byState = marketsMap.states.map(({ name }) => {
    const cities = marketsMap.cities.filter((c) => c.state === name).map((c) => c.name);
    return `${name}: ${list(cities)}`;
  });
  return `Map of the markets we serve in Nevada and California. ${byState.join('. ')}.`;
}

/** Where a leader line from a dot stops, a little short of its label. */
function leaderEnd(city: (typeof marketsMap.cities)[number]): [number, number] {
  const { label } = city;
  const gap = label.anchor === 'end' ? 8 : -8;
  return [label.x + gap, label.y - 10];
}

export function MarketsMap({ className }: { className?: string }) {
  const titleId = useId();
  const { width, height, states, stateLabels, counties, cities } = marketsMap;
  return (
    <figure
      className={cn('overflow-hidden rounded-[var(--radius-card)] bg-navy-950 p-3 shadow-[var(--shadow-card)] sm:p-6', className)}
    >
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="block h-auto w-full font-sans">
        <title id={titleId}>{description()}</title>
        <g strokeLinejoin="round" strokeLinecap="round">
          {states.map((s) => (
            <path key={s.name} d={s.d} className="fill-navy-900" />
          ))}
          <path d={counties} fill="none" strokeWidth={1.5} className="stroke-navy-700" />
          {states.map((s) => (
            <path key={s.name} d={s.d} fill="none" strokeWidth={3} className="stroke-navy-300" />
          ))}
        </g>
        {stateLabels.map((s) => (
          <text
            key={s.name}
            x={s.x}
            y={s.y}
            transform={s.rotate ? `rotate(${s.rotate} ${s.x} ${s.y})` : undefined}
            textAnchor="middle"
            letterSpacing="0.5em"
            className="fill-navy-300 text-[34px] sm:text-[28px]"
          >
            {s.name.toUpperCase()}
          </text>
        ))}
        {cities.map((c) =>
          c.label.leader ? (
            <line
              key={`leader-${c.name}`}
              x1={c.x}
              y1={c.y}
              x2={leaderEnd(c)[0]}
              y2={leaderEnd(c)[1]}
              strokeWidth={1.5}
              className="stroke-brass-400/70"
            />
          ) : null,
        )}
        {cities.map((c) => (
          <g key={c.name}>
            <circle cx={c.x} cy={c.y} r={13} fill="none" strokeWidth={1.5} className="stroke-brass-400/60" />
            <circle cx={c.x} cy={c.y} r={6.5} className="fill-brass-400" />
          </g>
        ))}
        {cities.map((c) => (
          <text
            key={`label-${c.name}`}
            x={c.label.x}
            y={c.label.y}
            textAnchor={c.label.anchor}
            fontWeight={500}
            strokeWidth={8}
            strokeLinejoin="round"
            paintOrder="stroke"
            className="fill-navy-50 stroke-navy-950 text-[40px] sm:text-[31px]"
          >
            {c.name}
          </text>
        ))}
      </svg>
      <figcaption className="mt-4 flex items-center gap-2 text-sm text-navy-200">
        <span className="size-2.5 shrink-0 rounded-full bg-brass-400" aria-hidden="true" />
        Cities where we lend. Boundaries: U.S. Census Bureau.
      </figcaption>
    </figure>
  );
}
