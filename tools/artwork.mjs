// @ts-check
/**
 * The site's placeholder artwork as SVG: stage scenes, landscapes, the tote bag
 * and the single's cover. Original to the project and deterministic (seeded),
 * so redrawing gives the same images. scripts/make-artwork.mjs rasterises them.
 */
/**
 * Deterministic pseudo-random numbers so re-running gives the same images.
 * @param {number} seed
 */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** @typedef {{ width: number, height: number }} Size */

/**
 * A singer with a guitar, in silhouette, standing at (x, y).
 * @param {number} x
 * @param {number} y
 * @param {number} scale
 * @param {string} colour
 */
const performer = (x, y, scale, colour) => `
  <g transform="translate(${x} ${y}) scale(${scale})" fill="${colour}">
    <circle cx="0" cy="-230" r="42"/>
    <path d="M-40 -185 Q0 -200 40 -185 L62 -40 L40 -40 L30 120 L8 120 L0 -10 L-8 120 L-30 120 L-40 -40 L-62 -40 Z"/>
    <path d="M-95 -60 Q-60 -150 40 -120 L60 -100 Q-40 -80 -70 -20 Q-100 10 -95 -60 Z" opacity="0.95"/>
    <rect x="-6" y="-300" width="4" height="430" transform="rotate(8)" opacity="0.9"/>
  </g>`;

/**
 * A performer in a spotlight on a stage, beams and dust above the crowd.
 * @param {Size & { seed: number, hue: number, x: number }} scene `x`: where the performer stands, 0 to 1
 */
export function stageScene({ seed, width, height, hue, x }) {
  const rnd = random(seed);
  const beams = Array.from({ length: 5 }, (_, i) => {
    const bx = width * (0.1 + 0.2 * i + rnd() * 0.05);
    const spread = 120 + rnd() * 200;
    return `<polygon points="${bx},0 ${bx - spread},${height} ${bx + spread},${height}" fill="url(#beam)" opacity="${0.25 + rnd() * 0.35}"/>`;
  }).join("");
  const dust = Array.from({ length: 90 }, () => {
    return `<circle cx="${rnd() * width}" cy="${rnd() * height * 0.8}" r="${1 + rnd() * 3}" fill="#fff" opacity="${rnd() * 0.5}"/>`;
  }).join("");
  const crowd = Array.from({ length: 28 }, (_, i) => {
    const cx = (i / 27) * width + (rnd() - 0.5) * 40;
    const r = 40 + rnd() * 25;
    return `<circle cx="${cx}" cy="${height - 20 + rnd() * 20}" r="${r}" fill="#0b0a10"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 45% 10%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 55% 28%)"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${(hue + 180) % 360} 90% 85%)" stop-opacity="0.9"/><stop offset="1" stop-color="hsl(${hue} 80% 60%)" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6dc" stop-opacity="0.75"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  ${beams}${dust}
  <ellipse cx="${width * x}" cy="${height * 0.55}" rx="${width * 0.22}" ry="${height * 0.45}" fill="url(#spot)"/>
  <rect y="${height * 0.86}" width="${width}" height="${height * 0.14}" fill="#15121c"/>
  ${performer(width * x, height * 0.86, height / 900, "#0d0b12")}
  ${crowd}
</svg>`;
}

/**
 * Rolling hills at sunset with the performer walking.
 * @param {Size & { seed: number, hue: number }} scene
 */
export function landscape({ seed, width, height, hue }) {
  const rnd = random(seed);
  const hills = [0.55, 0.65, 0.78]
    .map((level, i) => {
      let d = `M0 ${height}`;
      for (let xPos = 0; xPos <= width; xPos += width / 12) {
        d += ` L${xPos} ${height * level + Math.sin(xPos / 180 + i * 2) * 40 + rnd() * 30}`;
      }
      return `<path d="${d} L${width} ${height} Z" fill="hsl(${hue + i * 8} ${30 + i * 8}% ${30 - i * 8}%)"/>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f6c98a"/><stop offset="0.6" stop-color="#e58f6a"/><stop offset="1" stop-color="#8a5a7a"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.7}" cy="${height * 0.42}" r="${width * 0.08}" fill="#fff1c9" opacity="0.9"/>
  ${hills}
  ${performer(width * 0.38, height * 0.93, height / 1100, "#1a1420")}
</svg>`;
}

/**
 * The merch tote bag on a plain background.
 * @param {Size & { background: string }} scene
 */
export function toteBag({ width, height, background }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 1200">
  <rect width="1200" height="1200" fill="${background}"/>
  <path d="M430 330 Q430 150 600 150 Q770 150 770 330" fill="none" stroke="#d8cbb0" stroke-width="34"/>
  <path d="M300 330 L900 330 L950 1050 L250 1050 Z" fill="#efe6d2" stroke="#d8cbb0" stroke-width="6"/>
  <g transform="translate(600 640)" fill="#2b2530" font-family="Georgia, serif" text-anchor="middle">
    <circle r="170" fill="none" stroke="#2b2530" stroke-width="10"/>
    <text y="-38" font-size="50" font-weight="700" letter-spacing="2">LEGEND</text>
    <text y="22" font-size="34" letter-spacing="6">CULTURAL</text>
    <text y="86" font-size="58" font-weight="700" letter-spacing="2">ICON</text>
  </g>
</svg>`;
}

/**
 * The single's cover: a figure walking out of a dark room towards a warm doorway, no lettering.
 * @param {Size} size
 */
export function singleCover({ width, height }) {
  const size = Math.min(width, height);
  const cx = width / 2;
  const door = { w: size * 0.34, h: size * 0.62 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="glow" cx="50%" cy="55%" r="60%">
      <stop offset="0" stop-color="#f6c27a"/><stop offset="0.45" stop-color="#b5523b"/><stop offset="1" stop-color="#1d1420"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3b86b" stop-opacity="0.8"/><stop offset="1" stop-color="#1d1420" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  <rect x="${cx - door.w / 2}" y="${height * 0.16}" width="${door.w}" height="${door.h}" fill="#fde7c0"/>
  <polygon points="${cx - door.w / 2},${height * 0.16 + door.h} ${cx + door.w / 2},${height * 0.16 + door.h} ${cx + door.w * 1.6},${height} ${cx - door.w * 1.6},${height}" fill="url(#floor)"/>
  ${performer(cx, height * 0.16 + door.h - size * 0.02, size / 1100, "#2a1b24")}
</svg>`;
}

/**
 * The site's mark: a light music note on a dark tile, for the browser tab and the home screen.
 * @param {{ tile: string, note: string, rounded: boolean, size?: number }} icon `rounded`: the tile's corners
 *   cut, as a tab icon has them; a square for the home screen, where the phone rounds them itself. `size`:
 *   the pixel size to rasterise at (none for the SVG favicon, which scales).
 */
export function siteIcon({ tile, note, rounded, size }) {
  const pixels = size ? ` width="${size}" height="${size}"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg"${pixels} viewBox="0 0 32 32"><rect width="32" height="32"${rounded ? ' rx="6"' : ""} fill="${tile}"/><path d="M12 22a3 3 0 1 1-2-2.83V8l10-2v12a3 3 0 1 1-2-2.83V9.4l-6 1.2z" fill="${note}"/></svg>
`;
}
