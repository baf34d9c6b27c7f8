import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCENE_TEMPLATES } from '@studio/contracts';
import { renderScene } from './scenes.ts';
import { findBottle } from '../../../test/image-fixtures.ts';
import { canvasToPng, composeScene } from './studio.ts';

const W = 540,
  H = 675;

/** Pixels of a PNG as RGB, with helpers for a region's statistics. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
  const lum = (x: number, y: number) => {
    const [r, g, b] = at(x, y);
    return 0.299 * r + 0.587 * g + 0.114 * b;
  };
  /** Mean colour, luminance spread, share of strong edges and of green pixels, horizontal over vertical gradient. */
  const region = (x0: number, y0: number, x1: number, y1: number) => {
    let r = 0,
      g = 0,
      b = 0,
      n = 0,
      sum = 0,
      sum2 = 0,
      edges = 0,
      gx = 0,
      gy = 0,
      green = 0;
    for (let y = y0; y < y1 - 1; y++)
      for (let x = x0; x < x1 - 1; x++) {
        const [pr, pg, pb] = at(x, y);
        r += pr;
        g += pg;
        b += pb;
        n++;
        if (pg > pr + 10 && pg > pb + 10) green++;
        const l = lum(x, y);
        sum += l;
        sum2 += l * l;
        const dx = Math.abs(lum(x + 1, y) - l),
          dy = Math.abs(lum(x, y + 1) - l);
        gx += dx;
        gy += dy;
        if (dx + dy > 12) edges++;
      }
    const mean = sum / n;
    return {
      rgb: [r / n, g / n, b / n],
      spread: Math.sqrt(sum2 / n - mean * mean),
      edges: edges / n,
      acrossOverAlong: gx / gy,
      green: green / n,
    };
  };
  return { at, region, width: info.width, height: info.height };
}

const template = (id: string) => SCENE_TEMPLATES.find((t) => t.id === id)!.prompt;
const render = (prompt: string) => canvasToPng(renderScene(prompt, W, H, 1).canvas);

/** The red bottle with a dark cap the image tests stand in scenes (a cut-out with transparency). */
const BOTTLE = sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="230"><rect x="35" y="0" width="30" height="40" rx="4" fill="#222"/><rect x="0" y="35" width="100" height="195" rx="22" fill="#d02828"/></svg>`,
  ),
)
  .png()
  .toBuffer();

describe('studio scenes', () => {
  it('each template looks like its name, and none is a grey sweep', async () => {
    const grey = await pixels(await render('a plain grey studio'));
    const marble = await pixels(await render(template('marble')));
    const wood = await pixels(await render(template('wood')));
    const outdoors = await pixels(await render(template('outdoors')));
    const pastel = await pixels(await render(template('pastel')));
    const floor = (p: typeof grey) => p.region(0, Math.round(H * 0.75), W, H);
    const wall = (p: typeof grey) => p.region(0, 0, W, Math.round(H * 0.5));

    // Marble: a light surface crossed by veins (edges), where the sweep has none.
    const m = floor(marble);
    expect(Math.min(...m.rgb)).toBeGreaterThan(170);
    expect(m.edges).toBeGreaterThan(0.01);
    expect(floor(grey).edges).toBeLessThan(0.002);

    // Wood: brown planks whose grain runs into the scene (gradients across it, not along it).
    const w = floor(wood);
    expect(w.rgb[0]! - w.rgb[2]!).toBeGreaterThan(50);
    expect(w.acrossOverAlong).toBeGreaterThan(1.5);
    expect(floor(grey).acrossOverAlong).toBeLessThan(1.5);

    // Outdoors: green, leafy (uneven) greenery behind.
    const o = wall(outdoors);
    expect(o.rgb[1]! - o.rgb[0]!).toBeGreaterThan(15);
    expect(o.rgb[1]! - o.rgb[2]!).toBeGreaterThan(15);
    expect(o.green).toBeGreaterThan(0.6);
    expect(o.spread).toBeGreaterThan(15);
    expect(wall(grey).green).toBeLessThan(0.05);

    // Pastel podium: a pink set, with the podium's lit top standing out below the middle.
    const pw = wall(pastel);
    expect(pw.rgb[0]! - pw.rgb[1]!).toBeGreaterThan(20);
    expect(pw.rgb[2]! - pw.rgb[1]!).toBeGreaterThan(0);

    // And the four are different pictures.
    const all = [m.rgb, w.rgb, wall(outdoors).rgb, pw.rgb];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const d = Math.hypot(all[i]![0]! - all[j]![0]!, all[i]![1]! - all[j]![1]!, all[i]![2]! - all[j]![2]!);
        expect(d).toBeGreaterThan(25);
      }
  });

  it('stands the product whole in every template, at any frame shape', async () => {
    const png = await BOTTLE;
    for (const t of SCENE_TEMPLATES)
      for (const [width, height] of [
        [540, 675],
        [640, 360],
        [360, 640],
      ] as const) {
        const out = await composeScene({ prompt: t.prompt, width, height, cutout: { png, width: 100, height: 230 }, scale: 0.72 });
        const b = await findBottle(out);
        expect(b.capOnTop, `${t.id} ${width}×${height}: the cap is there`).toBe(true);
        expect(b.box.top).toBeGreaterThan(2);
        expect(b.box.bottom).toBeLessThan(height - 2);
        expect(b.box.left).toBeGreaterThan(2);
        expect(b.box.right).toBeLessThan(width - 2);
        // Its body is all there: the red area matches a 100×195 body at the size it was drawn.
        const k = (b.box.right - b.box.left + 1) / 100;
        expect(b.red).toBeGreaterThan(100 * 195 * k * k * 0.85);
      }
  });
});

/** Luminance of a PNG's pixels, row by row. */
async function luminance(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const l = new Float32Array(info.width * info.height);
  for (let i = 0; i < l.length; i++) l[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  return l;
}

describe('product shadows', () => {
  it('are smooth at every frame size, with no stair steps along their soft edges', async () => {
    const png = await BOTTLE;
    for (const [width, height] of [
      [540, 675],
      [800, 1000],
      [1080, 1350],
    ] as const) {
      const opts = { prompt: 'a plain grey studio', width, height, scale: 0.55 };
      const withProduct = await composeScene({ ...opts, cutout: { png, width: 100, height: 230 } });
      // The set alone, drawn the same way: what the product changes is its shadow (and itself).
      const [bare, shaded] = [await luminance(await composeScene(opts)), await luminance(withProduct)];
      const box = (await findBottle(withProduct)).box;
      const shadow = bare.map((v, i) => v - shaded[i]!);
      // A soft shadow is its own local average; stair steps stand out from it by several levels.
      const r = 3;
      let worst = 0,
        inShadow = 0;
      for (let y = Math.round(height * 0.5); y < box.bottom - height * 0.04; y++)
        for (let x = r; x < width - r; x++) {
          if (x > box.left - 8 && x < box.right + 8) continue;
          const v = shadow[y * width + x]!;
          if (v < 1) continue;
          inShadow++;
          let around = 0;
          for (let j = -r; j <= r; j++) for (let i = -r; i <= r; i++) around += shadow[(y + j) * width + x + i]!;
          worst = Math.max(worst, Math.abs(v - around / (2 * r + 1) ** 2));
        }
      expect(inShadow, `${width}×${height}: a cast shadow is drawn`).toBeGreaterThan(width * height * 0.005);
      expect(worst, `${width}×${height}: the largest step in the shadow`).toBeLessThan(2.5);
    }
  });
});

describe('prompt words in the set', () => {
  const w = 160,
    h = 200;
  const small = async (prompt: string) => pixels(await canvasToPng(renderScene(prompt, w, h, 1).canvas));
  const hue = ([r, g, b]: number[]) => {
    const max = Math.max(r!, g!, b!),
      min = Math.min(r!, g!, b!);
    const d = max - min || 1;
    const x = max === r ? ((g! - b!) / d + 6) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
    return { hue: x * 60, saturation: (max - min) / max };
  };
  /** Fine pattern in a region: how far pixels stand from their neighbourhood's mean luminance. */
  const pattern = (p: Awaited<ReturnType<typeof small>>, y0: number, y1: number) => {
    const lum = (x: number, y: number) => {
      const [r, g, b] = p.at(x, y);
      return 0.299 * r + 0.587 * g + 0.114 * b;
    };
    let sum = 0,
      n = 0;
    for (let y = y0 + 4; y < y1 - 4; y++)
      for (let x = 4; x < w - 4; x++) {
        let around = 0;
        for (let j = -4; j <= 4; j += 2) for (let i = -4; i <= 4; i += 2) around += lum(x + i, y + j);
        sum += (lum(x, y) - around / 25) ** 2;
        n++;
      }
    return Math.sqrt(sum / n);
  };

  it('colours the set by the material a prompt names, not the grey default', async () => {
    const prompt = 'sunlit terracotta tiles with palm leaf shadows';
    const wall = (await small(prompt)).region(0, 0, w, h * 0.5).rgb;
    const floor = (await small(prompt)).region(0, h * 0.75, w, h).rgb;
    for (const rgb of [wall, floor]) {
      const { hue: hueOf, saturation } = hue(rgb);
      expect(hueOf, `terracotta is orange-brown: rgb(${rgb.map(Math.round).join(',')})`).toBeGreaterThan(5);
      expect(hueOf).toBeLessThan(40);
      expect(saturation).toBeGreaterThan(0.2);
    }
    const plain = hue((await small('a product photo')).region(0, 0, w, h * 0.5).rgb);
    expect(plain.saturation).toBeLessThan(0.1);
  });

  it('lights the set as the prompt says: sunlit is brighter than moody', async () => {
    const lum = ([r, g, b]: number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;
    const sunlit = lum((await small('sunlit white linen')).region(0, 0, w, h).rgb);
    const moody = lum((await small('moody white linen')).region(0, 0, w, h).rgb);
    const plain = lum((await small('white linen')).region(0, 0, w, h).rgb);
    expect(sunlit).toBeGreaterThan(plain);
    expect(plain - moody).toBeGreaterThan(50);
    // Neon: a dark room lit by saturated colour.
    const neon = (await small('pink and cyan neon')).region(0, 0, w, h * 0.5).rgb;
    expect(lum(neon)).toBeLessThan(plain);
    expect(neon[2]! - neon[1]!).toBeGreaterThan(10);
  });

  it('casts leaf shadows across the wall and lays tiles on the floor', async () => {
    const leaves = await small('a terracotta wall with palm leaf shadows');
    const bare = await small('a terracotta wall');
    expect(pattern(leaves, 0, h * 0.5)).toBeGreaterThan(pattern(bare, 0, h * 0.5) * 1.6);
    // Leaf shadows are a pattern on the set: the wall stays terracotta, not a garden.
    expect(leaves.region(0, 0, w, h * 0.5).green).toBeLessThan(0.05);
    const tiles = await small('terracotta tiles');
    const floor = await small('terracotta floor');
    expect(tiles.region(0, h * 0.7, w, h).edges).toBeGreaterThan(floor.region(0, h * 0.7, w, h).edges + 0.02);
  });

  it('changes the picture for every word it recognises', async () => {
    const base = await canvasToPng(renderScene('a product photo', w, h, 1).canvas);
    const raw = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
    const plain = await raw(base);
    const words = [
      ...['terracotta', 'concrete', 'sand', 'velvet', 'linen', 'terrazzo', 'slate', 'tiles', 'rattan', 'leather'],
      ...['sunlit', 'golden hour', 'neon', 'soft', 'moody', 'studio', 'bright'],
      ...['palm leaf shadows', 'venetian blinds', 'sage', 'navy', 'dusty pink', 'sky blue', 'mustard'],
    ];
    for (const word of words) {
      const other = await raw(await canvasToPng(renderScene(`a product photo, ${word}`, w, h, 1).canvas));
      let diff = 0;
      for (let i = 0; i < plain.length; i++) diff += Math.abs(plain[i]! - other[i]!);
      expect(diff / plain.length, `"${word}" changes the set`).toBeGreaterThan(4);
    }
  });
});
