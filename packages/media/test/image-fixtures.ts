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
