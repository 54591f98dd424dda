import { type SceneDescription, type SceneElement, type TimeOfDay } from '@photomuse/request-language';
import sharp from 'sharp';
import { namedColour } from '../colours';
import { addGrain, hexFromRgb, rgbFromHex, type Rgb } from '../pixel-ops';
import { between, seededRandom, type Random } from '../random';
import { toRaster, type Raster } from '../raster';
import { animal, bridge, car, cliff, eiffelTower, house, lighthouse, tree, type SubjectLight } from './subjects';

/**
 * Draws a scene description as SVG (gradients, ridgelines, skylines, trees...) and rasterises it
 * with sharp (librsvg). Layout and shapes come from a seed, so variations differ and a request
 * repeats exactly.
 */

interface Lighting {
  sky: [string, string, string];
  sea: string;
  /** How much daylight falls on land and buildings (0-1). */
  light: number;
  /** Colour the light takes on. */
  tint: string;
  cloud: string;
  /** Where the sun or moon stands, as shares of width and of the sky's height. */
  body: { x: number; y: number; kind: 'sun' | 'moon'; colour: string; glow: string };
}

const LIGHTING: Record<TimeOfDay, Lighting> = {
  sunrise: {
    sky: ['#34487f', '#e9967a', '#ffd9a0'],
    sea: '#4d6c9c',
    light: 0.85,
    tint: '#ffd0a0',
    cloud: '#ffd2bf',
    body: { x: 0.3, y: 0.85, kind: 'sun', colour: '#fff0c0', glow: '#ffc27a' },
  },
  day: {
    sky: ['#2d7ad3', '#69afec', '#cfe7ff'],
    sea: '#1f6fb0',
    light: 1,
    tint: '#ffffff',
    cloud: '#ffffff',
    body: { x: 0.76, y: 0.2, kind: 'sun', colour: '#fffbe6', glow: '#fff3b0' },
  },
  sunset: {
    sky: ['#2a1b5a', '#d6505e', '#ffb347'],
    sea: '#5b3c6c',
    light: 0.62,
    tint: '#ff9a5a',
    cloud: '#ff9e8a',
    body: { x: 0.5, y: 0.88, kind: 'sun', colour: '#ffe08a', glow: '#ff7b39' },
  },
  night: {
    sky: ['#02030f', '#0a1540', '#1b2a5a'],
    sea: '#08132e',
    light: 0.22,
    tint: '#7f9cff',
    cloud: '#26304f',
    body: { x: 0.72, y: 0.2, kind: 'moon', colour: '#f4f1de', glow: '#9fb4ff' },
  },
};

function mixHex(a: string, b: string, amount: number): string {
  const first = rgbFromHex(a);
  const second = rgbFromHex(b);
  return hexFromRgb([0, 1, 2].map((channel) => first[channel]! + (second[channel]! - first[channel]!) * amount) as unknown as Rgb);
}

/** A colour under the scene's light: darker at night, warmer at sunset. */
function lit(colour: string, lighting: Lighting): string {
  const base = rgbFromHex(colour);
  const tint = rgbFromHex(lighting.tint);
  return hexFromRgb([0, 1, 2].map((channel) => base[channel]! * lighting.light * (0.75 + (0.25 * tint[channel]!) / 255)) as unknown as Rgb);
}

function colourOf(scene: SceneDescription, element: SceneElement, fallback: string): string {
  const named = scene.colours.get(element);
  return named ? hexFromRgb(namedColour(named).rgb) : fallback;
}

/** A ridgeline by midpoint displacement: x from 0 to width, heights around `base`. */
function ridge(random: Random, width: number, base: number, amplitude: number, roughness: number, steps = 7): [number, number][] {
  let points: [number, number][] = [
    [0, base - between(random, 0, amplitude)],
    [width, base - between(random, 0, amplitude)],
  ];
  let spread = amplitude;
  for (let step = 0; step < steps; step += 1) {
    const next: [number, number][] = [];
    for (let index = 0; index < points.length - 1; index += 1) {
      const [x0, y0] = points[index]!;
      const [x1, y1] = points[index + 1]!;
      next.push([x0, y0], [(x0 + x1) / 2, (y0 + y1) / 2 + (random() - 0.5) * spread]);
    }
    next.push(points[points.length - 1]!);
    points = next;
    spread *= roughness;
  }
  return points.map(([x, y]) => [x, Math.min(base + amplitude * 0.2, y)]);
}

/** A mountain range: a few peaks of varied height joined by rough slopes. */
function peaks(random: Random, width: number, base: number, amplitude: number): [number, number][] {
  const count = 3 + Math.floor(random() * 3);
  let points: [number, number][] = [];
  for (let index = 0; index <= count * 2; index += 1) {
    const x = (index / (count * 2)) * width + (random() - 0.5) * (width / count) * 0.3;
    const peak = index % 2 === 1;
    points.push([Math.min(width, Math.max(0, x)), base - amplitude * (peak ? between(random, 0.55, 1) : between(random, 0.1, 0.4))]);
  }
  points[0]![0] = 0;
  points[points.length - 1]![0] = width;
  let spread = amplitude * 0.18;
  for (let step = 0; step < 6; step += 1) {
    const next: [number, number][] = [];
    for (let index = 0; index < points.length - 1; index += 1) {
      const [x0, y0] = points[index]!;
      const [x1, y1] = points[index + 1]!;
      next.push([x0, y0], [(x0 + x1) / 2, (y0 + y1) / 2 + (random() - 0.5) * spread]);
    }
    next.push(points[points.length - 1]!);
    points = next;
    spread *= 0.55;
  }
  return points;
}

function polygonAbove(points: [number, number][], bottom: number, width: number): string {
  return `M0,${bottom} ${points.map(([x, y]) => `L${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} L${width},${bottom} Z`;
}

export interface SceneSize {
  width: number;
  height: number;
}

export function sceneSvg(scene: SceneDescription, size: SceneSize, seed: number): string {
  const { width: W, height: H } = size;
  const random = seededRandom(seed);
  const unit = Math.min(W, H) / 1000;
  const has = (element: SceneElement) => scene.elements.has(element);
  const lighting = lightingFor(scene);
  const space = has('space');
  // A beach is where the sea meets the land; a lighthouse stands over the sea, a cliff drops into it, a bridge spans a river.
  const water = has('sea') || has('island') || has('boat') || has('beach') || has('lighthouse') || has('cliff') || has('bridge');
  const ground = has('desert')
    ? 'desert'
    : has('snow')
      ? 'snow'
      : has('field')
        ? 'field'
        : has('city') && !water
          ? 'street'
          : !water
            ? 'field'
            : null;
  const horizon = space ? H : H * (water ? 0.6 : 0.64);
  const defs: string[] = [];
  const layers: string[] = [];

  // Sky.
  const skyTint = scene.colours.get('sky');
  const sky = lighting.sky.map((stop) => (skyTint ? mixHex(stop, hexFromRgb(namedColour(skyTint).rgb), 0.55) : stop));
  defs.push(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="0.6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient>`,
  );
  layers.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  defs.push(
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(8 * unit).toFixed(1)}"/></filter>`,
  );
  defs.push(
    `<filter id="wide" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(40 * unit).toFixed(1)}"/></filter>`,
  );

  if (space) layers.push(nebulae(random, W, H, unit));
  if (lighting === LIGHTING.night || space) layers.push(stars(random, W, space ? H : horizon * 0.85, unit, space ? 600 : 260));
  if (has('aurora')) layers.push(aurora(random, W, horizon, unit));
  if (space) {
    layers.push(planet(random, W, H, unit, colourOf(scene, 'space', '#d08a4a')));
    return svgDocument(W, H, defs, layers);
  }
  if (has('rainbow') && lighting !== LIGHTING.night) layers.push(rainbow(W, horizon, unit));

  // Sun or moon, unless rain hides it.
  const body = lighting.body;
  const bodyX = W * body.x;
  const bodyY = horizon * body.y;
  if (!has('rain')) {
    const radius = 60 * unit * (body.kind === 'moon' ? 0.9 : 1);
    defs.push(
      `<radialGradient id="glow"><stop offset="0" stop-color="${body.glow}" stop-opacity="0.85"/><stop offset="1" stop-color="${body.glow}" stop-opacity="0"/></radialGradient>`,
    );
    layers.push(`<circle cx="${bodyX}" cy="${bodyY}" r="${radius * 6}" fill="url(#glow)"/>`);
    layers.push(`<circle cx="${bodyX}" cy="${bodyY}" r="${radius}" fill="${colourOf(scene, body.kind, body.colour)}"/>`);
    if (body.kind === 'moon') {
      for (let crater = 0; crater < 5; crater += 1) {
        const angle = random() * Math.PI * 2;
        const distance = random() * radius * 0.6;
        layers.push(
          `<circle cx="${bodyX + Math.cos(angle) * distance}" cy="${bodyY + Math.sin(angle) * distance}" r="${radius * between(random, 0.08, 0.2)}" fill="#d8d4c0" opacity="0.7"/>`,
        );
      }
    }
  }
  if (has('clouds') || has('rain') || scene.elements.size === 0)
    layers.push(
      clouds(
        random,
        W,
        horizon,
        unit,
        has('rain') ? '#6b7280' : lit(colourOf(scene, 'clouds', lighting.cloud), { ...lighting, light: Math.max(0.45, lighting.light) }),
        has('rain') ? 9 : 5,
      ),
    );
  if (has('birds')) layers.push(birds(random, W, horizon, unit, lighting.light > 0.5 ? '#2b2b35' : '#0b0b12'));

  // Land on the horizon, far to near.
  const haze = sky[2]!;
  if (has('mountains')) layers.push(mountains(random, W, horizon, unit, scene, lighting, haze, defs));
  if (has('hills') || (scene.elements.size === 0 && !has('mountains')))
    layers.push(hills(random, W, horizon, unit, lit(colourOf(scene, 'hills', '#4f8a3c'), lighting), haze));
  if (has('island')) layers.push(island(random, W, horizon, unit, lit(colourOf(scene, 'island', '#2f6b3a'), lighting)));
  const windows: { x: number; width: number }[] = [];
  if (has('city') || has('eiffel-tower')) layers.push(city(random, W, horizon, unit, scene, lighting, windows));
  const subjectLight: SubjectLight = {
    light: lighting.light,
    silhouette: lighting.light < 0.3 ? '#0b0c14' : '#2a1f2d',
    lampsOn: lighting.light < 0.7,
  };
  if (has('eiffel-tower')) layers.push(eiffelTower(W * between(random, 0.3, 0.7), horizon + 4 * unit, unit, subjectLight));
  if (has('forest') && !water) layers.push(forest(random, W, horizon, unit, lit(colourOf(scene, 'forest', '#24603a'), lighting), haze, 3));
  if (has('forest') && water) layers.push(forest(random, W, horizon, unit, lit(colourOf(scene, 'forest', '#24603a'), lighting), haze, 1));

  // Water and ground.
  if (water) layers.push(sea(random, W, H, horizon, unit, scene, lighting, bodyX, !has('rain'), windows, defs));
  if (ground) layers.push(groundLayer(random, W, H, horizon, unit, ground, scene, lighting));
  if (has('bridge')) layers.push(bridge(W, horizon, unit, subjectLight, lit(colourOf(scene, 'bridge', '#a89f91'), lighting)));
  // Where things on land stand: the cliff's top, the near ground, or the beach.
  let standX = W * between(random, 0.25, 0.4);
  let standY = ground ? horizon + (H - horizon) * 0.45 : H * 0.9;
  if (has('cliff') || has('lighthouse')) {
    const headland = cliff(
      random,
      W,
      horizon,
      H,
      unit,
      lit(colourOf(scene, 'cliff', '#6b5d52'), { ...lighting, light: Math.max(0.3, lighting.light) }),
      random() < 0.5 ? 'left' : 'right',
    );
    layers.push(headland.svg);
    standX = headland.topX;
    standY = headland.topY;
  }
  if (has('lighthouse')) layers.push(lighthouse(standX, standY + 4 * unit, unit, subjectLight));
  // Things that stand on land, with only water around: give them a beach.
  const needsShore =
    water &&
    !ground &&
    !has('cliff') &&
    !has('lighthouse') &&
    (['house', 'tree', 'car', 'cat', 'dog', 'horse', 'deer'] as const).some((element) => has(element));
  if (has('beach') || needsShore)
    layers.push(beach(random, W, H, unit, lit(colourOf(scene, 'beach', '#e8d3a0'), { ...lighting, light: Math.max(0.3, lighting.light) })));
  if (needsShore) standY = H * 0.93;
  if (has('boat')) layers.push(boat(random, W, horizon, H, unit, lighting));
  const besideLighthouse = has('lighthouse') ? (standX > W / 2 ? -170 : 170) * unit : 0;
  if (has('house'))
    layers.push(
      house(
        standX + besideLighthouse,
        standY + 4 * unit,
        unit,
        subjectLight,
        lit(colourOf(scene, 'house', '#e9dcc3'), lighting),
        lit('#8e3b2f', lighting),
      ),
    );
  if (has('tree'))
    layers.push(
      tree(
        random,
        has('house') ? standX + besideLighthouse + 230 * unit : standX,
        standY + 4 * unit,
        unit,
        subjectLight,
        lit(colourOf(scene, 'tree', '#3f7d34'), lighting),
      ),
    );
  if (has('car'))
    layers.push(car(W * between(random, 0.4, 0.6), H * 0.95, unit, subjectLight, lit(colourOf(scene, 'car', '#c0392b'), lighting)));
  const animals = (['cat', 'dog', 'horse', 'deer'] as const).filter((kind) => has(kind));
  animals.forEach((kind, index) => {
    const colour =
      lighting.light < 0.7
        ? subjectLight.silhouette
        : lit(colourOf(scene, kind, { cat: '#3b3030', dog: '#6b4a2f', horse: '#5a3b28', deer: '#7a5236' }[kind]), lighting);
    layers.push(animal(kind, W * (0.3 + (index * 0.4) / Math.max(1, animals.length)), H * 0.94, unit * 1.2, colour));
  });
  if (has('rain')) layers.push(rain(random, W, H, unit));
  if (has('snow')) layers.push(snowfall(random, W, H, unit));
  return svgDocument(W, H, defs, layers);
}

function lightingFor(scene: SceneDescription): Lighting {
  const base = LIGHTING[scene.time];
  if (!scene.elements.has('rain')) return base;
  // Rain greys the sky and dims the light.
  return {
    ...base,
    sky: [mixHex(base.sky[0], '#4b5563', 0.6), mixHex(base.sky[1], '#6b7280', 0.6), mixHex(base.sky[2], '#9ca3af', 0.6)],
    light: base.light * 0.75,
  };
}

function svgDocument(width: number, height: number, defs: string[], layers: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${layers.join('')}</svg>`;
}

function stars(random: Random, width: number, bottom: number, unit: number, count: number): string {
  let out = '';
  for (let star = 0; star < count; star += 1) {
    const y = random() ** 1.4 * bottom;
    out += `<circle cx="${(random() * width).toFixed(1)}" cy="${y.toFixed(1)}" r="${(between(random, 0.6, 2.2) * unit).toFixed(2)}" fill="#ffffff" opacity="${between(random, 0.35, 1).toFixed(2)}"/>`;
  }
  return out;
}

function nebulae(random: Random, width: number, height: number, unit: number): string {
  const colours = ['#6d28d9', '#db2777', '#2563eb', '#0891b2'];
  let out = '';
  for (let cloud = 0; cloud < 7; cloud += 1) {
    out += `<ellipse cx="${random() * width}" cy="${random() * height}" rx="${between(random, 150, 380) * unit}" ry="${between(random, 80, 200) * unit}" fill="${colours[cloud % colours.length]}"/>`;
  }
  return `<g filter="url(#wide)" opacity="0.45">${out}</g>`;
}

function planet(random: Random, width: number, height: number, unit: number, colour: string): string {
  const x = width * between(random, 0.3, 0.7);
  const y = height * between(random, 0.45, 0.7);
  const radius = 160 * unit;
  return (
    `<defs><radialGradient id="planet" cx="0.35" cy="0.35"><stop offset="0" stop-color="${mixHex(colour, '#ffffff', 0.4)}"/><stop offset="1" stop-color="${mixHex(colour, '#000000', 0.7)}"/></radialGradient></defs>` +
    `<circle cx="${x}" cy="${y}" r="${radius}" fill="url(#planet)"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${radius * 1.8}" ry="${radius * 0.35}" fill="none" stroke="${mixHex(colour, '#ffffff', 0.5)}" stroke-width="${14 * unit}" opacity="0.7" transform="rotate(-18 ${x} ${y})"/>`
  );
}

function aurora(random: Random, width: number, horizon: number, unit: number): string {
  const colours = ['#34d399', '#22d3ee', '#a78bfa'];
  let out = '';
  colours.forEach((colour, band) => {
    const base = horizon * between(random, 0.2, 0.45);
    let path = `M0,${base}`;
    for (let x = 0; x <= width; x += width / 8)
      path += ` Q${x + width / 16},${base + (random() - 0.5) * 140 * unit} ${x + width / 8},${base + (random() - 0.5) * 80 * unit}`;
    out += `<path d="${path}" fill="none" stroke="${colour}" stroke-width="${(50 + band * 20) * unit}"/>`;
  });
  return `<g filter="url(#soft)" opacity="0.45">${out}</g>`;
}

function rainbow(width: number, horizon: number, unit: number): string {
  const colours = ['#ff0000', '#ff7f00', '#ffff00', '#00c000', '#0000ff', '#4b0082', '#8f00ff'];
  const radius = width * 0.42;
  return colours
    .map(
      (colour, band) =>
        `<circle cx="${width / 2}" cy="${horizon + 40 * unit}" r="${radius - band * 14 * unit}" fill="none" stroke="${colour}" stroke-width="${14 * unit}" opacity="0.4"/>`,
    )
    .join('');
}

function clouds(random: Random, width: number, horizon: number, unit: number, colour: string, count: number): string {
  let out = '';
  for (let cloud = 0; cloud < count; cloud += 1) {
    const x = random() * width;
    const y = horizon * between(random, 0.1, 0.6);
    const puffs = 4 + Math.floor(random() * 4);
    for (let puff = 0; puff < puffs; puff += 1) {
      out += `<ellipse cx="${x + (puff - puffs / 2) * 45 * unit}" cy="${y + (random() - 0.5) * 25 * unit}" rx="${between(random, 50, 95) * unit}" ry="${between(random, 28, 50) * unit}" fill="${colour}"/>`;
    }
  }
  // One filter for the whole group: librsvg blurs each filtered element on its own, which is slow.
  return `<g filter="url(#soft)" opacity="0.85">${out}</g>`;
}

function birds(random: Random, width: number, horizon: number, unit: number, colour: string): string {
  let out = '';
  const flockX = width * between(random, 0.15, 0.6);
  const flockY = horizon * between(random, 0.2, 0.45);
  for (let bird = 0; bird < 7; bird += 1) {
    const x = flockX + (random() - 0.2) * 260 * unit;
    const y = flockY + (random() - 0.5) * 120 * unit;
    const span = between(random, 10, 20) * unit;
    out += `<path d="M${x - span},${y - span * 0.4} Q${x - span / 2},${y - span * 0.6} ${x},${y} Q${x + span / 2},${y - span * 0.6} ${x + span},${y - span * 0.4}" fill="none" stroke="${colour}" stroke-width="${2.5 * unit}" stroke-linecap="round"/>`;
  }
  return out;
}

function mountains(
  random: Random,
  width: number,
  horizon: number,
  unit: number,
  scene: SceneDescription,
  lighting: Lighting,
  haze: string,
  defs: string[],
): string {
  const base = colourOf(scene, 'mountains', '#5b6b7f');
  const snowCaps = scene.elements.has('snow') || !scene.colours.has('mountains');
  let out = '';
  const layers = 3;
  for (let layer = 0; layer < layers; layer += 1) {
    const depth = layer / (layers - 1);
    const peakBase = horizon + 6 * unit;
    const amplitude = horizon * (0.6 - depth * 0.25);
    const points = peaks(random, width, peakBase, amplitude);
    const colour = mixHex(lit(mixHex(base, '#222831', depth * 0.45), lighting), haze, 0.55 - depth * 0.45);
    const path = polygonAbove(points, peakBase + 2, width);
    out += `<path d="${path}" fill="${colour}"/>`;
    if (snowCaps && layer < 2) {
      const top = Math.min(...points.map(([, y]) => y));
      const snowLine = top + amplitude * 0.28;
      defs.push(`<clipPath id="ridge${layer}"><path d="${path}"/></clipPath>`);
      out += `<rect x="0" y="0" width="${width}" height="${snowLine}" fill="${mixHex(lit('#f4f7fb', { ...lighting, light: Math.max(0.35, lighting.light) }), haze, 0.3)}" clip-path="url(#ridge${layer})"/>`;
    }
  }
  return out;
}

function hills(random: Random, width: number, horizon: number, unit: number, colour: string, haze: string): string {
  let out = '';
  for (let layer = 0; layer < 2; layer += 1) {
    const base = horizon + 4 * unit;
    const points = ridge(random, width, base, horizon * (0.16 - layer * 0.05), 0.45, 5);
    out += `<path d="${polygonAbove(points, base + 2, width)}" fill="${mixHex(colour, haze, 0.45 - layer * 0.35)}"/>`;
  }
  return out;
}

function island(random: Random, width: number, horizon: number, unit: number, colour: string): string {
  const x = width * between(random, 0.2, 0.7);
  const span = 240 * unit;
  return `<path d="M${x - span},${horizon + 2} Q${x - span / 3},${horizon - 90 * unit} ${x},${horizon - 70 * unit} Q${x + span / 2},${horizon - 60 * unit} ${x + span},${horizon + 2} Z" fill="${colour}"/>`;
}

function city(
  random: Random,
  width: number,
  horizon: number,
  unit: number,
  scene: SceneDescription,
  lighting: Lighting,
  windows: { x: number; width: number }[],
): string {
  const night = lighting.light < 0.4;
  const wall = colourOf(scene, 'city', night ? '#141827' : lighting.light < 0.7 ? '#3a2e4d' : '#7b8794');
  const lit_ = night ? '#ffd36b' : lighting.light < 0.7 ? '#ffc477' : '#cfe3f5';
  let out = '';
  let x = -10 * unit;
  while (x < width) {
    const buildingWidth = between(random, 40, 110) * unit;
    const height = horizon * between(random, 0.12, 0.55);
    const top = horizon - height;
    const shade = mixHex(night ? wall : lit(wall, lighting), '#000000', random() * 0.3);
    out += `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${buildingWidth.toFixed(1)}" height="${(height + 4 * unit).toFixed(1)}" fill="${shade}"/>`;
    if (random() < 0.25)
      out += `<rect x="${(x + buildingWidth / 2 - 2 * unit).toFixed(1)}" y="${(top - 30 * unit).toFixed(1)}" width="${(4 * unit).toFixed(1)}" height="${(30 * unit).toFixed(1)}" fill="${shade}"/>`;
    const columns = Math.max(1, Math.floor(buildingWidth / (14 * unit)));
    const rows = Math.max(1, Math.floor(height / (18 * unit)));
    const share = night ? 0.4 : 0.8;
    for (let row = 0; row < rows - 1; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        if (random() > share) continue;
        const windowX = x + 5 * unit + column * ((buildingWidth - 6 * unit) / columns);
        out += `<rect x="${windowX.toFixed(1)}" y="${(top + 8 * unit + row * 18 * unit).toFixed(1)}" width="${(6 * unit).toFixed(1)}" height="${(9 * unit).toFixed(1)}" fill="${lit_}" opacity="${night ? 0.95 : 0.5}"/>`;
        if (night) windows.push({ x: windowX, width: 6 * unit });
      }
    }
    x += buildingWidth + between(random, 0, 8) * unit;
  }
  return out;
}

function forest(random: Random, width: number, horizon: number, unit: number, colour: string, haze: string, rows: number): string {
  let out = '';
  for (let row = 0; row < rows; row += 1) {
    const depth = rows === 1 ? 1 : row / (rows - 1);
    const base = horizon + (rows === 1 ? 2 : row * 55) * unit;
    const size = (60 + depth * 90) * unit;
    const fill = mixHex(mixHex(colour, '#0b1f14', depth * 0.45), haze, (1 - depth) * 0.45);
    for (let x = -size; x < width + size; x += size * between(random, 0.35, 0.6)) {
      const height = size * between(random, 1.2, 2.2);
      const half = size * 0.4;
      let tree = '';
      for (let tier = 0; tier < 3; tier += 1) {
        const tierTop = base - height + (tier * height) / 4;
        const tierBottom = base - height + ((tier + 2) * height) / 4;
        const tierHalf = half * (0.6 + tier * 0.3);
        tree += `M${x.toFixed(1)},${tierTop.toFixed(1)} L${(x + tierHalf).toFixed(1)},${tierBottom.toFixed(1)} L${(x - tierHalf).toFixed(1)},${tierBottom.toFixed(1)} Z `;
      }
      out += `<path d="${tree}" fill="${fill}"/>`;
    }
  }
  return out;
}

function sea(
  random: Random,
  width: number,
  height: number,
  horizon: number,
  unit: number,
  scene: SceneDescription,
  lighting: Lighting,
  bodyX: number,
  reflectBody: boolean,
  windows: { x: number; width: number }[],
  defs: string[],
): string {
  const colour = colourOf(scene, 'sea', lighting.sea);
  defs.push(
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mixHex(colour, lighting.sky[2], 0.35)}"/><stop offset="1" stop-color="${mixHex(colour, '#000000', 0.35)}"/></linearGradient>`,
  );
  let out = `<rect x="0" y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#sea)"/>`;
  if (reflectBody) {
    for (let streak = 0; streak < 28; streak += 1) {
      const y = horizon + (streak + 1) * ((height - horizon) / 30);
      const spread = (10 + streak * 6) * unit;
      out += `<rect x="${(bodyX - spread / 2 + (random() - 0.5) * 20 * unit).toFixed(1)}" y="${y.toFixed(1)}" width="${spread.toFixed(1)}" height="${(3 * unit).toFixed(1)}" fill="${lighting.body.glow}" opacity="${(0.6 - streak * 0.018).toFixed(2)}"/>`;
    }
  }
  for (const light of windows.filter((_, index) => index % 3 === 0)) {
    out += `<rect x="${light.x.toFixed(1)}" y="${(horizon + 4 * unit).toFixed(1)}" width="${light.width.toFixed(1)}" height="${((height - horizon) * between(random, 0.1, 0.35)).toFixed(1)}" fill="#ffd36b" opacity="0.18"/>`;
  }
  for (let wave = 0; wave < 90; wave += 1) {
    const y = horizon + random() ** 1.6 * (height - horizon);
    const length = (20 + ((y - horizon) / (height - horizon)) * 90) * unit;
    out += `<rect x="${(random() * width).toFixed(1)}" y="${y.toFixed(1)}" width="${length.toFixed(1)}" height="${(2 * unit).toFixed(1)}" fill="#ffffff" opacity="${(0.08 + lighting.light * 0.12).toFixed(2)}"/>`;
  }
  return out;
}

function groundLayer(
  random: Random,
  width: number,
  height: number,
  horizon: number,
  unit: number,
  kind: 'desert' | 'snow' | 'field' | 'street',
  scene: SceneDescription,
  lighting: Lighting,
): string {
  const palette = {
    desert: ['#e2b66b', '#c98e4a'],
    snow: ['#eef3fb', '#c9d6ea'],
    field: ['#6aa84f', '#3f7a2a'],
    street: ['#3b3f4a', '#1f2229'],
  }[kind];
  const element: SceneElement = kind === 'street' ? 'city' : kind;
  const top = lit(kind === 'street' ? palette[0]! : colourOf(scene, element, palette[0]!), {
    ...lighting,
    light: Math.max(0.25, lighting.light),
  });
  const bottom = lit(kind === 'street' ? palette[1]! : colourOf(scene, element, palette[1]!), {
    ...lighting,
    light: Math.max(0.2, lighting.light),
  });
  let out = `<defs><linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
  out += `<rect x="0" y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#ground)"/>`;
  if (kind === 'desert') {
    for (let dune = 0; dune < 3; dune += 1) {
      const base = horizon + (height - horizon) * (0.25 + dune * 0.25);
      const points = ridge(random, width, base, 60 * unit, 0.4, 4);
      out += `<path d="${polygonAbove(points, height, width)}" fill="${mixHex(top, bottom, 0.3 + dune * 0.25)}" opacity="0.9"/>`;
    }
  }
  if (kind === 'field') {
    for (let blade = 0; blade < 260; blade += 1) {
      const y = horizon + random() ** 0.7 * (height - horizon);
      const x = random() * width;
      const length = (4 + ((y - horizon) / (height - horizon)) * 22) * unit;
      out += `<path d="M${x.toFixed(1)},${y.toFixed(1)} l${((random() - 0.5) * length * 0.5).toFixed(1)},${(-length).toFixed(1)}" stroke="${mixHex(bottom, '#000000', 0.25)}" stroke-width="${(1.5 * unit).toFixed(2)}" opacity="0.6"/>`;
    }
  }
  return out;
}

function beach(random: Random, width: number, height: number, unit: number, colour: string): string {
  const shore = height * 0.82;
  const points = ridge(random, width, shore, 30 * unit, 0.4, 4);
  return `<path d="${polygonAbove(points, height, width)}" fill="${colour}"/><path d="${points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="none" stroke="#ffffff" stroke-width="${6 * unit}" opacity="0.7"/>`;
}

function boat(random: Random, width: number, horizon: number, height: number, unit: number, lighting: Lighting): string {
  const x = width * between(random, 0.25, 0.75);
  const y = horizon + (height - horizon) * 0.25;
  const size = 60 * unit;
  const hull = lighting.light > 0.5 ? '#6b3e26' : '#0d0d14';
  const sail = lighting.light > 0.5 ? '#fafafa' : '#1c1c28';
  return `<path d="M${x - size},${y} L${x + size},${y} L${x + size * 0.7},${y + size * 0.35} L${x - size * 0.7},${y + size * 0.35} Z" fill="${hull}"/><path d="M${x},${y - size * 1.8} L${x},${y - 2 * unit} L${x + size * 0.9},${y - 2 * unit} Z" fill="${sail}"/><path d="M${x - 4 * unit},${y - size * 1.5} L${x - 4 * unit},${y - 2 * unit} L${x - size * 0.7},${y - 2 * unit} Z" fill="${sail}" opacity="0.9"/>`;
}

function rain(random: Random, width: number, height: number, unit: number): string {
  let out = '';
  for (let drop = 0; drop < 500; drop += 1) {
    const x = random() * width;
    const y = random() * height;
    out += `<path d="M${x.toFixed(1)},${y.toFixed(1)} l${(-8 * unit).toFixed(1)},${(30 * unit).toFixed(1)}" stroke="#d1d9e6" stroke-width="${(1.4 * unit).toFixed(2)}" opacity="0.45"/>`;
  }
  return out;
}

function snowfall(random: Random, width: number, height: number, unit: number): string {
  let out = '';
  for (let flake = 0; flake < 400; flake += 1) {
    out += `<circle cx="${(random() * width).toFixed(1)}" cy="${(random() * height).toFixed(1)}" r="${(between(random, 1, 3.5) * unit).toFixed(2)}" fill="#ffffff" opacity="${between(random, 0.5, 0.95).toFixed(2)}"/>`;
  }
  return out;
}

export async function renderScene(scene: SceneDescription, size: SceneSize, seed: number): Promise<Raster> {
  const svg = sceneSvg(scene, size, seed);
  const raster = await toRaster(
    sharp(Buffer.from(svg), { density: 72 }).resize(size.width, size.height, { fit: 'fill' }).flatten({ background: '#000000' }),
  );
  // A little grain keeps large gradients from banding and looking flat.
  return addGrain(raster, 5, seed);
}
