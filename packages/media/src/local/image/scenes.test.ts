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
