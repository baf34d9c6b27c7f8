/** Avatar checks before upload, with the same messages the server gives (spec 2 §5). */
import { AVATAR_MAX_BYTES, AVATAR_JPEG_QUALITY, AVATAR_SIZE_PX, Messages } from '@studio/contracts';

export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return Messages.avatarNotImage;
  if (file.size >= AVATAR_MAX_BYTES) return Messages.avatarTooLarge;
  return null;
}

/** Centre square crop of a `width × height` image: the source rectangle to draw. */
export function centreSquare(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: Math.round((width - side) / 2), sy: Math.round((height - side) / 2), side };
}

/**
 * Resizes to a 96×96 JPEG at quality 0.8 in the browser, so the upload is small; the server
 * resizes again, so a browser that cannot decode the image still uploads the original.
 */
export async function resizeAvatar(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const { sx, sy, side } = centreSquare(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = AVATAR_SIZE_PX;
    canvas.height = AVATAR_SIZE_PX;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, sx, sy, side, side, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', AVATAR_JPEG_QUALITY));
    return blob ?? file;
  } catch {
    return file;
  }
}
