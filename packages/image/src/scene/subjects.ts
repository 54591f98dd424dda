import { between, type Random } from '../random';

/**
 * The subjects the procedural renderer draws into a scene as silhouettes and simple shapes, in
 * the scene's light: a lighthouse on a cliff, a house, a lone tree, a car, a bridge, the Eiffel
 * Tower, and animals (cat, dog, horse, deer). Each takes its place on the ground line it is given.
 */

export interface SubjectLight {
  /** 0 (night) to 1 (noon). */
  light: number;
  /** Colour of a backlit silhouette at this time of day. */
  silhouette: string;
  /** True when lamps and windows should glow. */
  lampsOn: boolean;
}

const fixed = (value: number) => value.toFixed(1);

/** A rocky headland rising from the sea on one side, its top at `top`; returns the SVG and where its flat top is. */
export function cliff(
  random: Random,
  width: number,
  horizon: number,
  height: number,
  unit: number,
  colour: string,
  side: 'left' | 'right',
): { svg: string; topX: number; topY: number } {
  const top = horizon - horizon * between(random, 0.18, 0.26);
  const edge = width * between(random, 0.42, 0.52);
  const points: [number, number][] = [];
  const steps = 14;
  // The cliff face drops from the top to the water with a few ledges.
  for (let step = 0; step <= steps; step += 1) {
    const t = step / steps;
    const y = top + (horizon + (height - horizon) * 0.08 - top) * t;
    const x = edge + (random() - 0.5) * 22 * unit + t * t * 60 * unit;
    points.push([x, y]);
  }
  const mirror = (x: number) => (side === 'right' ? x : width - x);
  const face = points.map(([x, y]) => `L${fixed(mirror(x))},${fixed(y)}`).join(' ');
  const far = side === 'right' ? width : 0;
  const svg =
    `<path d="M${fixed(far)},${fixed(top - 8 * unit)} L${fixed(mirror(edge + 40 * unit))},${fixed(top - 4 * unit)} ${face} L${fixed(far)},${fixed(height)} Z" fill="${colour}"/>` +
    `<path d="M${fixed(far)},${fixed(top - 8 * unit)} L${fixed(mirror(edge + 40 * unit))},${fixed(top - 4 * unit)} L${fixed(mirror(edge))},${fixed(top)} L${fixed(mirror(edge))},${fixed(top + 14 * unit)} L${fixed(far)},${fixed(top + 10 * unit)} Z" fill="#3f6b35" opacity="0.85"/>`;
  return { svg, topX: mirror(edge + width * 0.12), topY: top };
}

/** A striped tower with its lantern; at dusk and night the lamp glows and throws two beams. */
export function lighthouse(x: number, base: number, unit: number, light: SubjectLight): string {
  const height = 300 * unit;
  const bottomHalf = 34 * unit;
  const topHalf = 22 * unit;
  const top = base - height;
  const shade = (colour: string) => (light.light < 0.4 ? light.silhouette : colour);
  let svg = '';
  if (light.lampsOn) {
    const lampY = top - 22 * unit;
    svg += `<path d="M${fixed(x)},${fixed(lampY)} L${fixed(x - 900 * unit)},${fixed(lampY - 120 * unit)} L${fixed(x - 900 * unit)},${fixed(lampY + 60 * unit)} Z" fill="#fff3b0" opacity="0.22"/>`;
    svg += `<path d="M${fixed(x)},${fixed(lampY)} L${fixed(x + 700 * unit)},${fixed(lampY - 80 * unit)} L${fixed(x + 700 * unit)},${fixed(lampY + 40 * unit)} Z" fill="#fff3b0" opacity="0.16"/>`;
  }
  // Tower: four bands, red and white.
  for (let band = 0; band < 4; band += 1) {
    const y0 = base - (height * band) / 4;
    const y1 = base - (height * (band + 1)) / 4;
    const half0 = bottomHalf + ((topHalf - bottomHalf) * band) / 4;
    const half1 = bottomHalf + ((topHalf - bottomHalf) * (band + 1)) / 4;
    svg += `<path d="M${fixed(x - half0)},${fixed(y0)} L${fixed(x - half1)},${fixed(y1)} L${fixed(x + half1)},${fixed(y1)} L${fixed(x + half0)},${fixed(y0)} Z" fill="${shade(band % 2 === 0 ? '#f4f1ea' : '#c0392b')}"/>`;
  }
  // Gallery, lantern room and cap.
  svg += `<rect x="${fixed(x - topHalf - 8 * unit)}" y="${fixed(top - 6 * unit)}" width="${fixed((topHalf + 8 * unit) * 2)}" height="${fixed(6 * unit)}" fill="${shade('#2d2d2d')}"/>`;
  svg += `<rect x="${fixed(x - topHalf * 0.7)}" y="${fixed(top - 36 * unit)}" width="${fixed(topHalf * 1.4)}" height="${fixed(30 * unit)}" fill="${light.lampsOn ? '#ffe58a' : shade('#9fb8c8')}"/>`;
  svg += `<path d="M${fixed(x - topHalf)},${fixed(top - 36 * unit)} L${fixed(x)},${fixed(top - 62 * unit)} L${fixed(x + topHalf)},${fixed(top - 36 * unit)} Z" fill="${shade('#2d2d2d')}"/>`;
  if (light.lampsOn)
    svg += `<circle cx="${fixed(x)}" cy="${fixed(top - 22 * unit)}" r="${fixed(40 * unit)}" fill="#fff3b0" opacity="0.35" filter="url(#soft)"/>`;
  return svg;
}

/** A cottage: walls, pitched roof, chimney, door and windows (lit after dark). */
export function house(x: number, base: number, unit: number, light: SubjectLight, wall: string, roof: string): string {
  const width = 240 * unit;
  const wallHeight = 140 * unit;
  const left = x - width / 2;
  const top = base - wallHeight;
  const dark = light.light < 0.35;
  const window = light.lampsOn ? '#ffd36b' : '#9fc3df';
  let svg = `<rect x="${fixed(left + width * 0.68)}" y="${fixed(top - 110 * unit)}" width="${fixed(22 * unit)}" height="${fixed(70 * unit)}" fill="${dark ? light.silhouette : '#7a4b3a'}"/>`;
  svg += `<rect x="${fixed(left)}" y="${fixed(top)}" width="${fixed(width)}" height="${fixed(wallHeight)}" fill="${dark ? light.silhouette : wall}"/>`;
  svg += `<path d="M${fixed(left - 18 * unit)},${fixed(top)} L${fixed(x)},${fixed(top - 110 * unit)} L${fixed(left + width + 18 * unit)},${fixed(top)} Z" fill="${dark ? light.silhouette : roof}"/>`;
  svg += `<rect x="${fixed(x - 20 * unit)}" y="${fixed(base - 78 * unit)}" width="${fixed(40 * unit)}" height="${fixed(78 * unit)}" fill="${dark ? '#1a1a1a' : '#5b3a29'}"/>`;
  for (const offset of [-0.3, 0.3]) {
    svg += `<rect x="${fixed(x + offset * width - 22 * unit)}" y="${fixed(top + 30 * unit)}" width="${fixed(44 * unit)}" height="${fixed(40 * unit)}" fill="${window}"${dark && !light.lampsOn ? ' opacity="0.3"' : ''}/>`;
  }
  return svg;
}

/** A broad-leaved tree: trunk, branches and a crown of overlapping leaf clusters. */
export function tree(random: Random, x: number, base: number, unit: number, light: SubjectLight, leaves: string): string {
  const height = 380 * unit;
  const trunk = light.light < 0.35 ? light.silhouette : '#5a3d2b';
  let svg = `<path d="M${fixed(x - 16 * unit)},${fixed(base)} Q${fixed(x - 8 * unit)},${fixed(base - height * 0.4)} ${fixed(x - 30 * unit)},${fixed(base - height * 0.62)} L${fixed(x + 30 * unit)},${fixed(base - height * 0.62)} Q${fixed(x + 8 * unit)},${fixed(base - height * 0.4)} ${fixed(x + 16 * unit)},${fixed(base)} Z" fill="${trunk}"/>`;
  const crownY = base - height * 0.72;
  for (let cluster = 0; cluster < 14; cluster += 1) {
    const angle = random() * Math.PI * 2;
    const reach = between(random, 0, 1) ** 0.7;
    const cx = x + Math.cos(angle) * reach * 150 * unit;
    const cy = crownY + Math.sin(angle) * reach * 90 * unit;
    const shade = light.light < 0.35 ? light.silhouette : cluster % 3 === 0 ? '#2f5e2a' : leaves;
    svg += `<circle cx="${fixed(cx)}" cy="${fixed(cy)}" r="${fixed(between(random, 55, 85) * unit)}" fill="${shade}"/>`;
  }
  return svg;
}

/** A car seen from the side, with a road under it; headlights on after dark. */
export function car(x: number, base: number, unit: number, light: SubjectLight, paint: string): string {
  const length = 320 * unit;
  const left = x - length / 2;
  const body = light.light < 0.35 ? light.silhouette : paint;
  const glass = light.light < 0.35 ? '#20232b' : '#a7c7dc';
  const wheel = 34 * unit;
  let svg = `<rect x="0" y="${fixed(base - 4 * unit)}" width="100%" height="${fixed(60 * unit)}" fill="#2f3238"/>`;
  svg += `<path d="M${fixed(left)},${fixed(base - 40 * unit)} Q${fixed(left)},${fixed(base - 80 * unit)} ${fixed(left + 40 * unit)},${fixed(base - 84 * unit)} L${fixed(left + 90 * unit)},${fixed(base - 88 * unit)} L${fixed(left + 130 * unit)},${fixed(base - 135 * unit)} L${fixed(left + 225 * unit)},${fixed(base - 135 * unit)} L${fixed(left + 270 * unit)},${fixed(base - 88 * unit)} L${fixed(left + length - 10 * unit)},${fixed(base - 78 * unit)} Q${fixed(left + length)},${fixed(base - 60 * unit)} ${fixed(left + length)},${fixed(base - 40 * unit)} L${fixed(left + length)},${fixed(base - 26 * unit)} L${fixed(left)},${fixed(base - 26 * unit)} Z" fill="${body}"/>`;
  svg += `<path d="M${fixed(left + 100 * unit)},${fixed(base - 90 * unit)} L${fixed(left + 136 * unit)},${fixed(base - 127 * unit)} L${fixed(left + 175 * unit)},${fixed(base - 127 * unit)} L${fixed(left + 175 * unit)},${fixed(base - 90 * unit)} Z M${fixed(left + 185 * unit)},${fixed(base - 90 * unit)} L${fixed(left + 185 * unit)},${fixed(base - 127 * unit)} L${fixed(left + 220 * unit)},${fixed(base - 127 * unit)} L${fixed(left + 256 * unit)},${fixed(base - 90 * unit)} Z" fill="${glass}"/>`;
  for (const wheelX of [left + 70 * unit, left + length - 70 * unit]) {
    svg += `<circle cx="${fixed(wheelX)}" cy="${fixed(base - 26 * unit)}" r="${fixed(wheel)}" fill="#15161a"/><circle cx="${fixed(wheelX)}" cy="${fixed(base - 26 * unit)}" r="${fixed(wheel * 0.45)}" fill="#8b8f98"/>`;
  }
  if (light.lampsOn)
    svg += `<path d="M${fixed(left + length)},${fixed(base - 60 * unit)} L${fixed(left + length + 260 * unit)},${fixed(base - 90 * unit)} L${fixed(left + length + 260 * unit)},${fixed(base - 10 * unit)} Z" fill="#fff3c4" opacity="0.3"/>`;
  return svg;
}

/** A stone arch bridge spanning the picture at the horizon, reflected faintly when there is water. */
export function bridge(width: number, horizon: number, unit: number, light: SubjectLight, stone: string): string {
  const deck = horizon - 70 * unit;
  const colour = light.light < 0.35 ? light.silhouette : stone;
  const arches = 4;
  const span = width / arches;
  let path = `M0,${fixed(deck)} L${fixed(width)},${fixed(deck)} L${fixed(width)},${fixed(horizon + 6 * unit)}`;
  for (let arch = arches - 1; arch >= 0; arch -= 1) {
    const right = (arch + 1) * span - 14 * unit;
    const left = arch * span + 14 * unit;
    path += ` L${fixed(right)},${fixed(horizon + 6 * unit)} Q${fixed((left + right) / 2)},${fixed(deck - 10 * unit)} ${fixed(left)},${fixed(horizon + 6 * unit)}`;
  }
  path += ` L0,${fixed(horizon + 6 * unit)} Z`;
  let svg = `<path d="${path}" fill="${colour}"/>`;
  svg += `<rect x="0" y="${fixed(deck - 14 * unit)}" width="${fixed(width)}" height="${fixed(14 * unit)}" fill="${colour}" opacity="0.9"/>`;
  if (light.lampsOn)
    for (let lamp = 1; lamp < 12; lamp += 1)
      svg += `<circle cx="${fixed((lamp * width) / 12)}" cy="${fixed(deck - 26 * unit)}" r="${fixed(5 * unit)}" fill="#ffd36b"/>`;
  return svg;
}

/** The Eiffel Tower's outline: splayed legs over an arch, two platforms, a spire. */
export function eiffelTower(x: number, base: number, unit: number, light: SubjectLight): string {
  const height = 520 * unit;
  const colour = light.light < 0.35 ? light.silhouette : '#6b5a4a';
  const top = base - height;
  const legs = `M${fixed(x - 130 * unit)},${fixed(base)} Q${fixed(x - 60 * unit)},${fixed(base - height * 0.35)} ${fixed(x - 12 * unit)},${fixed(top + 40 * unit)} L${fixed(x)},${fixed(top)} L${fixed(x + 12 * unit)},${fixed(top + 40 * unit)} Q${fixed(x + 60 * unit)},${fixed(base - height * 0.35)} ${fixed(x + 130 * unit)},${fixed(base)} L${fixed(x + 80 * unit)},${fixed(base)} Q${fixed(x)},${fixed(base - height * 0.2)} ${fixed(x - 80 * unit)},${fixed(base)} Z`;
  let svg = `<path d="${legs}" fill="${colour}"/>`;
  svg += `<rect x="${fixed(x - 78 * unit)}" y="${fixed(base - height * 0.27)}" width="${fixed(156 * unit)}" height="${fixed(12 * unit)}" fill="${colour}"/>`;
  svg += `<rect x="${fixed(x - 42 * unit)}" y="${fixed(base - height * 0.55)}" width="${fixed(84 * unit)}" height="${fixed(9 * unit)}" fill="${colour}"/>`;
  if (light.lampsOn) svg += `<path d="${legs}" fill="none" stroke="#ffcf6b" stroke-width="${fixed(2 * unit)}" opacity="0.8"/>`;
  return svg;
}

export type Animal = 'cat' | 'dog' | 'horse' | 'deer';

/** An animal in profile, as a silhouette built from its body's shapes (facing right). */
export function animal(kind: Animal, x: number, base: number, unit: number, colour: string): string {
  const shapes: string[] = [];
  const ellipse = (cx: number, cy: number, rx: number, ry: number, rotate = 0) =>
    shapes.push(
      `<ellipse cx="${fixed(x + cx * unit)}" cy="${fixed(base - cy * unit)}" rx="${fixed(rx * unit)}" ry="${fixed(ry * unit)}"${rotate ? ` transform="rotate(${rotate} ${fixed(x + cx * unit)} ${fixed(base - cy * unit)})"` : ''}/>`,
    );
  const leg = (lx: number, top: number, thickness: number) =>
    shapes.push(
      `<rect x="${fixed(x + (lx - thickness / 2) * unit)}" y="${fixed(base - top * unit)}" width="${fixed(thickness * unit)}" height="${fixed(top * unit)}" rx="${fixed((thickness / 2) * unit)}"/>`,
    );
  const polygon = (points: [number, number][]) =>
    shapes.push(`<path d="M${points.map(([px, py]) => `${fixed(x + px * unit)},${fixed(base - py * unit)}`).join(' L')} Z"/>`);
  const tail = (d: string, thickness: number) =>
    shapes.push(
      `<path d="${d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_m, px: string, py: string) => `${fixed(x + Number(px) * unit)},${fixed(base - Number(py) * unit)}`)}" fill="none" stroke="${colour}" stroke-width="${fixed(thickness * unit)}" stroke-linecap="round"/>`,
    );
  switch (kind) {
    case 'cat':
      // Sitting: a pear-shaped body, round head, pointed ears, a tail curled round the front.
      ellipse(0, 55, 42, 58);
      ellipse(4, 130, 30, 27);
      polygon([
        [-22, 145],
        [-16, 178],
        [-4, 152],
      ]);
      polygon([
        [12, 152],
        [26, 178],
        [30, 146],
      ]);
      tail('M-30,10 Q-80,20 -60,70', 10);
      break;
    case 'dog':
      ellipse(0, 95, 85, 38);
      ellipse(92, 150, 30, 26);
      polygon([
        [108, 160],
        [150, 146],
        [146, 132],
        [110, 136],
      ]);
      polygon([
        [76, 168],
        [70, 196],
        [92, 172],
      ]);
      polygon([
        [70, 110],
        [96, 150],
        [72, 150],
        [56, 112],
      ]);
      for (const lx of [-60, -35, 45, 68]) leg(lx, 92, 16);
      tail('M-80,110 Q-120,150 -110,175', 10);
      break;
    case 'horse':
    case 'deer': {
      const scale = kind === 'horse' ? 1 : 0.85;
      const s = (value: number) => value * scale;
      ellipse(0, s(150), s(110), s(48));
      polygon([
        [s(70), s(170)],
        [s(120), s(260)],
        [s(150), s(255)],
        [s(110), s(150)],
      ]);
      ellipse(s(150), s(262), s(42), s(20), 28);
      polygon([
        [s(120), s(275)],
        [s(128), s(300)],
        [s(136), s(276)],
      ]);
      for (const lx of [-80, -55, 60, 85]) leg(s(lx), s(150), s(kind === 'horse' ? 20 : 14));
      if (kind === 'horse') tail(`M${s(-105)},${s(170)} Q${s(-150)},${s(120)} ${s(-135)},${s(60)}`, s(18));
      else {
        tail(
          `M${s(128)},${s(280)} Q${s(110)},${s(340)} ${s(90)},${s(360)} M${s(118)},${s(318)} L${s(80)},${s(330)} M${s(136)},${s(282)} Q${s(170)},${s(340)} ${s(200)},${s(355)} M${s(160)},${s(322)} L${s(195)},${s(318)}`,
          s(7),
        );
        polygon([
          [s(-108), s(170)],
          [s(-125), s(190)],
          [s(-100), s(182)],
        ]);
      }
      break;
    }
  }
  return `<g fill="${colour}">${shapes.join('')}</g>`;
}
