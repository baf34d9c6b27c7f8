import { IMAGE_UPLOAD_MAX_BYTES, Messages } from '@studio/contracts';

/** spec 2 §5: the image types every image slot takes. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** spec 2 §5: an image slot's own checks, before anything is sent (the server applies them too). */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return Messages.imageTypeInvalid;
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return Messages.imageTooLarge;
  return null;
}
