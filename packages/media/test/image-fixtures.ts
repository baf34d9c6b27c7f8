import sharp from 'sharp';

/**
 * Where a red bottle with a dark cap is in an image: the box of its red body, how many red pixels
 * it has, and whether its cap still sits on top (an image that crops the bottle loses the cap).
 */
export async function findBottle(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  let minX = Infinity,
    minY = Infinity,
    maxX = -1,
    maxY = -1,
    red = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const [r, g, b] = at(x, y);
      if (r! > 140 && g! < 80 && b! < 80) {
        red++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  const cx = Math.round((minX + maxX) / 2);
  const capY = Math.round(minY - (maxY - minY) * 0.05);
  const cap = red > 0 && capY >= 0 ? at(cx, capY) : [255, 255, 255];
  return {
    box: { left: minX, top: minY, right: maxX, bottom: maxY },
    red,
    capOnTop: Math.max(...cap) < 70,
    width: info.width,
    height: info.height,
  };
}

/** The amber bottle's colour: a product whose own colour a scene must not change. */
export const AMBER: [number, number, number] = [0xc8, 0x80, 0x1e];

/** A product photo: an amber bottle with a dark cap on a plain light backdrop, 300×400. */
export async function amberBottlePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#f2f2f0"/>
    <rect x="130" y="40" width="40" height="50" rx="6" fill="#2a2a2a"/><rect x="95" y="80" width="110" height="280" rx="28" fill="rgb(${AMBER.join(',')})"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
