/**
 * Generates the site's own imagery from SVG art (no stock photos, nothing hot-linked):
 *   - public/images/{name}-{width}.{avif,webp} for the page heroes and feature images,
 *     at 640, 1024, 1600 and 2400 px wide (16:9 art; heroes are cropped by CSS);
 *   - public/images/og-card.jpg, the 1200x630 Open Graph card;
 *   - app/server/db/demo-images/deal-*.webp, the demo deals' pictures (1600x1000).
 * Deterministic: the same script always draws the same pictures (seeded random numbers).
 * Run with `node scripts/generate-images.mjs`; the outputs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'public/images');
const demoDir = path.join(root, 'app/server/db/demo-images');
mkdirSync(publicDir, { recursive: true });
mkdirSync(demoDir, { recursive: true });

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

const W = 1600;
const H = 900;

/** A ridge line across the picture as an SVG path closed to the bottom edge. */
function ridge(rand, { base, amplitude, steps, w = W, h = H }) {
  let d = `M0 ${h} L0 ${base}`;
  let y = base;
  for (let i = 1; i <= steps; i++) {
    const x = (w / steps) * i;
    y = Math.max(base - amplitude, Math.min(base + amplitude * 0.4, y + (rand() - 0.55) * amplitude));
    d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L${w} ${h} Z`;
}

function sky(id, stops) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

/** Buildings along a baseline: rectangles with lit windows. */
function skyline(rand, { baseline, count, minH, maxH, color, windowColor, w = W, lit = 0.35 }) {
  let out = '';
  let x = -20;
  for (let i = 0; i < count && x < w; i++) {
    const bw = 50 + rand() * 110;
    const bh = minH + rand() * (maxH - minH);
    const top = baseline - bh;
    out += `<rect x="${x.toFixed(0)}" y="${top.toFixed(0)}" width="${bw.toFixed(0)}" height="${(bh + 400).toFixed(0)}" fill="${color}"/>`;
    if (rand() > 0.6)
      out += `<rect x="${(x + bw / 2 - 2).toFixed(0)}" y="${(top - 40).toFixed(0)}" width="4" height="40" fill="${color}"/>`;
    for (let wy = top + 14; wy < baseline - 12; wy += 22) {
      for (let wx = x + 10; wx < x + bw - 14; wx += 18) {
        if (rand() < lit)
          out += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="11" fill="${windowColor}" opacity="${(0.5 + rand() * 0.5).toFixed(2)}"/>`;
      }
    }
    x += bw + 4 + rand() * 14;
  }
  return out;
}

/** A row of pitched-roof houses along a baseline. */
function houses(rand, { baseline, count, w = W, palette }) {
  let out = '';
  const step = w / count;
  for (let i = 0; i < count; i++) {
    const hw = step * (0.6 + rand() * 0.25);
    const x = i * step + rand() * (step - hw);
    const hh = 70 + rand() * 50;
    const roof = 40 + rand() * 30;
    const body = palette[Math.floor(rand() * palette.length)];
    out += `<rect x="${x.toFixed(0)}" y="${(baseline - hh).toFixed(0)}" width="${hw.toFixed(0)}" height="${hh.toFixed(0)}" fill="${body}"/>`;
    out += `<path d="M${(x - 10).toFixed(0)} ${(baseline - hh).toFixed(0)} L${(x + hw / 2).toFixed(0)} ${(baseline - hh - roof).toFixed(0)} L${(x + hw + 10).toFixed(0)} ${(baseline - hh).toFixed(0)} Z" fill="#1b2b45"/>`;
    out += `<rect x="${(x + hw * 0.15).toFixed(0)}" y="${(baseline - hh * 0.7).toFixed(0)}" width="${(hw * 0.22).toFixed(0)}" height="${(hh * 0.3).toFixed(0)}" fill="#f4ead2" opacity="0.85"/>`;
    out += `<rect x="${(x + hw * 0.6).toFixed(0)}" y="${(baseline - hh * 0.55).toFixed(0)}" width="${(hw * 0.2).toFixed(0)}" height="${(hh * 0.55).toFixed(0)}" fill="#283e5f"/>`;
  }
  return out;
}

function svg(body, defs = '', w = W, h = H) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** Scenes: each returns an SVG string at 1600x900 (or the given size). */
const scenes = {
  /** High-desert dusk: layered Sierra ridges under a brass sunset. */
  'hero-home-1': () => {
    const r = rng(11);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       <circle cx="1120" cy="520" r="120" fill="#f4ead2" opacity="0.9"/>
       <path d="${ridge(r, { base: 560, amplitude: 160, steps: 14 })}" fill="#654321" opacity="0.55"/>
       <path d="${ridge(r, { base: 640, amplitude: 120, steps: 18 })}" fill="#324d75"/>
       <path d="${ridge(r, { base: 720, amplitude: 80, steps: 24 })}" fill="#1b2b45"/>
       <path d="${ridge(r, { base: 800, amplitude: 40, steps: 30 })}" fill="#0a1426"/>`,
      sky('s', [
        [0, '#11203a'],
        [0.45, '#43638f'],
        [0.75, '#dcb76c'],
        [1, '#f4ead2'],
      ]),
    );
  },
  /** A downtown skyline at blue hour. */
  'hero-home-2': () => {
    const r = rng(22);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       <path d="${ridge(r, { base: 600, amplitude: 120, steps: 12 })}" fill="#283e5f" opacity="0.7"/>
       ${skyline(r, { baseline: 900, count: 30, minH: 160, maxH: 520, color: '#11203a', windowColor: '#e9d3a3' })}
       <rect y="860" width="${W}" height="40" fill="#0a1426"/>`,
      sky('s', [
        [0, '#0a1426'],
        [0.6, '#324d75'],
        [1, '#c4d1e2'],
      ]),
    );
  },
  /** Golden California hills with a neighbourhood. */
  'hero-home-3': () => {
    const r = rng(33);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       <circle cx="360" cy="300" r="90" fill="#fbf7ee" opacity="0.85"/>
       <path d="${ridge(r, { base: 560, amplitude: 110, steps: 10 })}" fill="#9a6b25" opacity="0.6"/>
       <path d="${ridge(r, { base: 640, amplitude: 70, steps: 12 })}" fill="#b8862f" opacity="0.8"/>
       ${houses(r, { baseline: 820, count: 11, palette: ['#f2f5f9', '#e1e8f1', '#fbf7ee', '#c4d1e2'] })}
       <rect y="815" width="${W}" height="85" fill="#283e5f"/>`,
      sky('s', [
        [0, '#43638f'],
        [0.55, '#97adc9'],
        [1, '#f4ead2'],
      ]),
    );
  },
  /** Construction: a steel frame and a tower crane at sunrise. */
  'hero-borrowers': () => {
    const r = rng(44);
    let frame = '';
    for (let f = 0; f < 6; f++) frame += `<rect x="820" y="${860 - f * 80}" width="420" height="6" fill="#11203a"/>`;
    for (let c = 0; c < 5; c++) frame += `<rect x="${820 + c * 103}" y="460" width="8" height="400" fill="#11203a"/>`;
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       <path d="${ridge(r, { base: 640, amplitude: 100, steps: 12 })}" fill="#324d75" opacity="0.6"/>
       ${skyline(r, { baseline: 900, count: 8, minH: 120, maxH: 300, color: '#283e5f', windowColor: '#f4ead2', w: 760, lit: 0.2 })}
       ${frame}
       <rect x="1330" y="180" width="14" height="700" fill="#11203a"/>
       <rect x="980" y="180" width="560" height="12" fill="#11203a"/>
       <rect x="1120" y="192" width="3" height="200" fill="#11203a"/>
       <rect x="1100" y="390" width="44" height="24" fill="#b8862f"/>
       <rect y="860" width="${W}" height="40" fill="#0a1426"/>`,
      sky('s', [
        [0, '#283e5f'],
        [0.5, '#97adc9'],
        [1, '#e9d3a3'],
      ]),
    );
  },
  /** Glass towers in daylight: the investors' hero. */
  'hero-investors': () => {
    const r = rng(55);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       ${skyline(r, { baseline: 900, count: 16, minH: 300, maxH: 760, color: '#1b2b45', windowColor: '#97adc9', lit: 0.55 })}
       <rect y="880" width="${W}" height="20" fill="#0a1426"/>`,
      sky('s', [
        [0, '#11203a'],
        [0.5, '#43638f'],
        [1, '#dcb76c'],
      ]),
    );
  },
  /** An alpine lake between ridges: the about page. */
  'about-lake': () => {
    const r = rng(66);
    const ridges = `<path d="${ridge(r, { base: 420, amplitude: 170, steps: 12 })}" fill="#43638f"/>
       <path d="${ridge(r, { base: 480, amplitude: 110, steps: 16 })}" fill="#283e5f"/>`;
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       ${ridges}
       <rect y="520" width="${W}" height="380" fill="url(#l)"/>
       <g transform="translate(0 1040) scale(1 -1)" opacity="0.35">${ridges}</g>
       <rect y="520" width="${W}" height="4" fill="#f4ead2" opacity="0.5"/>`,
      sky('s', [
        [0, '#11203a'],
        [0.6, '#97adc9'],
        [1, '#f4ead2'],
      ]) +
        sky('l', [
          [0, '#324d75'],
          [1, '#0a1426'],
        ]),
    );
  },
};

/** Demo deal pictures, 1600x1000. */
const dealScenes = {
  'deal-residential-1': () => scenes['hero-home-3'](),
  'deal-residential-2': () => {
    const r = rng(77);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       <path d="${ridge(r, { base: 520, amplitude: 140, steps: 10 })}" fill="#654321" opacity="0.5"/>
       ${houses(r, { baseline: 780, count: 7, palette: ['#fbf7ee', '#e9d3a3', '#f2f5f9'] })}
       <rect y="775" width="${W}" height="125" fill="#9a6b25" opacity="0.7"/>`,
      sky('s', [
        [0, '#6483ab'],
        [1, '#f4ead2'],
      ]),
    );
  },
  'deal-residential-3': () => {
    const r = rng(88);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       ${houses(r, { baseline: 700, count: 5, palette: ['#f2f5f9', '#c4d1e2'] })}
       ${houses(r, { baseline: 880, count: 6, palette: ['#fbf7ee', '#e1e8f1'] })}`,
      sky('s', [
        [0, '#97adc9'],
        [1, '#fbf7ee'],
      ]),
    );
  },
  'deal-commercial-1': () => scenes['hero-investors'](),
  'deal-commercial-2': () => {
    const r = rng(99);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       ${skyline(r, { baseline: 900, count: 6, minH: 200, maxH: 420, color: '#324d75', windowColor: '#f4ead2', lit: 0.7 })}
       <rect y="860" width="${W}" height="40" fill="#1b2b45"/>`,
      sky('s', [
        [0, '#e1e8f1'],
        [1, '#dcb76c'],
      ]),
    );
  },
  'deal-mixed-1': () => scenes['hero-home-2'](),
  'deal-mixed-2': () => {
    const r = rng(111);
    let awnings = '';
    for (let i = 0; i < 8; i++)
      awnings += `<rect x="${i * 200 + 20}" y="700" width="160" height="26" fill="${i % 2 ? '#b8862f' : '#9a6b25'}"/>`;
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       ${skyline(r, { baseline: 900, count: 14, minH: 260, maxH: 380, color: '#283e5f', windowColor: '#fbf7ee', lit: 0.5 })}
       ${awnings}
       <rect y="860" width="${W}" height="40" fill="#0a1426"/>`,
      sky('s', [
        [0, '#43638f'],
        [1, '#e9d3a3'],
      ]),
    );
  },
  'deal-land-1': () => scenes['hero-home-1'](),
  'deal-land-2': () => {
    const r = rng(122);
    let fence = '';
    for (let x = 0; x < W; x += 60) fence += `<rect x="${x}" y="760" width="6" height="60" fill="#553820"/>`;
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
       <path d="${ridge(r, { base: 600, amplitude: 150, steps: 9 })}" fill="#6483ab" opacity="0.7"/>
       <rect y="700" width="${W}" height="200" fill="#dcb76c"/>
       ${fence}<rect y="775" width="${W}" height="4" fill="#553820"/>`,
      sky('s', [
        [0, '#97adc9'],
        [1, '#fbf7ee'],
      ]),
    );
  },
};

const widths = [640, 1024, 1600, 2400];
for (const [name, draw] of Object.entries(scenes)) {
  const source = Buffer.from(draw());
  for (const width of widths) {
    const img = sharp(source, { density: (72 * width) / W }).resize(width);
    await img
      .clone()
      .avif({ quality: 50, effort: 6 })
      .toFile(path.join(publicDir, `${name}-${width}.avif`));
    await img
      .clone()
      .webp({ quality: 72 })
      .toFile(path.join(publicDir, `${name}-${width}.webp`));
  }
}

for (const [name, draw] of Object.entries(dealScenes)) {
  await sharp(Buffer.from(draw()))
    .resize(1600, 1000, { fit: 'cover' })
    .webp({ quality: 74 })
    .toFile(path.join(demoDir, `${name}.webp`));
}

// Open Graph card: the dusk scene with the company name.
const og = svg(
  `<image href="data:image/svg+xml;base64,${Buffer.from(scenes['hero-home-1']()).toString('base64')}" width="1200" height="675" y="-20" preserveAspectRatio="xMidYMid slice"/>
   <rect width="1200" height="630" fill="#0a1426" opacity="0.45"/>
   <text x="80" y="300" font-family="Georgia, serif" font-size="76" fill="#ffffff">Ormsby Lending</text>
   <text x="80" y="370" font-family="Helvetica, Arial, sans-serif" font-size="32" fill="#f4ead2">Private real-estate lending in Nevada and California</text>`,
  '',
  1200,
  630,
);
writeFileSync(path.join(publicDir, 'og-card.jpg'), await sharp(Buffer.from(og)).jpeg({ quality: 82 }).toBuffer());
console.log('Images written to public/images and app/server/db/demo-images.');
