/**
 * Product fidelity: is the product in a frame the user's own product? Our promise is
 * that a shot shows the product's own pixels, never a model's redrawing of it. The check segments
 * the product in its source photo and in the frame with the engine's own segmentation, brings the
 * frame's product to the photo's position and scale (mask centroids, and one scale from the masks'
 * areas: a squashed or stretched product is not scaled back into shape), and compares them: the
 * masks' intersection over union, and the mean CIEDE2000 colour difference over the product's
 * pixels (culori's, not ours). A job uses it to fall back to the local composite when a hosted
 * model's frames fail it.
 */
import { converter, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import type { Segmentation } from './segmenter.ts';

/** The aligned masks overlap at least this much (intersection over union): the product's own shape. */
export const FIDELITY_MIN_IOU = 0.9;
/** The product's pixels differ by at most this mean ΔE2000 (under 5 reads as the same colour side by side). */
export const FIDELITY_MAX_DELTA_E = 5;

type Box = { left: number; top: number; width: number; height: number };

export interface ProductFidelity {
  /** Intersection over union of the product's masks, after aligning position and scale (0–1). */
  iou: number;
  /** Mean CIEDE2000 difference over the pixels both masks hold solidly; Infinity when none. */
  deltaE: number;
  /** Both within the thresholds above. */
  passes: boolean;
  /** Where the product is in the frame (its pixels in the product's colours), or null when it is not found. */
  box: Box | null;
}

export interface FidelityTools {
  /** The engine's segmentation (the local provider's `segment`, which caches per photo). */
  segment(image: ImageData): Promise<Segmentation>;
}

/** The compared products' long side at most, in pixels: enough for a label's detail, cheap to walk. */
const COMPARE_SIDE = 256;
/** Pixels of the mask's soft edge (and of H.264's halved colour resolution there) left out of the colour mean. */
const EDGE = 2;

const toLab = converter('lab65');
const ciede2000 = differenceCiede2000();

/** A product's mask and colours, cropped around it and scaled by `zoom`. */
interface Subject {
  rgb: Buffer;
  mask: Buffer;
  width: number;
  height: number;
  cx: number;
  cy: number;
}

/**
 * The mask's value from which a pixel is the product: the segmentation is sure of it. A set's
 * podium or a reflection can come out half-grey (up to about 160 of 255) beside a product at 254,
 * and belongs to the set, not to the product.
 */
const SURE = 192;

/** A mask's product pixels: their count, centroid and box. */
function moments(mask: Uint8Array, width: number, height: number) {
  let [area, sx, sy] = [0, 0, 0];
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! < SURE) continue;
      area++;
      sx += x;
      sy += y;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  const box = right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
  return { area, cx: area ? sx / area : 0, cy: area ? sy / area : 0, box };
}

/** An image's pixels (RGB) at its segmentation's size, oriented as the segmenter saw it. */
function orientedRgb(image: ImageData, seg: Segmentation): Promise<Buffer> {
  return sharp(image.data).rotate().resize(seg.width, seg.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** The product's crop around `box`, its colours and mask scaled by `zoom` (sharp's filter: no aliasing). */
async function subject(rgb: Buffer, mask: Buffer, size: { width: number; height: number }, box: Box, zoom: number): Promise<Subject> {
  // A margin around the box, so the resampling filter sees the backdrop beside the edge.
  const pad = Math.ceil(Math.max(box.width, box.height) * 0.1) + 4;
  const left = Math.max(0, box.left - pad),
    top = Math.max(0, box.top - pad);
  const crop = {
    left,
    top,
    width: Math.min(size.width, box.left + box.width + pad) - left,
    height: Math.min(size.height, box.top + box.height + pad) - top,
  };
  const [width, height] = [Math.max(1, Math.round(crop.width * zoom)), Math.max(1, Math.round(crop.height * zoom))];
  const [colours, shape] = await Promise.all([
    sharp(rgb, { raw: { ...size, channels: 3 } })
      .extract(crop)
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer(),
    sharp(mask, { raw: { ...size, channels: 1 } })
      .extract(crop)
      .resize(width, height, { fit: 'fill' })
      // One channel out, as it came in (sharp would answer sRGB).
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const { cx, cy } = moments(shape, width, height);
  return { rgb: colours, mask: shape, width, height, cx, cy };
}

/** The CIELAB cell a colour falls in: cells of `CELL` units on each axis. */
const CELL = 8;
const cellOf = (r: number, g: number, b: number) => {
  const lab = toLab({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 });
  return [Math.floor(lab.l / CELL), Math.floor(lab.a / CELL), Math.floor(lab.b / CELL)] as const;
};
const key = (l: number, a: number, b: number) => (l + 64) * 65536 + (a + 128) * 256 + (b + 128);

/** The colours of the product's sure pixels in its photo, as CIELAB cells, each widened by a cell (the scene's light moves them a little). */
function paletteOf(rgb: Buffer, mask: Buffer): Set<number> {
  const counts = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! < SURE) continue;
    const [l, a, b] = cellOf(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    counts.set(key(l, a, b), (counts.get(key(l, a, b)) ?? 0) + 1);
    total++;
  }
  const palette = new Set<number>();
  for (const [k, n] of counts) {
    // A colour of a few stray pixels (the edge blended with the photo's backdrop) is not the product's.
    if (n < total * 0.002) continue;
    const [l, a, b] = [Math.floor(k / 65536) - 64, (Math.floor(k / 256) % 256) - 128, (k % 256) - 128];
    for (let dl = -2; dl <= 2; dl++)
      for (let da = -2; da <= 2; da++) for (let db = -2; db <= 2; db++) palette.add(key(l + dl, a + da, b + db));
  }
  return palette;
}

/**
 * The frame's mask kept where its colour is one of the product's. A salient-object segmentation
 * takes a product and the podium or stand it is on as one object; the stand is not in the product's
 * photo, and neither are its colours. A product recoloured beyond the scene's light loses its mask
 * here, and with it the overlap.
 */
function onPalette(rgb: Buffer, mask: Buffer, palette: Set<number>): Buffer {
  const kept = Buffer.alloc(mask.length);
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! < SURE) continue;
    const [l, a, b] = cellOf(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    if (palette.has(key(l, a, b))) kept[i] = mask[i]!;
  }
  return kept;
}

/** Bilinear sample of channel `c` of a `channels`-channel raw image at (x, y); 0 outside it. */
function sample(buf: Buffer, width: number, height: number, channels: number, x: number, y: number, c = 0): number {
  const [x0, y0] = [Math.floor(x), Math.floor(y)];
  const [fx, fy] = [x - x0, y - y0];
  const at = (xi: number, yi: number) => (xi < 0 || yi < 0 || xi >= width || yi >= height ? 0 : buf[(yi * width + xi) * channels + c]!);
  return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
}

/**
 * How faithfully `frame` shows the product of `sourcePhoto`: `{ iou, deltaE, passes }` against
 * `FIDELITY_MIN_IOU` and `FIDELITY_MAX_DELTA_E`. A frame where no product is found scores 0 and
 * Infinity. Both images are segmented with `tools.segment`.
 */
export async function productFidelity(sourcePhoto: ImageData, frame: ImageData, tools: FidelityTools): Promise<ProductFidelity> {
  const [src, frm] = await Promise.all([tools.segment(sourcePhoto), tools.segment(frame)]);
  const none = { iou: 0, deltaE: Infinity, passes: false, box: null };
  const [srcRgb, frmRgb] = await Promise.all([orientedRgb(sourcePhoto, src), orientedRgb(frame, frm)]);
  const frmMask = onPalette(frmRgb, frm.mask, paletteOf(srcRgb, src.mask));
  const [a, b] = [moments(src.mask, src.width, src.height), moments(frmMask, frm.width, frm.height)];
  if (!a.box || !b.box) return none;
  // One scale, from the areas: frame pixels → photo pixels.
  const k = Math.sqrt(a.area / b.area);
  const srcLong = Math.max(a.box.width, a.box.height);
  const zoom = Math.min(COMPARE_SIDE, srcLong, Math.max(b.box.width, b.box.height) * k) / srcLong;
  const [p, q] = await Promise.all([subject(srcRgb, src.mask, src, a.box, zoom), subject(frmRgb, frmMask, frm, b.box, zoom * k)]);
  // q is sampled at p's pixel moved by the centroids' offset.
  const [dx, dy] = [q.cx - p.cx, q.cy - p.cy];
  const x0 = Math.floor(Math.min(0, -dx)),
    y0 = Math.floor(Math.min(0, -dy));
  const x1 = Math.ceil(Math.max(p.width, q.width - dx)),
    y1 = Math.ceil(Math.max(p.height, q.height - dy));
  const inP = (x: number, y: number) => (x < 0 || y < 0 || x >= p.width || y >= p.height ? 0 : p.mask[y * p.width + x]!);
  const inQ = (x: number, y: number) => sample(q.mask, q.width, q.height, 1, x + dx, y + dy);
  let [both, either, compared, sumDeltaE] = [0, 0, 0, 0];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const [mp, mq] = [inP(x, y) >= SURE, inQ(x, y) >= SURE];
      if (mp || mq) either++;
      if (!(mp && mq)) continue;
      both++;
      // Colour only well inside both masks: the edge mixes in each picture's own backdrop.
      const solid = [
        [0, 0],
        [EDGE, 0],
        [-EDGE, 0],
        [0, EDGE],
        [0, -EDGE],
      ].every(([ex, ey]) => inP(x + ex!, y + ey!) >= 250 && inQ(x + ex!, y + ey!) >= 250);
      if (!solid) continue;
      const i = (y * p.width + x) * 3;
      const [qx, qy] = [x + dx, y + dy];
      const photo = toLab({ mode: 'rgb', r: p.rgb[i]! / 255, g: p.rgb[i + 1]! / 255, b: p.rgb[i + 2]! / 255 });
      const shown = toLab({
        mode: 'rgb',
        r: sample(q.rgb, q.width, q.height, 3, qx, qy, 0) / 255,
        g: sample(q.rgb, q.width, q.height, 3, qx, qy, 1) / 255,
        b: sample(q.rgb, q.width, q.height, 3, qx, qy, 2) / 255,
      });
      sumDeltaE += ciede2000(photo, shown);
      compared++;
    }
  const iou = either ? both / either : 0;
  const deltaE = compared ? sumDeltaE / compared : Infinity;
  return { iou, deltaE, passes: iou >= FIDELITY_MIN_IOU && deltaE <= FIDELITY_MAX_DELTA_E, box: b.box };
}
