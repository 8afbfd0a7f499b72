/**
 * Generates the site's own imagery from SVG line art (no stock photos, nothing hot-linked;
 * issue "First impression"): navy ground, fine line work in the theme's navy and brass.
 *   - public/images/{name}-{width}.{avif,webp} for the page heroes and feature images, at 640,
 *     1024, 1600 and 2400 px wide (16:9 art; heroes are cropped by CSS). The text side of every
 *     hero (the left ~55%, under the page's dark gradient) stays dark and quiet; the drawing sits
 *     on the right;
 *   - public/images/og-card.jpg, the 1200x630 Open Graph card;
 *   - app/server/db/demo-images/deal-*.webp, the demo deals' pictures (1600x1000): a line-drawn
 *     elevation or plan of the building type with a site-plan inset;
 *   - app/content/markets-map.ts, the precomputed path data of the home page's 'Markets We Serve'
 *     map (app/components/marketing/markets-map.tsx), so the site ships no geo library.
 * The maps are real geography: the Census Bureau's 2017 cartographic state and county
 * boundaries (us-atlas), projected with California Albers (EPSG:3310: conic equal-area, standard
 * parallels 34° and 40.5°, central meridian 120° W) by d3-geo. Colours are read from the theme
 * tokens in app/app.css; type is the site's own Source Serif 4 and Inter, drawn as outlines.
 * Deterministic: the same script and packages always draw the same pictures (seeded random
 * numbers, no system fonts). Run with `node scripts/generate-images.mjs` (about three minutes,
 * mostly AVIF encoding), or name some outputs to make only those (`node scripts/generate-images.mjs
 * hero-home-1 deal-land-1 og-card markets-map`); it prints the files' sizes. The outputs are
 * committed.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { geoConicEqualArea, geoGraticule, geoPath } from 'd3-geo';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { feature, merge, mesh } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const publicDir = path.join(root, 'public/images');
const demoDir = path.join(root, 'app/server/db/demo-images');
const mapModule = path.join(root, 'app/content/markets-map.ts');
mkdirSync(publicDir, { recursive: true });
mkdirSync(demoDir, { recursive: true });

/** Names given on the command line: draw only those (all when none). */
const only = new Set(process.argv.slice(2));
const wanted = (name) => only.size === 0 || only.has(name);

// ---------------------------------------------------------------------------------------------
// Palette and line weights: one set for every picture.

const css = readFileSync(path.join(root, 'app/app.css'), 'utf8');
/** A colour token from app/app.css (`--color-navy-950` → '#0a1426'). */
function token(name) {
  const match = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i'));
  if (!match) throw new Error(`app/app.css defines no --color-${name}`);
  return match[1].toLowerCase();
}
const C = {
  ground: token('navy-950'),
  ground2: token('navy-900'),
  n800: token('navy-800'),
  n700: token('navy-700'),
  n600: token('navy-600'),
  n500: token('navy-500'),
  n400: token('navy-400'),
  n300: token('navy-300'),
  n200: token('navy-200'),
  n100: token('navy-100'),
  brass: token('brass-400'),
  brassLight: token('brass-300'),
  brassDark: token('brass-600'),
  ivory: token('ivory'),
};

/** Stroke widths in design pixels (1600 px wide art). */
const LW = { hair: 0.8, fine: 1.15, line: 1.6, strong: 2.4 };

/**
 * The shared stylesheet of every picture. `k` thickens lines for small outputs, so a hair line
 * drawn for 1600 px still shows at 640 px.
 */
function styles(k) {
  const w = (v) => +(v * k).toFixed(2);
  return `<style>
.g0{fill:none;stroke:${C.n800};stroke-width:${w(LW.hair)}}
.g1{fill:none;stroke:${C.n700};stroke-width:${w(LW.hair)}}
.g2{fill:none;stroke:${C.n600};stroke-width:${w(LW.hair)}}
.g3{fill:none;stroke:${C.n500};stroke-width:${w(LW.fine)}}
.l1{fill:none;stroke:${C.n400};stroke-width:${w(LW.fine)}}
.l2{fill:none;stroke:${C.n300};stroke-width:${w(LW.line)}}
.l3{fill:none;stroke:${C.n200};stroke-width:${w(LW.strong)}}
.b1{fill:none;stroke:${C.brass};stroke-width:${w(LW.hair)}}
.b2{fill:none;stroke:${C.brass};stroke-width:${w(LW.line)}}
.dash{stroke-dasharray:${w(10)} ${w(5)} ${w(2)} ${w(5)}}
.dot{stroke-dasharray:${w(2)} ${w(4)}}
.fb{fill:${C.brass}}
.fbl{fill:${C.brassLight}}
.fg{fill:${C.ground}}
.t1{fill:${C.n400}}
.t2{fill:${C.n300}}
.t3{fill:${C.n200}}
.rl{stroke-linejoin:round;stroke-linecap:round}
</style>`;
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

/** Mulberry32: a small seeded PRNG returning floats in [0, 1). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number for SVG with at most `digits` decimals and no trailing zeros. */
function num(v, digits = 1) {
  const s = (Math.round(v * 10 ** digits) / 10 ** digits).toString();
  return s === '-0' ? '0' : s;
}

/** Joins numbers into compact path arguments ("12-3.5 4"). */
function args(values) {
  let out = '';
  for (const s of values) out += out && !s.startsWith('-') ? ` ${s}` : s;
  return out;
}

/** A polyline (or polygon with `close`) as path data. */
function poly(points, close = false) {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${args([num(x), num(y)])}`).join('') + (close ? 'Z' : '');
}

const line = (x1, y1, x2, y2) => `M${args([num(x1), num(y1)])}L${args([num(x2), num(y2)])}`;
const rect = (x, y, w, h) => `M${args([num(x), num(y)])}h${num(w)}v${num(h)}h${num(-w)}Z`;
const P = (d, cls, extra = '') => (d ? `<path class="${cls}" d="${d}"${extra ? ` ${extra}` : ''}/>` : '');

/** A full picture: design coordinates `vw`×`vh` rendered at `width` px wide. */
function svg({ body, defs = '', k = 1, vw = 1600, vh = 900, width = vw }) {
  const height = Math.round((width * vh) / vw);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${styles(k)}<defs>${defs}</defs>${body}</svg>`;
}

/** The navy ground with a faint lift of light behind the drawing at (cx, cy), in fractions. */
function ground(id, { vw = 1600, vh = 900, cx = 0.72, cy = 0.45 } = {}) {
  return {
    defs: `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="0.75"><stop offset="0" stop-color="${C.ground2}"/><stop offset="1" stop-color="${C.ground}"/></radialGradient>`,
    body: `<rect width="${vw}" height="${vh}" fill="url(#${id})"/>`,
  };
}

/**
 * A mask that keeps the right of the picture and fades the left out: the text side of a hero
 * stays quiet. `from` and `to` are fractions of the width.
 */
function fadeLeft(id, { from = 0.3, to = 0.7, floor = 0.18, vw = 1600, vh = 900 } = {}) {
  const g = Math.round(floor * 255);
  return `<linearGradient id="${id}-g" x1="0" x2="1" y1="0" y2="0"><stop offset="${from}" stop-color="rgb(${g},${g},${g})"/><stop offset="${to}" stop-color="#fff"/></linearGradient><mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${vw}" height="${vh}"><rect width="${vw}" height="${vh}" fill="url(#${id}-g)"/></mask>`;
}

/** Diagonal hatching in `color`, `gap` design px apart. */
function hatch(id, { gap = 7, color = C.brass, width = LW.hair, k = 1, angle = 45 } = {}) {
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${gap}" height="${gap}" patternTransform="rotate(${angle})"><path d="M0 0V${gap}" stroke="${color}" stroke-width="${num(width * k, 2)}"/></pattern>`;
}

// ---------------------------------------------------------------------------------------------
// Type: the site's own fonts, drawn as outlines so no system font is needed.

const fonts = {
  serif: fontkit.openSync(
    path.join(
      path.dirname(require.resolve('@fontsource-variable/source-serif-4/package.json')),
      'files/source-serif-4-latin-wght-normal.woff2',
    ),
  ),
  sans: fontkit.openSync(
    path.join(path.dirname(require.resolve('@fontsource-variable/inter/package.json')), 'files/inter-latin-wght-normal.woff2'),
  ),
};

/** The width of `text` in design px. */
function textWidth(text, { font = 'sans', size = 14, tracking = 0 } = {}) {
  const f = fonts[font];
  return (f.layout(text).advanceWidth * size) / f.unitsPerEm + tracking * size * (text.length - 1);
}

/**
 * `text` as path data, its baseline at y. `tracking` is in em; `anchor` is start, middle or end.
 */
function textPath(text, { x, y, font = 'sans', size = 14, tracking = 0, anchor = 'start' }) {
  const f = fonts[font];
  const s = size / f.unitsPerEm;
  const run = f.layout(text);
  const width = textWidth(text, { font, size, tracking });
  let pen = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  let d = '';
  const ops = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
  run.glyphs.forEach((glyph, i) => {
    const ox = pen + run.positions[i].xOffset * s;
    for (const { command, args: a } of glyph.path.commands) {
      const pts = [];
      for (let j = 0; j < a.length; j += 2) pts.push(num(ox + a[j] * s), num(y - a[j + 1] * s));
      d += ops[command] + args(pts);
    }
    pen += run.positions[i].xAdvance * s + tracking * size;
  });
  return d;
}

/** A text label as a filled path. */
const label = (text, opts, cls = 't2') => `<path class="${cls}" d="${textPath(text, opts)}"/>`;

// ---------------------------------------------------------------------------------------------
// Geography: Nevada and California from the Census Bureau's boundaries (us-atlas).

const us = JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8'));
const STATES = { '06': 'California', 32: 'Nevada' };
const inTwoStates = (g) => g.id.slice(0, 2) in STATES;

/** The geography of a topology, optionally simplified (minimum triangle area in square degrees). */
function geography(minWeight = 0) {
  const topo = minWeight > 0 ? simplify(presimplify(us), minWeight) : us;
  const stateGeoms = topo.objects.states.geometries.filter((g) => g.id in STATES);
  const countyGeoms = topo.objects.counties.geometries.filter(inTwoStates);
  const states = { type: 'GeometryCollection', geometries: stateGeoms };
  const counties = { type: 'GeometryCollection', geometries: countyGeoms };
  return {
    /** Nevada and California as one shape. */
    both: merge(topo, stateGeoms),
    state: (id) =>
      feature(
        topo,
        stateGeoms.find((g) => g.id === id),
      ),
    county: (id) =>
      feature(
        topo,
        countyGeoms.find((g) => g.id === id),
      ),
    /** Each state's own outline. */
    outlines: mesh(topo, states),
    /** The line between Nevada and California. */
    stateLine: mesh(topo, states, (a, b) => a !== b),
    /** County lines inside each state (not the state line). */
    countyLines: mesh(topo, counties, (a, b) => a !== b && a.id.slice(0, 2) === b.id.slice(0, 2)),
    /** Every state border in the West, for zoomed views (Oregon, Arizona, Utah, Idaho). */
    allStateLines: mesh(topo, topo.objects.states, (a, b) => a !== b),
    /** Every county line, for zoomed views across a border. */
    allCountyLines: mesh(topo, topo.objects.counties, (a, b) => a !== b && a.id.slice(0, 2) === b.id.slice(0, 2)),
    nation: feature(topo, topo.objects.nation),
  };
}

/** The market cities of home.ts `markets`, with their coordinates (degrees). */
const CITIES = [
  { name: 'Reno', state: 'Nevada', lon: -119.8138, lat: 39.5296 },
  { name: 'Sparks', state: 'Nevada', lon: -119.7527, lat: 39.5349 },
  { name: 'Carson City', state: 'Nevada', lon: -119.7674, lat: 39.1638 },
  { name: 'Lake Tahoe', state: 'Nevada', lon: -120.0324, lat: 39.0968 },
  { name: 'Las Vegas', state: 'Nevada', lon: -115.1398, lat: 36.1699 },
  { name: 'Henderson', state: 'Nevada', lon: -114.9817, lat: 36.0395 },
  { name: 'Sacramento', state: 'California', lon: -121.4944, lat: 38.5816 },
  { name: 'Truckee', state: 'California', lon: -120.1833, lat: 39.328 },
  { name: 'Roseville', state: 'California', lon: -121.288, lat: 38.7521 },
  { name: 'Fresno', state: 'California', lon: -119.7871, lat: 36.7378 },
  { name: 'Los Angeles', state: 'California', lon: -118.2437, lat: 34.0522 },
  { name: 'San Diego', state: 'California', lon: -117.1611, lat: 32.7157 },
];

/** California Albers (EPSG:3310). */
const albers = () => geoConicEqualArea().parallels([34, 40.5]).rotate([120, 0]);

/** A bounding box in degrees as a GeoJSON shape to fit a projection to. */
const bbox = (w, s, e, n) => ({
  type: 'MultiPoint',
  coordinates: [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ],
});

/**
 * Path data of a GeoJSON object under `projection`: absolute moves, relative lines, coordinates
 * rounded to `digits` decimals, repeated points dropped. Rounding happens on absolute positions,
 * so the relative steps never drift.
 */
function geoD(projection, object, digits = 1) {
  const f = 10 ** digits;
  const r = (v) => Math.round(v * f) / f;
  let d = '';
  let px = 0;
  let py = 0;
  let inLine = false;
  const context = {
    moveTo(x, y) {
      px = r(x);
      py = r(y);
      d += `M${args([num(px, digits), num(py, digits)])}`;
      inLine = false;
    },
    lineTo(x, y) {
      const nx = r(x);
      const ny = r(y);
      if (nx === px && ny === py) return;
      const step = args([num(nx - px, digits), num(ny - py, digits)]);
      d += inLine ? (step.startsWith('-') ? step : ` ${step}`) : `l${step}`;
      inLine = true;
      px = nx;
      py = ny;
    },
    closePath() {
      d += 'z';
      inLine = false;
    },
    arc() {},
  };
  geoPath(projection, context)(object);
  return d;
}

/** Projected [x, y] of a city. */
const at = (projection, c) => projection([c.lon, c.lat]);

/**
 * Offset lines around a shape, like depth contours off a coast: a mask whose white rings lie
 * `step`, 2·`step`… design px from the shape's outline, fading with distance. `keepOut` is path
 * data painted black over the rings (the land they must not cross).
 */
function echoMask(id, { d, step, count, k, keepOut = '', vw = 1600, vh = 900, strength = 1 }) {
  const w = LW.hair * k;
  let rings = '';
  for (let i = count; i >= 1; i--) {
    const r = i * step;
    const g = Math.round(255 * strength * (1 - (i - 1) / count) ** 1.4);
    rings += `<use href="#${id}-src" stroke="rgb(${g},${g},${g})" stroke-width="${num(2 * r + w, 2)}"/><use href="#${id}-src" stroke="#000" stroke-width="${num(2 * r - w, 2)}"/>`;
  }
  return `<path id="${id}-src" d="${d}" fill="none" stroke-linejoin="round"/><mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${vw}" height="${vh}"><rect width="${vw}" height="${vh}" fill="#000"/>${rings}${keepOut ? `<path d="${keepOut}" fill="#000"/>` : ''}</mask>`;
}

/** A city marker: brass dot with a hairline ring. */
function marker([x, y], { r = 3.6, ring = 10 } = {}) {
  return `<circle class="fb" cx="${num(x)}" cy="${num(y)}" r="${r}"/><circle class="b1" cx="${num(x)}" cy="${num(y)}" r="${ring}"/>`;
}

/** A north arrow: a fine needle with an N above it. */
function northArrow(x, y, size = 36) {
  return (
    P(
      poly(
        [
          [x, y - size / 2],
          [x + size * 0.16, y + size / 2],
          [x, y + size * 0.3],
          [x - size * 0.16, y + size / 2],
        ],
        true,
      ),
      'l1',
    ) +
    P(
      poly(
        [
          [x, y - size / 2],
          [x, y + size * 0.3],
          [x - size * 0.16, y + size / 2],
        ],
        true,
      ),
      'l1',
      `style="fill:${C.n400}"`,
    ) +
    label('N', { x, y: y - size / 2 - 8, size: size * 0.36, anchor: 'middle' }, 't1')
  );
}

/** A scale bar of `miles`, with 0 / half / full ticks and labels, for a projection. */
function scaleBar(projection, { x, y, miles, lat = 37.5 }) {
  const a = projection([-120, lat]);
  const b = projection([-120 + miles / (69.17 * Math.cos((lat * Math.PI) / 180)), lat]);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  let d = line(x, y, x + len, y);
  for (const t of [0, 0.5, 1]) d += line(x + len * t, y - 5, x + len * t, y + 5);
  return (
    P(d, 'l1') +
    P(rect(x, y - 2, len / 2, 4), 'g2', `style="fill:${C.n600}"`) +
    label('0', { x, y: y - 12, size: 11, anchor: 'middle' }, 't1') +
    label(`${miles} MI`, { x: x + len, y: y - 12, size: 11, anchor: 'middle', tracking: 0.08 }, 't1')
  );
}

// ---------------------------------------------------------------------------------------------
// Architectural drawing: ground lines, dimensions, levels, grids, windows.

/** A ground line with the earth hatch under it. */
function groundLine(x1, x2, y, gap = 12) {
  let hatchD = '';
  for (let x = x1 + 4; x < x2 - 10; x += gap) hatchD += line(x, y + 2, x + 9, y + 11);
  return P(line(x1, y, x2, y), 'l3') + P(hatchD, 'g2');
}

/** A horizontal dimension line with extension lines, 45° ticks and an optional label above. */
function dimH(x1, x2, y, text, { ext = 0 } = {}) {
  let d = line(x1 - 8, y, x2 + 8, y) + line(x1 - 4, y + 4, x1 + 4, y - 4) + line(x2 - 4, y + 4, x2 + 4, y - 4);
  if (ext) d += line(x1, y - 6, x1, y + ext) + line(x2, y - 6, x2, y + ext);
  return P(d, 'g3') + (text ? label(text, { x: (x1 + x2) / 2, y: y - 7, size: 11, anchor: 'middle', tracking: 0.06 }, 't1') : '');
}

/** A vertical dimension line with ticks and a label turned along it. */
function dimV(x, y1, y2, text, { ext = 0 } = {}) {
  let d = line(x, y1 - 8, x, y2 + 8) + line(x - 4, y1 + 4, x + 4, y1 - 4) + line(x - 4, y2 + 4, x + 4, y2 - 4);
  if (ext) d += line(x - 6, y1, x + ext, y1) + line(x - 6, y2, x + ext, y2);
  const mid = (y1 + y2) / 2;
  return (
    P(d, 'g3') +
    (text
      ? `<g transform="rotate(-90 ${num(x - 7)} ${num(mid)})">${label(text, { x: x - 7, y: mid, size: 11, anchor: 'middle', tracking: 0.06 }, 't1')}</g>`
      : '')
  );
}

/** A level marker: brass datum triangle, a dashed level line and the level's name. */
function level(x, y, name, { to = x + 120 } = {}) {
  return (
    P(
      poly(
        [
          [x - 7, y - 11],
          [x + 7, y - 11],
          [x, y],
        ],
        true,
      ),
      'b1',
    ) +
    P(line(x + 12, y, to, y), 'g2 dot') +
    label(name, { x: x - 12, y: y - 3, size: 11, anchor: 'end', tracking: 0.08 }, 't1')
  );
}

/** A structural grid bubble with its axis running down to `y2`. */
function gridBubble(x, y, name, y2) {
  return (
    `<circle class="g3" cx="${num(x)}" cy="${num(y)}" r="13"/>` +
    label(name, { x, y: y + 4.5, size: 12, anchor: 'middle' }, 't1') +
    P(line(x, y + 13, x, y2), 'g2 dash')
  );
}

/** A window: frame, inner sash line, and `cols`×`rows` lights. */
function windowD(x, y, w, h, { cols = 1, rows = 1, sill = true } = {}) {
  let d = rect(x, y, w, h);
  for (let c = 1; c < cols; c++) d += line(x + (w * c) / cols, y, x + (w * c) / cols, y + h);
  for (let r = 1; r < rows; r++) d += line(x, y + (h * r) / rows, x + w, y + (h * r) / rows);
  if (sill) d += line(x - 4, y + h + 3, x + w + 4, y + h + 3);
  return d;
}

/** A title block at the bottom right of a drawing sheet. */
function titleBlock(x, y, w, { title, sub, sheet }) {
  return (
    P(rect(x, y, w, 58) + line(x + w - 86, y, x + w - 86, y + 58), 'g3') +
    label(title, { x: x + 16, y: y + 25, size: 15, tracking: 0.14 }, 't3') +
    label(sub, { x: x + 16, y: y + 45, size: 11, tracking: 0.1 }, 't1') +
    label(sheet, { x: x + w - 43, y: y + 36, size: 17, anchor: 'middle', tracking: 0.04 }, 't2')
  );
}

/** A drawing sheet's border: a fine frame with corner ticks. */
function sheetFrame(vw, vh, m = 28) {
  let ticks = '';
  for (let x = m + 100; x < vw - m; x += 100) ticks += line(x, m, x, m + 6) + line(x, vh - m, x, vh - m - 6);
  for (let y = m + 100; y < vh - m; y += 100) ticks += line(m, y, m + 6, y) + line(vw - m, y, vw - m - 6, y);
  return P(rect(m, m, vw - 2 * m, vh - 2 * m), 'g2') + P(ticks, 'g1');
}

// ---------------------------------------------------------------------------------------------
// Map pictures.

const detail = geography();
/** Lighter geometry for small maps (the sheets' key map, the home page's map). */
const mapGeo = geography(0.0006);

/** Path data of everything south of the Mexican border (planar), so offshore rings stop there. */
function southOfBorder(projection, vw, vh) {
  const pts = [
    [-126, 32.53],
    [-117.12, 32.534],
    [-114.72, 32.718],
    [-108, 32.718],
  ].map((p) => projection(p));
  return poly([[-200, pts[0][1]], ...pts, [vw + 200, pts.at(-1)[1]], [vw + 200, vh + 200], [-200, vh + 200]], true);
}

/**
 * City markers and labels. `labels` maps a city to its label: offset from the dot (dx, dy),
 * anchor, and an optional leader line when the label stands away from its dot.
 */
function cities(projection, labels, { ring = 10, size = 12.5, gap = 1.3 } = {}) {
  let out = '';
  const placed = [];
  for (const c of CITIES) {
    const p = at(projection, c);
    // Close neighbours (Reno and Sparks) share one ring.
    const near = placed.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < ring * gap);
    out += marker(p, { ring: near ? 0 : ring });
    placed.push(p);
    const l = labels[c.name];
    if (!l) continue;
    const [x, y] = [p[0] + l.dx, p[1] + l.dy];
    if (l.leader)
      out += P(line(p[0] + Math.sign(l.dx) * 4, p[1] + (l.dy > 0 ? 3 : -3), x - Math.sign(l.dx) * 4, y - size * 0.35), 'b1');
    out += label(l.text ?? c.name.toUpperCase(), { x, y, size, tracking: 0.14, anchor: l.anchor ?? 'start' }, 't3');
  }
  return out;
}

/** Tracked capitals along a line: a state's name. */
function stateName(text, { x, y, rotate = 0, size = 17 }) {
  return `<g transform="rotate(${rotate} ${num(x)} ${num(y)})">${label(text, { x, y, size, tracking: 0.6, anchor: 'middle' }, 't1')}</g>`;
}

/** The two states whole on a sea of offset lines, fitted into `extent`; returns defs and body. */
function statesLayers(k, { extent, vw = 1600, vh = 900, labels = true }) {
  const proj = albers().fitExtent(extent, detail.both);
  const land = geoD(proj, detail.nation);
  const grat = geoD(
    proj,
    geoGraticule()
      .step([1, 1])
      .extent([
        [-134, 26],
        [-100, 47],
      ])(),
  );
  const defs = echoMask('sea', { d: land, step: 13, count: 12, k, keepOut: land + southOfBorder(proj, vw, vh), vw, vh });
  let body = `<g mask="url(#fade)">${P(grat, 'g0')}<rect width="${vw}" height="${vh}" fill="${C.n500}" mask="url(#sea)"/>`;
  body += `${P(geoD(proj, detail.allStateLines), 'g1 rl')}${P(land, 'g1 rl')}</g>`;
  body += P(geoD(proj, detail.both), 'g0', `style="fill:${C.ground2};fill-opacity:.7"`);
  body += P(geoD(proj, detail.countyLines), 'g2 rl');
  body += P(geoD(proj, detail.outlines), 'l2 rl');
  body += P(geoD(proj, detail.stateLine), 'b1 rl');
  if (!labels) {
    for (const c of CITIES) body += marker(at(proj, c), { ring: 0 });
    return { defs, body, proj };
  }
  const [nx, ny] = proj([-116.9, 40.2]);
  const [cx, cy] = proj([-116.75, 35.05]);
  body += stateName('NEVADA', { x: nx, y: ny, size: 16 });
  body += stateName('CALIFORNIA', { x: cx, y: cy, size: 16 });
  body += cities(
    proj,
    {
      Reno: { dx: 18, dy: -8 },
      'Carson City': { dx: 18, dy: 14 },
      Sacramento: { dx: 14, dy: 20 },
      Fresno: { dx: 16, dy: 5 },
      'Los Angeles': { dx: 16, dy: -8 },
      'San Diego': { dx: -16, dy: 6, anchor: 'end' },
      'Las Vegas': { dx: -16, dy: -6, anchor: 'end' },
    },
    { ring: 8, gap: 2.2 },
  );
  return { defs, body, proj };
}

/** Nevada and California whole, with the market cities: the home page's first picture. */
function heroStates(k, width) {
  const gr = ground('gr', { cx: 0.76, cy: 0.5 });
  const { defs, body, proj } = statesLayers(k, {
    extent: [
      [905, 70],
      [1525, 842],
    ],
  });
  return svg({
    body: gr.body + body + northArrow(1560, 120, 34) + scaleBar(proj, { x: 1370, y: 866, miles: 100 }),
    defs: gr.defs + fadeLeft('fade') + defs,
    k,
    width,
  });
}

/** A zoomed map of the region in `box` ([w, s, e, n] degrees) fitted into `extent`. */
function regionMap(k, { box, extent, labels, extra = () => '', defsExtra = () => '', fade = {}, counties = 'g2', ring = 12 }) {
  const proj = albers()
    .fitExtent(extent, bbox(...box))
    .clipExtent([
      [-40, -40],
      [1640, 940],
    ]);
  const gr = ground('gr', { cx: 0.74, cy: 0.5 });
  const land = geoD(proj, detail.nation);
  const grat = geoD(
    proj,
    geoGraticule()
      .step([0.5, 0.5])
      .extent([
        [-126, 30],
        [-110, 44],
      ])(),
  );
  const defs =
    gr.defs +
    fadeLeft('fade', fade) +
    echoMask('sea', { d: land, step: 14, count: 14, k, keepOut: land + southOfBorder(proj, 1600, 900) }) +
    defsExtra(proj);
  let body = gr.body;
  body += `<g mask="url(#fade)">${P(grat, 'g0')}<rect width="1600" height="900" fill="${C.n500}" mask="url(#sea)"/>`;
  body += P(geoD(proj, detail.both), 'g0', `style="fill:${C.ground2};fill-opacity:.7"`);
  body += P(geoD(proj, detail.allCountyLines), `${counties} rl`);
  body += P(geoD(proj, detail.allStateLines), 'l1 rl');
  body += P(land, 'l2 rl');
  body += P(geoD(proj, detail.stateLine), 'b1 rl');
  body += extra(proj);
  body += cities(proj, labels, { ring, size: 13 });
  body += '</g>';
  return { body, defs, proj };
}

/** Southern California and the Las Vegas valley. */
function heroSouth(k, width) {
  const { body, defs, proj } = regionMap(k, {
    box: [-120.3, 32.4, -114.3, 36.95],
    extent: [
      [700, 40],
      [1560, 880],
    ],
    labels: {
      Fresno: { dx: 18, dy: 5 },
      'Los Angeles': { dx: 18, dy: -10 },
      'San Diego': { dx: -18, dy: 5, anchor: 'end' },
      'Las Vegas': { dx: -18, dy: -8, anchor: 'end' },
      Henderson: { dx: 18, dy: 14 },
    },
    extra: (p) =>
      stateName('NEVADA', { x: p([-116.2, 36.9])[0], y: p([-116.2, 36.9])[1], size: 16, rotate: 0 }) +
      stateName('CALIFORNIA', { x: p([-117.3, 35.2])[0], y: p([-117.3, 35.2])[1], size: 16, rotate: 0 }),
  });
  return svg({ body: body + northArrow(1560, 110, 34) + scaleBar(proj, { x: 1380, y: 866, miles: 50 }), defs, k, width });
}

/**
 * Lake Tahoe, Reno and Carson City: the state line's bend through the lake and Carson City,
 * once Ormsby County, in brass.
 */
function heroTahoe(k, width) {
  const carson = detail.county('32510');
  const { body, defs, proj } = regionMap(k, {
    box: [-120.5, 38.8, -119.4, 39.72],
    extent: [
      [800, 50],
      [1460, 850],
    ],
    counties: 'g3',
    ring: 11,
    labels: {
      Reno: { dx: -16, dy: -8, anchor: 'end' },
      Sparks: { dx: 16, dy: -8 },
      Truckee: { dx: -16, dy: -8, anchor: 'end' },
      'Lake Tahoe': { dx: -16, dy: 20, anchor: 'end' },
      'Carson City': { dx: 96, dy: 0 },
      Roseville: { dx: 16, dy: -8 },
      Sacramento: { dx: 16, dy: -8 },
    },
    defsExtra: (p) =>
      hatch('carson', { gap: 8, k }) + echoMask('ormsby', { d: geoD(p, carson), step: 15, count: 14, k, strength: 0.9 }),
    extra: (p) => {
      const [cx, cy] = p([-119.7674, 39.1638]);
      return (
        `<rect width="1600" height="900" fill="${C.n400}" mask="url(#ormsby)"/>` +
        P(geoD(p, carson), 'b2 rl', 'style="fill:url(#carson)"') +
        label('FORMERLY ORMSBY COUNTY', { x: cx + 96, y: cy + 19, size: 10.5, tracking: 0.16 }, 'fb')
      );
    },
  });
  return svg({
    body: body + northArrow(1560, 110, 34) + scaleBar(proj, { x: 1400, y: 866, miles: 10, lat: 39.2 }),
    defs,
    k,
    width,
  });
}

// ---------------------------------------------------------------------------------------------
// Architectural pictures.

/** The faint drafting grid behind the architectural pictures: 40 px squares, 200 px majors. */
function draftingGrid(vw = 1600, vh = 900, { opacity = 1 } = {}) {
  let minor = '';
  let major = '';
  for (let x = 0; x <= vw; x += 40) (x % 200 ? (s) => (minor += s) : (s) => (major += s))(line(x, 0, x, vh));
  for (let y = 0; y <= vh; y += 40) (y % 200 ? (s) => (minor += s) : (s) => (major += s))(line(0, y, vw, y));
  return `<g opacity="${opacity}">${P(minor, 'g0')}${P(major, 'g1')}</g>`;
}

/** An urban mixed-use mid-rise in elevation: the home page's third picture. */
function heroElevation(k, width) {
  const gr = ground('gr', { cx: 0.74, cy: 0.5 });
  const g = 790;
  const x0 = 930;
  const bay = 96;
  const bays = 5;
  const x1 = x0 + bay * bays;
  const floors = [96, 58, 58, 58, 58, 58];
  const tops = floors.reduce((acc, h) => [...acc, acc.at(-1) - h], [g]);
  const roof = tops.at(-1);
  let body = gr.body;
  let fine = '';
  let main = '';
  let faint = '';
  // Context buildings in the lightest line.
  faint += rect(760, g - 250, 170, 250) + rect(x1, g - 318, 200, 318);
  for (let y = g - 230; y < g - 30; y += 44) for (let x = 776; x < 915; x += 36) faint += rect(x, y, 20, 26);
  for (let y = g - 296; y < g - 30; y += 48) for (let x = x1 + 18; x < 1600; x += 40) faint += rect(x, y, 22, 30);
  // The building.
  main += rect(x0, roof - 16, bay * bays, g - roof + 16);
  main += rect(x0 - 8, roof - 16, bay * bays + 16, 8);
  for (const y of tops.slice(1, -1)) fine += line(x0, y, x1, y);
  for (let b = 1; b < bays; b++) fine += line(x0 + b * bay, roof, x0 + b * bay, g);
  // Storefronts, canopy, doors.
  const gt = tops[1];
  main += rect(x0 - 10, gt + 14, bay * bays + 20, 6);
  for (let b = 0; b < bays; b++) {
    const bx = x0 + b * bay;
    fine +=
      windowD(bx + 8, gt + 30, bay - 16, g - gt - 30, { cols: 2, rows: 1, sill: false }) +
      line(bx + 8, gt + 48, bx + bay - 8, gt + 48);
    if (b === 1 || b === 3) fine += rect(bx + bay / 2 - 18, g - 62, 36, 62);
  }
  // Upper floors: paired windows, balconies on alternate bays and floors.
  for (let f = 1; f < floors.length; f++) {
    const yt = tops[f + 1];
    for (let b = 0; b < bays; b++) {
      const bx = x0 + b * bay;
      if ((b + f) % 2 === 0) {
        // A balcony: glazed doors behind a railing.
        fine += windowD(bx + 16, yt + 8, bay - 32, floors[f] - 8, { cols: 3, sill: false });
        fine += rect(bx + 6, yt + floors[f] - 20, bay - 12, 20);
        for (let x = bx + 12; x < bx + bay - 8; x += 6) fine += line(x, yt + floors[f] - 18, x, yt + floors[f]);
      } else fine += windowD(bx + 14, yt + 12, 28, 34, { rows: 2 }) + windowD(bx + bay - 42, yt + 12, 28, 34, { rows: 2 });
    }
  }
  // Rooftop screen.
  main += rect(x0 + 150, roof - 56, 190, 40);
  for (let x = x0 + 160; x < x0 + 340; x += 10) fine += line(x, roof - 52, x, roof - 20);
  body += `<g mask="url(#fade)">${draftingGrid()}${P(faint, 'g1')}`;
  for (let b = 0; b <= bays; b++) body += gridBubble(x0 + b * bay, 250, 'ABCDEF'[b], g);
  body += P(fine, 'l1') + P(main, 'l2') + groundLine(700, 1600, g);
  tops.slice(0, -1).forEach((y, i) => {
    body +=
      P(line(x1 + 6, y, x1 + 40, y), 'g2 dot') +
      P(
        poly(
          [
            [x1 + 46, y - 11],
            [x1 + 60, y - 11],
            [x1 + 53, y],
          ],
          true,
        ),
        'b1',
      );
    body += label(`LEVEL ${String(i + 1).padStart(2, '0')}`, { x: x1 + 68, y: y - 2, size: 11, tracking: 0.08 }, 't1');
  });
  body +=
    P(line(x1 + 6, roof - 16, x1 + 40, roof - 16), 'g2 dot') +
    P(
      poly(
        [
          [x1 + 46, roof - 27],
          [x1 + 60, roof - 27],
          [x1 + 53, roof - 16],
        ],
        true,
      ),
      'b1',
    );
  body += label('ROOF', { x: x1 + 68, y: roof - 18, size: 11, tracking: 0.08 }, 't1');
  for (let b = 0; b < bays; b++) body += dimH(x0 + b * bay, x0 + (b + 1) * bay, g + 42, `24'-0"`);
  body += '</g>';
  return svg({ body, defs: gr.defs + fadeLeft('fade'), k, width });
}

/** Construction: a frame going up beside its finished floors, and a tower crane. */
function heroConstruction(k, width) {
  const gr = ground('gr', { cx: 0.74, cy: 0.5 });
  const g = 800;
  const x0 = 860;
  const bay = 90;
  const bays = 5;
  const x1 = x0 + bay * bays;
  const levels = [g, 716, 654, 592, 530, 468, 406];
  let main = '';
  let fine = '';
  let faint = '';
  let brass = '';
  // Finished floors: curtain wall.
  main += rect(x0, levels[3], bay * bays, g - levels[3]);
  for (let i = 1; i <= 3; i++) main += rect(x0 - 4, levels[i] - 4, bay * bays + 8, 8);
  for (let b = 0; b < bays; b++) {
    for (let m = 1; m < 3; m++)
      fine += line(x0 + b * bay + (m * bay) / 3, levels[3] + 4, x0 + b * bay + (m * bay) / 3, levels[1] - 4);
    fine += line(x0 + b * bay, levels[3], x0 + b * bay, g);
  }
  for (let i = 1; i < 3; i++) fine += line(x0, (levels[i] + levels[i + 1]) / 2, x1, (levels[i] + levels[i + 1]) / 2);
  for (let b = 0; b < bays; b++) fine += rect(x0 + b * bay + 10, g - 74, bay - 20, 74);
  // The frame: slabs and columns.
  for (let i = 4; i <= 6; i++) main += rect(x0 - 4, levels[i] - 4, bay * bays + 8, 8);
  for (let b = 0; b <= bays; b++) {
    const cx = x0 + b * bay;
    main += line(cx - 4, levels[3] - 4, cx - 4, levels[6] + 4) + line(cx + 4, levels[3] - 4, cx + 4, levels[6] + 4);
    main +=
      line(cx - 4, levels[6] - 4, cx - 4, levels[6] - 30) +
      line(cx + 4, levels[6] - 4, cx + 4, levels[6] - 30) +
      line(cx - 4, levels[6] - 30, cx + 4, levels[6] - 30);
    for (const dx of [-2, 0, 2]) fine += line(cx + dx, levels[6] - 30, cx + dx, levels[6] - 52);
  }
  for (const [b, i] of [
    [1, 4],
    [3, 5],
    [2, 4],
  ])
    fine +=
      line(x0 + b * bay + 6, levels[i] - 4, x0 + (b + 1) * bay - 6, levels[i + 1] + 4) +
      line(x0 + (b + 1) * bay - 6, levels[i] - 4, x0 + b * bay + 6, levels[i + 1] + 4);
  for (let x = x0 + 22; x < x1; x += 30) fine += line(x, levels[5] - 4, x, levels[6] + 4);
  // Scaffold on the right face.
  for (const x of [x1 + 10, x1 + 38]) faint += line(x, g, x, levels[5]);
  for (let y = g - 31; y > levels[5]; y -= 31) faint += line(x1 + 4, y, x1 + 44, y);
  for (let y = g; y > levels[5] + 31; y -= 62) faint += line(x1 + 10, y, x1 + 38, y - 62);
  // Tower crane.
  const mx = 1450;
  const mw = 22;
  const top = 220;
  let crane = rect(mx - 16, g - 14, mw + 32, 14) + line(mx, g - 14, mx, top) + line(mx + mw, g - 14, mx + mw, top);
  for (let y = g - 14; y > top + 22; y -= 22) crane += line(mx, y, mx + mw, y - 22) + line(mx, y - 22, mx + mw, y - 22);
  crane += rect(mx - 8, top - 16, mw + 16, 16) + rect(mx + mw + 8, top - 40, 26, 28) + rect(mx + mw + 12, top - 35, 18, 12);
  const apex = [mx + mw / 2, 110];
  crane += line(mx - 4, top - 16, apex[0], apex[1]) + line(mx + mw + 4, top - 16, apex[0], apex[1]);
  const jibEnd = 960;
  crane += line(jibEnd, top - 28, mx, top - 28) + line(jibEnd, top - 16, mx, top - 16) + line(jibEnd, top - 28, jibEnd, top - 16);
  for (let x = mx; x > jibEnd + 12; x -= 24)
    crane += line(x, top - 16, x - 12, top - 28) + line(x - 12, top - 28, x - 24, top - 16);
  crane += line(mx + mw, top - 26, 1592, top - 26) + line(mx + mw, top - 16, 1592, top - 16);
  crane += rect(1548, top - 16, 40, 44) + line(1548, top - 2, 1588, top - 2) + line(1548, top + 12, 1588, top + 12);
  const ties = line(apex[0], apex[1], 1190, top - 28) + line(apex[0], apex[1], 1585, top - 26);
  // Trolley, hoist and a steel beam on its way up.
  const tx = 1160;
  const hookY = 430;
  crane += rect(tx - 12, top - 16, 24, 8);
  fine += line(tx - 4, top - 8, tx - 4, hookY - 12) + line(tx + 4, top - 8, tx + 4, hookY - 12);
  brass +=
    rect(tx - 9, hookY - 12, 18, 16) +
    `M${tx} ${hookY + 4}v8` +
    line(tx, hookY + 12, tx - 50, hookY + 48) +
    line(tx, hookY + 12, tx + 50, hookY + 48);
  brass += rect(tx - 70, hookY + 48, 140, 10) + line(tx - 70, hookY + 53, tx + 70, hookY + 53);
  let body = gr.body + `<g mask="url(#fade)">${draftingGrid()}`;
  for (let b = 0; b <= bays; b++) body += gridBubble(x0 + b * bay, 300, String(b + 1), g);
  body += P(faint, 'g2') + P(ties, 'g3') + P(crane, 'l1') + P(fine, 'l1') + P(main, 'l2') + P(brass, 'b2');
  levels.forEach((y, i) => {
    body += level(x0 - 24, y, `L${i + 1}`, { to: x0 - 6 });
  });
  body += groundLine(700, 1600, g);
  for (let b = 0; b < bays; b++) body += dimH(x0 + b * bay, x0 + (b + 1) * bay, g + 42, `30'-0"`);
  body += '</g>';
  return svg({ body, defs: gr.defs + fadeLeft('fade'), k, width });
}

/** A plat: blocks and lots, one secured parcel in brass: the investors' picture. */
function heroPlat(k, width) {
  const gr = ground('gr', { cx: 0.74, cy: 0.5 });
  const r = rng(31);
  const street = 34;
  const xs = [560, 830, 1100, 1370, 1640, 1910];
  const ys = [-360, 0, 360, 720, 1080];
  let edges = '';
  let center = '';
  let lots = '';
  let easement = '';
  let numbers = '';
  let secured = [0, 0, 0, 0];
  let footprints = '';
  let n = 1;
  for (let i = 0; i < xs.length - 1; i++) {
    for (let j = 0; j < ys.length - 1; j++) {
      const bx = xs[i] + street / 2;
      const by = ys[j] + street / 2;
      const bw = xs[i + 1] - xs[i] - street;
      const bh = ys[j + 1] - ys[j] - street;
      edges += rect(bx, by, bw, bh);
      if (i === 3 && j === 2) {
        // A larger commercial parcel with one building.
        footprints += rect(bx + 30, by + 40, bw - 90, bh - 140);
        for (let x = bx + 44; x < bx + bw - 24; x += 24) lots += line(x, by + bh - 80, x, by + bh - 30);
        continue;
      }
      lots += line(bx, by + bh / 2, bx + bw, by + bh / 2);
      easement +=
        line(bx + 8, by + bh / 2 - 8, bx + bw - 8, by + bh / 2 - 8) + line(bx + 8, by + bh / 2 + 8, bx + bw - 8, by + bh / 2 + 8);
      for (const tier of [0, 1]) {
        const ty = by + (tier * bh) / 2;
        let x = bx;
        while (x < bx + bw - 30) {
          const isSecured = i === 2 && j === 2 && tier === 0 && x > bx + 80 && x < bx + 140;
          const w = Math.min(bx + bw - x, isSecured ? 84 : 38 + Math.floor(r() * 4) * 6);
          const end = bx + bw - x - w < 30 ? bx + bw : x + w;
          if (end < bx + bw) lots += line(end, ty, end, ty + bh / 2);
          if (isSecured) secured = [x, ty, end - x, bh / 2];
          else if (r() < 0.55) footprints += rect(x + 8, ty + (tier ? bh / 2 - 70 : 16), end - x - 16, 54);
          numbers += label(String(n++), { x: (x + end) / 2, y: ty + bh / 4 + 4, size: 10, anchor: 'middle' }, 't1');
          x = end;
        }
      }
    }
  }
  for (const x of xs) center += line(x, -600, x, 1400);
  for (const y of ys) center += line(200, y, 2200, y);
  const defs = gr.defs + fadeLeft('fade') + hatch('parcel', { gap: 7, k });
  let body = gr.body + `<g mask="url(#fade)"><g transform="rotate(-14 1150 450)">`;
  body += P(center, 'g2 dash') + P(easement, 'g1 dot') + P(lots, 'g2') + P(footprints, 'g3') + P(edges, 'l2') + numbers;
  const [hx, hy, hw, hh] = secured;
  body += P(rect(hx, hy, hw, hh), 'b2', 'style="fill:url(#parcel)"');
  body +=
    P(rect(hx + 8, hy + 14, hw - 16, hh - 28), 'b1 dot') +
    P(rect(hx + 16, hy + 36, hw - 32, 78), 'l2', `style="fill:${C.ground}"`);
  // Plat scale: 0.74 ft a design pixel (a 163 px deep lot is 120').
  body += label(
    `${(hw * 0.74).toFixed(2)}'`,
    { x: hx + hw / 2, y: hy + hh + 16, size: 11, anchor: 'middle', tracking: 0.04 },
    'fbl',
  );
  body += `<g transform="rotate(-90 ${hx - 10} ${hy + hh / 2})">${label(`${(hh * 0.74).toFixed(2)}'`, { x: hx - 10, y: hy + hh / 2, size: 11, anchor: 'middle', tracking: 0.04 }, 'fbl')}</g>`;
  body += '</g>';
  // The callout, upright: a brass leader from the parcel to its note.
  const turn = (x, y) => {
    const a = (-14 * Math.PI) / 180;
    return [1150 + (x - 1150) * Math.cos(a) - (y - 450) * Math.sin(a), 450 + (x - 1150) * Math.sin(a) + (y - 450) * Math.cos(a)];
  };
  const [px, py] = turn(hx + hw, hy + 20);
  body +=
    P(
      poly([
        [px + 4, py],
        [px + 90, py - 60],
        [px + 250, py - 60],
      ]),
      'b1',
    ) + `<circle class="fb" cx="${num(px + 4)}" cy="${num(py)}" r="3"/>`;
  body += label('SECURED PARCEL', { x: px + 96, y: py - 68, size: 12, tracking: 0.16 }, 'fbl');
  body += label('FIRST DEED OF TRUST', { x: px + 96, y: py - 44, size: 10.5, tracking: 0.16 }, 't2');
  body += northArrow(1540, 120, 40) + '</g>';
  return svg({ body, defs, k, width });
}

// ---------------------------------------------------------------------------------------------
// Demo deal pictures: drawing sheets, 1600x1000.

/** Horizontal courses clipped to a convex polygon: roofing, siding, slats. */
function courses(points, gap, { inset = 2, vertical = false } = {}) {
  const pts = vertical ? points.map(([x, y]) => [y, x]) : points;
  const ys = pts.map((p) => p[1]);
  let d = '';
  for (let y = Math.min(...ys) + gap; y < Math.max(...ys) - 0.5; y += gap) {
    const xs = [];
    pts.forEach(([x1, y1], i) => {
      const [x2, y2] = pts[(i + 1) % pts.length];
      if (y1 !== y2 && (y - y1) * (y - y2) <= 0) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    });
    if (xs.length < 2) continue;
    const a = Math.min(...xs) + inset;
    const b = Math.max(...xs) - inset;
    if (b > a) d += vertical ? line(y, a, y, b) : line(a, y, b, y);
  }
  return d;
}

/** A level marker to the right of a building: dotted line from `from`, datum, name. */
function levelRight(x, y, name, from) {
  return (
    P(line(from + 6, y, x - 10, y), 'g2 dot') +
    P(
      poly(
        [
          [x - 7, y - 11],
          [x + 7, y - 11],
          [x, y],
        ],
        true,
      ),
      'b1',
    ) +
    label(name, { x: x + 13, y: y - 2, size: 11, tracking: 0.08 }, 't1')
  );
}

/** A drawing title: number bubble, name, rule and scale. */
function drawingTitle(x, y, n, name, scale) {
  return (
    `<circle class="l1" cx="${x}" cy="${y}" r="17"/>` +
    label(String(n), { x, y: y + 5.5, size: 15, anchor: 'middle' }, 't2') +
    label(name, { x: x + 32, y: y - 2, size: 15, tracking: 0.16 }, 't3') +
    P(line(x + 32, y + 6, x + 32 + textWidth(name, { size: 15, tracking: 0.16 }) + 40, y + 6), 'l1') +
    label(scale, { x: x + 32, y: y + 23, size: 10.5, tracking: 0.1 }, 't1')
  );
}

/** A tree in plan: a fine circle with a centre point. */
const planTree = (x, y, r = 13) =>
  `<circle class="g3" cx="${num(x)}" cy="${num(y)}" r="${r}"/><circle class="t1" cx="${num(x)}" cy="${num(y)}" r="1.6"/>`;

/** The small map of both states on every sheet: where Ormsby lends. */
function keyMap() {
  const geo = mapGeo;
  const proj = albers().fitExtent(
    [
      [1245, 556],
      [1425, 800],
    ],
    geo.both,
  );
  let out =
    P(geoD(proj, geo.both), 'g2', `style="fill:${C.ground2}"`) +
    P(geoD(proj, geo.countyLines), 'g1') +
    P(geoD(proj, geo.outlines), 'l1');
  for (const c of CITIES) {
    const [x, y] = at(proj, c);
    out += `<circle class="fb" cx="${num(x)}" cy="${num(y)}" r="2.4"/>`;
  }
  return out + label('NEVADA · CALIFORNIA', { x: 1335, y: 836, size: 10.5, tracking: 0.2, anchor: 'middle' }, 't1');
}

/**
 * A drawing sheet: the main drawing on the left, an inset (site plan or section) in a frame at
 * the top right, the key map and the title block.
 */
function sheet({ main, inset, insetTitle, insetScale, title, drawing, scale, number }) {
  const gr = ground('gr', { vh: 1000, cx: 0.36, cy: 0.48 });
  const defs =
    gr.defs +
    hatch('hb', { gap: 7 }) +
    hatch('hg', { gap: 6, color: C.n600 }) +
    hatch('he', { gap: 9, color: C.n700, angle: -45 }) +
    `<clipPath id="inset"><rect x="1130" y="70" width="410" height="380"/></clipPath><clipPath id="mainclip"><rect x="60" y="60" width="1040" height="790"/></clipPath>`;
  let body = gr.body + draftingGrid(1600, 1000, { opacity: 0.45 }) + sheetFrame(1600, 1000);
  body += `<g clip-path="url(#mainclip)">${main}</g>`;
  body += P(rect(1130, 70, 410, 380), 'g3') + `<g clip-path="url(#inset)"><g transform="translate(1130 70)">${inset}</g></g>`;
  body +=
    label(insetTitle, { x: 1130, y: 478, size: 13, tracking: 0.16 }, 't3') +
    label(insetScale, { x: 1130, y: 497, size: 10.5, tracking: 0.1 }, 't1');
  body += keyMap();
  body += drawingTitle(110, 878, 1, drawing, scale);
  body += titleBlock(1130, 880, 410, { title, sub: 'ORMSBY LENDING · DEMO DRAWING', sheet: number });
  return svg({ body, defs, vh: 1000 });
}

/** A site plan inset: street along the bottom, property line, setbacks, trees, north arrow. */
function sitePlan(footprint, { extra = '', lot = [60, 40, 290, 262] } = {}) {
  const [lx, ly, lw, lh] = lot;
  let out =
    P(line(0, 338, 410, 338) + line(0, 376, 410, 376), 'l1') +
    P(line(0, 357, 410, 357), 'g2 dash') +
    P(line(0, 322, 410, 322), 'g2');
  out += P(rect(lx + 22, ly + 22, lw - 44, lh - 44), 'g2 dot');
  out += P(footprint, 'l2', 'style="fill:url(#hg)"') + extra;
  out += P(rect(lx, ly, lw, lh), 'b1 dash');
  out += northArrow(378, 48, 30);
  return out;
}

/** Two-storey single-family house with an attached garage (Washoe Valley Estates). */
function dealHouse() {
  const g = 780;
  let main = '';
  let fine = '';
  let faint = '';
  // Roof: side gable over the main house, a front gable over the entry, a hip over the garage.
  const roof = [
    [215, 555],
    [725, 555],
    [725, 440],
    [215, 440],
  ];
  main += poly(roof, true);
  faint += courses(roof, 11);
  const gable = [
    [385, 566],
    [490, 462],
    [595, 566],
  ];
  const garageRoof = [
    [688, 665],
    [948, 665],
    [905, 598],
    [730, 598],
  ];
  main += rect(240, 555, 460, g - 555) + rect(700, 655, 230, g - 655) + poly(garageRoof, true);
  faint += courses(garageRoof, 11);
  main += rect(640, 404, 34, 40) + rect(634, 398, 46, 8);
  // Entry bay with its own gable.
  const entry = `${rect(400, 566, 180, g - 566)}${poly(gable, true)}`;
  fine += windowD(270, 680, 84, 78, { cols: 2, rows: 2 }) + windowD(610, 680, 64, 78, { cols: 2, rows: 2 });
  fine += windowD(272, 578, 72, 66, { cols: 2, rows: 2 }) + windowD(612, 578, 60, 66, { cols: 2, rows: 2 });
  fine += windowD(456, 592, 68, 52, { cols: 2 }) + `M502 526a12 12 0 1 0 0.01 0`;
  fine += rect(466, 688, 48, 92) + rect(448, 688, 12, 92) + rect(520, 688, 12, 92) + rect(406, 668, 168, 8);
  fine += rect(412, 676, 8, g - 676) + rect(560, 676, 8, g - 676);
  // Garage door: four sections, a row of lights.
  fine += rect(742, 682, 146, 98);
  for (let y = 706; y < g; y += 24.5) fine += line(742, y, 888, y);
  for (let x = 750; x < 880; x += 36) fine += rect(x, 688, 28, 12);
  const body =
    P(faint, 'g2') +
    `<path class="fg" d="${poly(gable, true)}"/>` +
    P(courses(gable, 11), 'g2') +
    P(fine, 'l1') +
    P(main + entry, 'l2') +
    groundLine(120, 1060, g) +
    levelRight(990, g, 'FIN. FLOOR', 930) +
    levelRight(990, 660, 'LEVEL 2', 930) +
    levelRight(990, 555, 'PLATE', 930) +
    levelRight(990, 440, 'RIDGE', 930) +
    dimH(240, 930, g + 44, `62'-0"`, { ext: 36 }) +
    dimV(180, 440, g, `28'-6"`, { ext: 48 });
  const inset = sitePlan(
    poly(
      [
        [110, 96],
        [250, 96],
        [250, 150],
        [300, 150],
        [300, 236],
        [110, 236],
      ],
      true,
    ),
    {
      extra:
        P(
          poly([
            [252, 236],
            [252, 322],
          ]) +
            poly([
              [298, 236],
              [298, 322],
            ]),
          'g3',
        ) +
        planTree(92, 272) +
        planTree(322, 70) +
        planTree(100, 70, 11),
    },
  );
  return sheet({
    main: body,
    inset,
    insetTitle: 'SITE PLAN',
    insetScale: `SCALE 1" = 30'-0"`,
    title: 'SINGLE-FAMILY RESIDENCE',
    drawing: 'FRONT ELEVATION',
    scale: `SCALE 1/8" = 1'-0"`,
    number: 'A-201',
  });
}

/** A row of four three-storey townhomes (Roseville, Sacramento Midtown). */
function dealTownhomes() {
  const g = 780;
  const levels = [g, 685, 597, 509];
  let main = '';
  let fine = '';
  let faint = '';
  for (let u = 0; u < 4; u++) {
    const ux = 120 + u * 205;
    const top = u % 2 ? 509 : 487;
    main += rect(ux, top, 205, g - top) + rect(ux - 3, top - 6, 211, 6);
    fine += rect(ux + 18, 700, 100, 80);
    for (let y = 712; y < g; y += 10) faint += line(ux + 18, y, ux + 118, y);
    fine += rect(ux + 142, 700, 42, 80) + rect(ux + 132, 690, 62, 6);
    fine += windowD(ux + 22, 605, 160, 80, { cols: 4, sill: false }) + rect(ux + 14, 658, 176, 27);
    for (let x = ux + 20; x < ux + 190; x += 7) faint += line(x, 660, x, 685);
    fine += windowD(ux + 26, 524, 62, 56, { cols: 2, rows: 2 }) + windowD(ux + 116, 524, 62, 56, { cols: 2, rows: 2 });
    if (u % 2) for (let x = ux + 8; x < ux + 200; x += 11) faint += line(x, top + 4, x, 515);
    for (const y of levels.slice(1, 3)) fine += line(ux, y, ux + 205, y);
  }
  for (let u = 0; u <= 4; u++) main += rect(115 + u * 205, 472, 10, g - 472);
  const body =
    P(faint, 'g2') +
    P(fine, 'l1') +
    P(main, 'l2') +
    groundLine(70, 1080, g) +
    levels.map((y, i) => levelRight(985, y, i ? `LEVEL ${i + 1}` : 'FIN. FLOOR', 945)).join('') +
    [0, 1, 2, 3].map((u) => dimH(120 + u * 205, 325 + u * 205, g + 44, `20'-0"`, { ext: 36 })).join('');
  let rows = '';
  for (let u = 0; u < 4; u++) rows += rect(70 + u * 68, 168, 62, 110);
  let yards = '';
  for (let u = 0; u <= 4; u++) yards += line(68 + u * 68, 70, 68 + u * 68, 168);
  const inset = sitePlan(rows, {
    lot: [50, 50, 310, 262],
    extra: P(yards, 'g2 dot') + P(line(68, 288, 342, 288), 'g3') + planTree(80, 300, 9) + planTree(330, 300, 9),
  });
  return sheet({
    main: body,
    inset,
    insetTitle: 'SITE PLAN',
    insetScale: `SCALE 1" = 40'-0"`,
    title: 'TOWNHOMES · 4 UNITS',
    drawing: 'STREET ELEVATION',
    scale: `SCALE 1/8" = 1'-0"`,
    number: 'A-202',
  });
}

/** A mountain cabin: steep gable, glazed gable end, deck, stone base (Lake Tahoe, Summerlin). */
function dealCabin() {
  const g = 780;
  const r = rng(7);
  let main = '';
  let fine = '';
  let faint = '';
  // Ridges behind, like the contours of the slope.
  for (let i = 0; i < 5; i++) {
    const pts = [];
    for (let x = 60; x <= 1100; x += 40)
      pts.push([x, 420 + i * 34 - 120 * Math.exp(-(((x - 640 - i * 30) / 300) ** 2)) + Math.sin(x / 70 + i) * 6]);
    faint += poly(pts);
  }
  const ridgeEnd = faint.length;
  const outer = [
    [270, 652],
    [580, 352],
    [890, 652],
  ];
  const inner = [
    [300, 652],
    [580, 381],
    [860, 652],
  ];
  main += poly(outer, true) + poly(inner) + rect(320, 652, 520, 88) + rect(300, 740, 560, 40);
  // Stone base: courses with staggered joints.
  for (let y = 750; y < g; y += 10) {
    fine += line(300, y, 860, y);
    for (let x = 300 + r() * 30; x < 850; x += 26 + r() * 22) fine += line(x, y - 10, x, y);
  }
  // Glazed gable end.
  const slope = (x) => 652 - ((x < 580 ? x - 300 : 860 - x) * 271) / 280;
  for (const x of [450, 505, 580, 655, 710]) fine += line(x, 740, x, slope(x) + 6);
  fine +=
    line(450, 600, 710, 600) +
    line(450, 652, 710, 652) +
    poly([
      [450, 740],
      [450, slope(450) + 6],
      [580, slope(580) + 6],
      [710, slope(710) + 6],
      [710, 740],
    ]);
  for (const x of [335, 765]) fine += windowD(x, 672, 60, 50, { cols: 2 });
  faint += courses(
    [
      [320, 652],
      [445, 652],
      [445, 740],
      [320, 740],
    ],
    12,
    { vertical: true },
  );
  faint += courses(
    [
      [715, 652],
      [840, 652],
      [840, 740],
      [715, 740],
    ],
    12,
    { vertical: true },
  );
  // Deck and railing.
  main += rect(150, 736, 170, 8) + rect(840, 736, 130, 8);
  for (const [a, b] of [
    [150, 320],
    [840, 970],
  ]) {
    fine += line(a, 700, b, 700);
    for (let x = a; x <= b; x += 34) fine += line(x, 700, x, 736);
    for (const y of [712, 724]) faint += line(a, y, b, y);
    for (let x = a + 10; x < b; x += 80) fine += line(x, 744, x, g);
  }
  main += rect(770, 420, 48, slope(770) - 414) + rect(764, 412, 60, 10);
  const mass = poly(outer, true) + rect(300, 652, 560, 128) + rect(770, 420, 48, 240);
  const body =
    P(faint.slice(0, ridgeEnd), 'g1') +
    `<path class="fg" d="${mass}"/>` +
    P(faint.slice(ridgeEnd), 'g2') +
    P(fine, 'l1') +
    P(main, 'l2') +
    groundLine(100, 1080, g) +
    levelRight(1000, 740, 'MAIN FLOOR', 970) +
    levelRight(1000, 600, 'LOFT', 860) +
    dimV(230, 352, g, `34'-0"`, { ext: 44 }) +
    dimH(270, 890, 830, `48'-0"`);
  let contours = '';
  for (let i = 1; i < 9; i++) {
    const pts = [];
    for (let a = 0; a <= 360; a += 10) {
      const t = (a * Math.PI) / 180;
      const rr = 26 * i * (1 + 0.14 * Math.sin(2 * t + 0.8) + 0.05 * Math.sin(3 * t + i * 0.3));
      pts.push([300 + rr * 1.3 * Math.cos(t), 60 + rr * Math.sin(t)]);
    }
    contours += poly(pts, true);
  }
  const inset = sitePlan(
    poly(
      [
        [150, 140],
        [250, 140],
        [250, 205],
        [150, 205],
      ],
      true,
    ) + rect(130, 205, 140, 22),
    {
      extra:
        P(contours, 'g2') +
        P('M200 227C200 280 120 290 90 322', 'g3') +
        planTree(90, 110) +
        planTree(320, 150) +
        planTree(300, 240, 10),
    },
  );
  return sheet({
    main: body,
    inset,
    insetTitle: "SITE PLAN · CONTOURS AT 2'",
    insetScale: `SCALE 1" = 30'-0"`,
    title: 'MOUNTAIN RESIDENCE',
    drawing: 'SOUTH ELEVATION',
    scale: `SCALE 1/8" = 1'-0"`,
    number: 'A-203',
  });
}

/** An industrial flex building: tilt-up panels, roll-up doors, a glazed office end (Sparks, Fresno). */
function dealIndustrial() {
  const g = 780;
  let main = '';
  let fine = '';
  let faint = '';
  main += rect(100, 560, 840, g - 560) + rect(96, 554, 848, 6) + rect(100, 530, 230, 30) + rect(96, 524, 238, 6);
  for (let x = 330; x < 940; x += 76.25) faint += line(x, 560, x, g);
  faint += line(330, 604, 940, 604) + line(330, 614, 940, 614);
  for (let x = 330; x < 930; x += 76.25) fine += windowD(x + 10, 574, 56, 20, { cols: 2, sill: false });
  fine += windowD(112, 640, 206, 140, { cols: 4, rows: 2, sill: false }) + rect(196, 700, 38, 80);
  main += rect(92, 626, 246, 8);
  fine += line(100, 600, 150, 626) + line(330, 600, 280, 626);
  for (const x of [419, 571, 724, 876]) {
    fine += rect(x - 6, 664, 70, g - 664);
    for (let y = 670; y < g; y += 6) faint += line(x - 6, y, x + 64, y);
  }
  main += rect(480, 536, 60, 18) + rect(740, 536, 60, 18);
  const body =
    P(faint, 'g2') +
    P(fine, 'l1') +
    P(main, 'l2') +
    groundLine(80, 1080, g) +
    levelRight(975, g, 'FIN. FLOOR', 940) +
    levelRight(975, 560, 'PARAPET', 940) +
    dimH(100, 330, g + 44, `60'-0"`, { ext: 36 }) +
    dimH(330, 940, g + 44, `160'-0"`, { ext: 36 });
  let stalls = '';
  for (let x = 70; x < 340; x += 18) stalls += line(x, 262, x, 300);
  for (let y = 60; y < 200; y += 22) stalls += line(300, y, 340, y - 12);
  const inset = sitePlan(rect(70, 80, 210, 150), {
    lot: [50, 40, 310, 278],
    extra: P(stalls, 'g2') + P(rect(280, 90, 10, 130), 'g3') + planTree(64, 250, 9),
  });
  return sheet({
    main: body,
    inset,
    insetTitle: 'SITE PLAN',
    insetScale: `SCALE 1" = 80'-0"`,
    title: 'INDUSTRIAL FLEX',
    drawing: 'EAST ELEVATION',
    scale: `SCALE 1/16" = 1'-0"`,
    number: 'A-204',
  });
}

/** A neighbourhood retail plaza: storefront suites and a tower (Henderson, Minden). */
function dealRetail() {
  const g = 780;
  let main = '';
  let fine = '';
  let brass = '';
  const tops = [592, 612, 522, 612, 592];
  const w = 172;
  for (let s = 0; s < 5; s++) {
    const sx = 100 + s * w;
    const top = tops[s];
    main += rect(sx, top, w, g - top) + rect(sx - 3, top - 7, w + 6, 7);
    fine +=
      windowD(sx + 14, 656, w - 28, g - 656, { cols: 3, sill: false }) +
      line(sx + 14, 682, sx + w - 14, 682) +
      rect(sx + w / 2 - 20, 700, 40, 80);
    main += rect(sx + 6, 644, w - 12, 6);
    brass += rect(sx + 28, top + 16 + (s === 2 ? 60 : 0), w - 56, 22);
  }
  const hip = [
    [100 + 2 * w - 4, 515],
    [100 + 2.5 * w, 458],
    [100 + 3 * w + 4, 515],
  ];
  main += poly(hip, true);
  fine += courses(hip, 9);
  const body =
    P(fine, 'l1') +
    P(main, 'l2') +
    P(brass, 'b1') +
    groundLine(80, 1080, g) +
    levelRight(990, g, 'FIN. FLOOR', 960) +
    levelRight(990, 592, 'PARAPET', 960) +
    [0, 1, 2, 3, 4].map((s) => dimH(100 + s * w, 100 + (s + 1) * w, g + 44, `40'-0"`, { ext: 36 })).join('');
  let stalls = '';
  for (const y of [150, 230]) for (let x = 70; x < 330; x += 16) stalls += line(x, y - 28, x, y) + line(x, y + 4, x, y + 32);
  const inset = sitePlan(
    poly(
      [
        [60, 50],
        [350, 50],
        [350, 100],
        [110, 100],
        [110, 300],
        [60, 300],
      ],
      true,
    ),
    {
      lot: [40, 30, 330, 290],
      extra: P(stalls, 'g2') + planTree(330, 280, 9) + planTree(140, 290, 9),
    },
  );
  return sheet({
    main: body,
    inset,
    insetTitle: 'SITE PLAN',
    insetScale: `SCALE 1" = 60'-0"`,
    title: 'NEIGHBORHOOD RETAIL',
    drawing: 'STOREFRONT ELEVATION',
    scale: `SCALE 1/16" = 1'-0"`,
    number: 'A-205',
  });
}

/** A two-storey downtown building: storefronts below, apartments above (Carson Street). */
function dealMainStreet() {
  const g = 780;
  let main = '';
  let fine = '';
  let faint = '';
  // Neighbours in the lightest line.
  faint += rect(120, 430, 180, 350) + rect(860, 620, 90, 160);
  for (let y = 460; y < 760; y += 76) for (let x = 140; x < 290; x += 52) faint += rect(x, y, 30, 48);
  main += rect(300, 545, 560, g - 545) + rect(290, 520, 580, 25) + rect(520, 492, 120, 28) + rect(514, 486, 132, 6);
  for (let x = 300; x <= 860; x += 46.6) fine += rect(x - 3, 545, 6, 12);
  for (let b = 0; b < 3; b++) {
    const bx = 300 + b * 186.7;
    fine += rect(bx + 10, 690, 166, 70) + rect(bx + 10, 760, 166, 20) + rect(bx + 72, 690, 42, 90);
    for (let x = bx + 10; x < bx + 176; x += 27.7) fine += rect(x, 662, 27.7, 22);
    fine += line(bx, 660, bx, g);
  }
  fine += line(300, 660, 860, 660) + line(300, 656, 860, 656);
  for (let w = 0; w < 6; w++) {
    const wx = 334 + w * 88;
    fine +=
      `M${wx} 650V588A26 26 0 0 1 ${wx + 52} 588V650Z` +
      line(wx, 612, wx + 52, 612) +
      line(wx - 5, 654, wx + 57, 654) +
      `M${wx - 6} 588A32 32 0 0 1 ${wx + 58} 588`;
  }
  const body =
    P(faint, 'g1') +
    P(fine, 'l1') +
    P(main, 'l2') +
    groundLine(80, 1080, g) +
    levelRight(985, 660, 'LEVEL 2', 950) +
    levelRight(985, 520, 'CORNICE', 870) +
    dimH(300, 860, g + 44, `50'-0"`, { ext: 36 }) +
    dimV(250, 486, g, `32'-0"`, { ext: 44 });
  let block = '';
  for (let x = 40; x < 370; x += 46) block += line(x, 40, x, 300);
  const inset =
    P(rect(30, 30, 350, 280), 'l1') +
    P(block + line(30, 170, 380, 170), 'g2') +
    P(rect(178, 170, 46, 140), 'b2', 'style="fill:url(#hb)"');
  let others = '';
  for (const x of [40, 86, 132, 270, 316]) others += rect(x + 4, 178, 38, 90);
  for (const x of [40, 132, 224, 316]) others += rect(x + 4, 44, 38, 80);
  return sheet({
    main: body,
    inset:
      inset +
      P(others, 'g3', 'style="fill:url(#hg)"') +
      P(line(0, 338, 410, 338) + line(0, 376, 410, 376), 'l1') +
      northArrow(378, 48, 30),
    insetTitle: 'BLOCK PLAN',
    insetScale: `SCALE 1" = 100'-0"`,
    title: 'MIXED USE · DOWNTOWN',
    drawing: 'STREET ELEVATION',
    scale: `SCALE 1/8" = 1'-0"`,
    number: 'A-206',
  });
}

/** A five-storey mixed-use podium: retail below, apartments above, a glazed corner. */
function dealPodium() {
  const g = 780;
  let main = '';
  let fine = '';
  let faint = '';
  const x0 = 150;
  const bay = 100;
  const levels = [g, 680, 614, 548, 482, 416];
  main += rect(x0, 400, bay * 8, g - 400) + rect(x0 - 4, 394, bay * 8 + 8, 6) + rect(x0 - 8, 672, bay * 8 + 16, 8);
  for (let b = 0; b < 8; b++) {
    const bx = x0 + b * bay;
    fine += windowD(bx + 10, 694, bay - 20, g - 694, { cols: 2, sill: false });
    if (b === 7) continue;
    for (let f = 1; f < 5; f++) {
      const yt = levels[f + 1];
      if ((b + f) % 3 === 0) {
        fine += windowD(bx + 14, yt + 8, bay - 28, 58, { cols: 3, sill: false }) + rect(bx + 8, yt + 44, bay - 16, 22);
        for (let x = bx + 14; x < bx + bay - 8; x += 6) faint += line(x, yt + 46, x, yt + 66);
      } else fine += windowD(bx + 20, yt + 12, 26, 40, { rows: 2 }) + windowD(bx + 56, yt + 12, 26, 40, { rows: 2 });
    }
  }
  // The glazed corner rises above the parapet.
  const cx = x0 + 7 * bay;
  main += rect(cx, 356, bay, 324) + rect(cx - 4, 350, bay + 8, 6);
  for (let x = cx + 20; x < cx + bay; x += 20) fine += line(x, 356, x, 672);
  for (let y = 380; y < 672; y += 33) fine += line(cx, y, cx + bay, y);
  for (const y of levels.slice(1, -1)) fine += line(x0, y, cx, y);
  // Roof terrace pergola.
  for (let x = 360; x <= 600; x += 12) faint += line(x, 366, x, 374);
  main += rect(350, 362, 260, 8) + line(360, 370, 360, 394) + line(600, 370, 600, 394);
  const body =
    P(faint, 'g2') +
    P(fine, 'l1') +
    P(main, 'l2') +
    groundLine(80, 1080, g) +
    levels.map((y, i) => levelRight(1010, y, i ? `LEVEL ${i + 1}` : 'FIN. FLOOR', 955)).join('') +
    dimH(x0, x0 + 8 * bay, g + 44, `200'-0"`, { ext: 36 }) +
    dimV(100, 356, g, `68'-0"`, { ext: 44 });
  const inset = sitePlan(rect(70, 60, 270, 230), {
    lot: [50, 40, 310, 270],
    extra:
      P(rect(140, 120, 130, 110), 'l1', `style="fill:${C.ground}"`) +
      planTree(205, 175, 22) +
      planTree(170, 150, 8) +
      planTree(240, 200, 8),
  });
  return sheet({
    main: body,
    inset,
    insetTitle: 'SITE PLAN',
    insetScale: `SCALE 1" = 60'-0"`,
    title: 'MIXED USE · 5 STORIES',
    drawing: 'NORTH ELEVATION',
    scale: `SCALE 1/16" = 1'-0"`,
    number: 'A-207',
  });
}

/** A closed smooth curve through points (Catmull-Rom as cubic Béziers). */
function smoothClosed(pts) {
  let d = `M${num(pts[0][0])} ${num(pts[0][1])}`;
  for (let i = 0; i < pts.length; i++) {
    const p0 = pts[(i - 1 + pts.length) % pts.length];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % pts.length];
    const p3 = pts[(i + 2) % pts.length];
    d += `C${args([num(p1[0] + (p2[0] - p0[0]) / 6), num(p1[1] + (p2[1] - p0[1]) / 6), num(p2[0] - (p3[0] - p1[0]) / 6), num(p2[1] - (p3[1] - p1[1]) / 6), num(p2[0]), num(p2[1])])}`;
  }
  return `${d}Z`;
}

/** Contours of a hill: closed, gently irregular rings around (cx, cy). */
function hillContours(cx, cy, { count, step, stretch = 1.35, seed = 5 }) {
  const r = rng(seed);
  const phases = [r() * 6, r() * 6, r() * 6];
  const rings = [];
  for (let i = 1; i <= count; i++) {
    const pts = [];
    for (let a = 0; a < 360; a += 15) {
      const t = (a * Math.PI) / 180;
      const rr =
        step *
        i *
        (1 +
          0.16 * Math.sin(2 * t + phases[0]) +
          0.07 * Math.sin(3 * t + phases[1] + i * 0.06) +
          0.035 * Math.sin(5 * t + phases[2] + i * 0.2));
      pts.push([cx + rr * stretch * Math.cos(t), cy + rr * Math.sin(t)]);
    }
    rings.push(smoothClosed(pts));
  }
  return rings;
}

/** A land parcel in plan: contours, a creek, the property line with bearings, a section cut. */
function dealLandTopo() {
  const rings = hillContours(640, 400, { count: 17, step: 30, seed: 12 });
  let minor = '';
  let index = '';
  rings.forEach((d, i) => ((i + 1) % 5 ? (minor += d) : (index += d)));
  const boundary = [
    [190, 160],
    [940, 118],
    [1010, 520],
    [860, 740],
    [230, 700],
  ];
  let main = P(minor, 'g2') + P(index, 'l1');
  main +=
    P('M60 770C260 720 340 800 520 760S820 650 1100 690', 'l1') + P('M60 782C260 732 340 812 520 772S820 662 1100 702', 'l1');
  main += P('M60 300C120 300 160 320 200 360S230 470 232 520', 'g3') + P('M60 330C110 330 140 345 175 378S204 470 206 520', 'g3');
  main += P(poly(boundary, true), 'b2');
  for (const [x, y] of boundary)
    main += `<circle class="b1" cx="${x}" cy="${y}" r="6"/><circle class="fb" cx="${x}" cy="${y}" r="2"/>`;
  const edge = (a, b, text) => {
    const ang = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    return `<g transform="rotate(${num(ang)} ${num(mx)} ${num(my)})">${label(text, { x: mx, y: my - 9, size: 11, anchor: 'middle', tracking: 0.06 }, 'fbl')}</g>`;
  };
  main +=
    edge(boundary[0], boundary[1], `N 86°48'E  751.2'`) +
    edge(boundary[1], boundary[2], `S 9°55'E  408.1'`) +
    edge(boundary[3], boundary[4], `N 86°22'W  631.3'`);
  main +=
    P(line(140, 430, 1060, 430), 'b1 dash') +
    P(
      poly(
        [
          [140, 430],
          [140, 404],
          [128, 416],
        ],
        true,
      ) +
        poly(
          [
            [1060, 430],
            [1060, 404],
            [1072, 416],
          ],
          true,
        ),
      'b1',
      'style="fill:' + C.brass + '"',
    );
  main +=
    label('A', { x: 140, y: 398, size: 13, anchor: 'middle' }, 'fbl') +
    label('A', { x: 1060, y: 398, size: 13, anchor: 'middle' }, 'fbl');
  [5, 10, 15].forEach((n, i) => {
    const x = 640 + 30 * n * 1.35 * 0.97;
    main +=
      `<rect class="fg" x="${num(x - 18)}" y="${392 - i}" width="36" height="14"/>` +
      label(`${5200 + n * 4}`, { x, y: 403 - i, size: 10, anchor: 'middle' }, 't2');
  });
  for (const [x, y] of [
    [320, 240],
    [350, 262],
    [300, 270],
    [880, 620],
    [900, 650],
  ])
    main += planTree(x, y, 12);
  // Section A-A: the ground along the cut, with its hatch.
  const profile = [];
  for (let x = 10; x <= 400; x += 10) profile.push([x, 250 - 130 * Math.exp(-(((x - 205) / 90) ** 2)) - 14 * Math.sin(x / 37)]);
  let inset =
    P(line(10, 300, 400, 300), 'g3') +
    P(`${poly(profile)}L400 330L10 330Z`, 'g2', 'style="fill:url(#he)"') +
    P(poly(profile), 'l2');
  for (let y = 300; y >= 90; y -= 42)
    inset += P(line(10, y, 18, y), 'g3') + label(String(5200 + (300 - y) / 3), { x: 24, y: y + 4, size: 9.5 }, 't1');
  inset += label('A', { x: 14, y: 40, size: 13 }, 'fbl') + label('A', { x: 392, y: 40, size: 13, anchor: 'end' }, 'fbl');
  return sheet({
    main,
    inset,
    insetTitle: 'SECTION A–A',
    insetScale: 'VERTICAL EXAGGERATION 3×',
    title: 'LAND · 11.4 ACRES',
    drawing: 'TOPOGRAPHIC SITE PLAN',
    scale: `SCALE 1" = 100'-0" · CONTOURS AT 4'`,
    number: 'C-101',
  });
}

/** A subdivision plat: a cul-de-sac and its lots (Truckee River, Elko). */
function dealPlat() {
  const [cx, cy, R, half] = [600, 330, 64, 24];
  const box = [300, 110, 900, 820];
  const join = cy + Math.sqrt(R * R - half * half);
  let main = P(`M${cx - half} 830L${cx - half} ${num(join)}A${R} ${R} 0 1 1 ${cx + half} ${num(join)}L${cx + half} 830`, 'l2');
  main += P(`M${cx} 830L${cx} ${cy}`, 'g2 dash') + `<circle class="g2 dash" cx="${cx}" cy="${cy}" r="${R / 2}"/>`;
  let lots = '';
  let numbers = '';
  let n = 1;
  // Radial lot lines around the bulb, to the boundary.
  const rays = [-170, -135, -105, -75, -45, -10];
  const hit = (a) => {
    const [dx, dy] = [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)];
    const ts = [];
    if (dx) ts.push((box[0] - cx) / dx, (box[2] - cx) / dx);
    if (dy) ts.push((box[1] - cy) / dy, (box[3] - cy) / dy);
    const t = Math.min(...ts.filter((v) => v > 0));
    return [cx + dx * t, cy + dy * t];
  };
  rays.forEach((a, i) => {
    const [x, y] = hit(a);
    lots += line(cx + R * Math.cos((a * Math.PI) / 180), cy + R * Math.sin((a * Math.PI) / 180), x, y);
    if (i) {
      const m = ((a + rays[i - 1]) / 2) * (Math.PI / 180);
      numbers += label(
        String(n++),
        { x: cx + 150 * Math.cos(m), y: cy + 150 * Math.sin(m) + 5, size: 13, anchor: 'middle' },
        't2',
      );
    }
  });
  // Lots along the straight street.
  const ys = [390, 470, 560, 650, 740, 820];
  for (const side of [-1, 1]) {
    const edgeX = cx + side * half;
    const far = side < 0 ? box[0] : box[2];
    ys.forEach((y, i) => {
      if (i) lots += line(edgeX, y, far, y);
      if (i && i < ys.length - 1)
        numbers += label(String(n++), { x: (edgeX + far) / 2, y: (y + ys[i + 1]) / 2 + 5, size: 13, anchor: 'middle' }, 't2');
    });
  }
  let easement = poly(
    [
      [box[0] + 12, box[1] + 12],
      [box[2] - 12, box[1] + 12],
      [box[2] - 12, box[3] - 12],
      [box[0] + 12, box[3] - 12],
    ],
    true,
  );
  easement += line(box[0] + 12, 500, cx - half - 12, 500);
  main += P(easement, 'g1 dot') + P(lots, 'g3') + P(rect(box[0], box[1], box[2] - box[0], box[3] - box[1]), 'b2') + numbers;
  for (let y = 430; y < 820; y += 70) main += planTree(cx - half - 14, y, 8) + planTree(cx + half + 14, y + 35, 8);
  for (const [x, y, t, a] of [
    [600, box[1] - 10, `N 89°58'E  600.0'`, 0],
    [box[2] + 12, 465, `S 0°02'E  710.0'`, 90],
    [box[0] - 12, 465, `N 0°02'W  710.0'`, -90],
  ])
    main += `<g transform="rotate(${a} ${x} ${y})">${label(t, { x, y, size: 11, anchor: 'middle', tracking: 0.06 }, 'fbl')}</g>`;
  for (const [x, y] of [
    [box[0], box[1]],
    [box[2], box[1]],
    [box[2], box[3]],
    [box[0], box[3]],
  ])
    main += `<circle class="b1" cx="${x}" cy="${y}" r="6"/><circle class="fb" cx="${x}" cy="${y}" r="2"/>`;
  // Typical street section.
  let inset = P('M20 220L80 220L80 214L180 206L205 200L230 206L330 214L330 220L390 220', 'l2');
  inset += P(line(20, 226, 390, 226) + line(80, 214, 80, 232) + line(330, 214, 330, 232), 'g3');
  inset += P(line(20, 150, 20, 250) + line(390, 150, 390, 250), 'b1 dash');
  for (const [x, t] of [
    [140, 'W'],
    [270, 'S'],
  ])
    inset += `<circle class="l1" cx="${x}" cy="290" r="11"/>` + label(t, { x, y: 294.5, size: 11, anchor: 'middle' }, 't2');
  inset += dimH(20, 390, 120, `60'-0" R/W`) + dimH(80, 330, 160, `40'-0"`);
  return sheet({
    main,
    inset,
    insetTitle: 'TYPICAL STREET SECTION',
    insetScale: `SCALE 1" = 10'-0"`,
    title: 'SUBDIVISION · 13 LOTS',
    drawing: 'TENTATIVE MAP',
    scale: `SCALE 1" = 60'-0"`,
    number: 'C-201',
  });
}

const deals = {
  'deal-residential-1': dealHouse,
  'deal-residential-2': dealTownhomes,
  'deal-residential-3': dealCabin,
  'deal-commercial-1': dealIndustrial,
  'deal-commercial-2': dealRetail,
  'deal-mixed-1': dealMainStreet,
  'deal-mixed-2': dealPodium,
  'deal-land-1': dealLandTopo,
  'deal-land-2': dealPlat,
};

// ---------------------------------------------------------------------------------------------
// The Open Graph card and the home page's map.

/** The 1200x630 Open Graph card: the lender's name on the left, the two states on the right. */
function ogCard() {
  const [vw, vh] = [1200, 630];
  const gr = ground('gr', { vw, vh, cx: 0.78, cy: 0.5 });
  const { defs, body } = statesLayers(1, {
    extent: [
      [770, 46],
      [1150, 584],
    ],
    vw,
    vh,
    labels: false,
  });
  // The favicon's brass ring.
  const logo = `<g transform="translate(80 118) scale(1.25)"><path class="fb" d="M32 14c-9.9 0-18 8.1-18 18s8.1 18 18 18 18-8.1 18-18-8.1-18-18-18zm0 29c-6.1 0-11-4.9-11-11s4.9-11 11-11 11 4.9 11 11-4.9 11-11 11z"/></g>`;
  const text =
    label('PRIVATE LENDING · NEVADA & CALIFORNIA', { x: 96, y: 236, size: 15, tracking: 0.2 }, 'fbl') +
    `<path fill="#fff" d="${textPath('Ormsby Lending', { x: 94, y: 318, size: 80, font: 'serif' })}"/>` +
    P(line(96, 352, 196, 352), 'b2') +
    label('Bridge, fix-and-flip, construction and land loans', { x: 96, y: 404, size: 25 }, 't3') +
    label('secured by real estate, decided by local principals.', { x: 96, y: 440, size: 25 }, 't3');
  return svg({
    body: gr.body + body + `<rect width="${vw}" height="${vh}" fill="url(#shade)"/>` + logo + text,
    defs:
      gr.defs +
      fadeLeft('fade', { from: 0.45, to: 0.75, vw, vh }) +
      defs +
      `<linearGradient id="shade" x1="0" x2="1"><stop offset="0.3" stop-color="${C.ground}" stop-opacity=".85"/><stop offset="0.62" stop-color="${C.ground}" stop-opacity="0"/></linearGradient>`,
    vw,
    vh,
  });
}

/**
 * Labels of the home page's map (viewBox units, 1000 wide): where each city's name stands
 * relative to its dot. The Reno–Tahoe cluster is fanned out with leader lines.
 */
const MAP_LABELS = {
  Reno: { dx: 80, dy: -36, leader: true },
  Sparks: { dx: 74, dy: 6, leader: true },
  'Carson City': { dx: 76, dy: 8, leader: true },
  'Lake Tahoe': { dx: 98, dy: 48, leader: true },
  Truckee: { dx: -30, dy: -44, anchor: 'end', leader: true },
  Roseville: { dx: -22, dy: -22, anchor: 'end', leader: true },
  Sacramento: { dx: -22, dy: 30, anchor: 'end', leader: true },
  Fresno: { dx: 20, dy: 11 },
  'Las Vegas': { dx: -20, dy: -10, anchor: 'end' },
  Henderson: { dx: -24, dy: 36, anchor: 'end', leader: true },
  'Los Angeles': { dx: 22, dy: 4 },
  'San Diego': { dx: -20, dy: 10, anchor: 'end' },
};

/** Writes app/content/markets-map.ts: the two states, county lines and cities in viewBox units. */
async function writeMarketsMap() {
  const geo = mapGeo;
  const width = 1000;
  const pad = 16;
  const fitted = albers().fitWidth(width - 2 * pad, geo.both);
  const [[x0, y0], [, y1]] = geoPath(fitted).bounds(geo.both);
  const [tx, ty] = fitted.translate();
  const proj = fitted.translate([tx - x0 + pad, ty - y0 + pad]);
  const height = Math.ceil(y1 - y0 + 2 * pad);
  const states = ['32', '06'].map((id) => ({ name: STATES[id], d: geoD(proj, geo.state(id), 0) }));
  const [nx, ny] = proj([-116.85, 40.1]).map(Math.round);
  const [cx, cy] = proj([-116.75, 35.05]).map(Math.round);
  const cityData = CITIES.map((c) => {
    const [x, y] = at(proj, c).map(Math.round);
    const l = MAP_LABELS[c.name];
    return {
      name: c.name,
      state: c.state,
      x,
      y,
      label: { x: x + l.dx, y: y + l.dy, anchor: l.anchor ?? 'start', leader: !!l.leader },
    };
  });
  const data = {
    width,
    height,
    states,
    stateLabels: [
      { name: 'Nevada', x: nx, y: ny, rotate: 0 },
      { name: 'California', x: cx, y: cy, rotate: 0 },
    ],
    counties: geoD(proj, geo.countyLines, 0),
    cities: cityData,
  };
  const source = `/**
 * The home page's 'Markets We Serve' map data (issue "First impression"), in viewBox units.
 * Generated by scripts/generate-images.mjs from the Census Bureau's 2017 cartographic boundaries
 * (us-atlas), projected with California Albers (EPSG:3310) and simplified. Do not edit by hand:
 * change the script and run it again.
 */
export const marketsMap = ${JSON.stringify(data)} as const;
`;
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(mapModule);
  writeFileSync(mapModule, await prettier.format(source, { ...options, filepath: mapModule }));
  return statSync(mapModule).size;
}

// ---------------------------------------------------------------------------------------------
// Output.

const heroes = {
  'hero-home-1': heroStates,
  'hero-home-2': heroSouth,
  'hero-home-3': heroElevation,
  'hero-borrowers': heroConstruction,
  'hero-investors': heroPlat,
  'about-lake': heroTahoe,
};

const WIDTHS = [640, 1024, 1600, 2400];
/** Thicker lines for smaller outputs: a 1600 px hair line stays visible at 640 px. */
const lineScale = (width) => Math.max(1, (1600 / width) ** 0.6);
const sizes = [];
const kB = (file) => +(statSync(file).size / 1024).toFixed(1);

for (const [name, draw] of Object.entries(heroes)) {
  if (!wanted(name)) continue;
  for (const width of WIDTHS) {
    const source = draw(lineScale(width)).replace(
      'width="1600" height="900"',
      `width="${width}" height="${Math.round((width * 9) / 16)}"`,
    );
    const img = sharp(Buffer.from(source));
    const avif = path.join(publicDir, `${name}-${width}.avif`);
    const webp = path.join(publicDir, `${name}-${width}.webp`);
    await img.clone().avif({ quality: 52, effort: 5, chromaSubsampling: '4:4:4' }).toFile(avif);
    await img.clone().webp({ quality: 74, smartSubsample: true }).toFile(webp);
    sizes.push({ file: `${name}-${width}`, 'avif kB': kB(avif), 'webp kB': kB(webp) });
  }
}

if (wanted('og-card')) {
  const file = path.join(publicDir, 'og-card.jpg');
  await sharp(Buffer.from(ogCard())).jpeg({ quality: 84, mozjpeg: true }).toFile(file);
  sizes.push({ file: 'og-card.jpg', kB: kB(file) });
}

if (wanted('markets-map')) sizes.push({ file: 'markets-map.ts', kB: +((await writeMarketsMap()) / 1024).toFixed(1) });

for (const [name, draw] of Object.entries(deals)) {
  if (!wanted(name)) continue;
  const file = path.join(demoDir, `${name}.webp`);
  await sharp(Buffer.from(draw())).webp({ quality: 76, smartSubsample: true }).toFile(file);
  sizes.push({ file: `${name}.webp`, kB: kB(file) });
}

console.log('Written to public/images, app/server/db/demo-images and app/content/markets-map.ts:');
console.table(sizes);
