import { WELCOME_CANVAS } from '@studio/contracts';

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an image of `width`×`height` goes on the canvas: as large as fits inside the margin, centred. */
export function placeWithMargin(
  width: number,
  height: number,
  canvas: { width: number; height: number; margin: number } = WELCOME_CANVAS,
): Placement {
  const boxW = canvas.width * (1 - 2 * canvas.margin);
  const boxH = canvas.height * (1 - 2 * canvas.margin);
  const scale = Math.min(boxW / width, boxH / height);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return { x: Math.round((canvas.width - w) / 2), y: Math.round((canvas.height - h) / 2), width: w, height: h };
}

/** spec 1 §4: the product photo on a white 1820×1024 canvas with a 10% margin, as a PNG. */
export async function composeWelcomeCanvas(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = WELCOME_CANVAS.width;
  canvas.height = WELCOME_CANVAS.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const at = placeWithMargin(bitmap.width, bitmap.height);
  context.drawImage(bitmap, at.x, at.y, at.width, at.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), 'image/png'),
  );
}
