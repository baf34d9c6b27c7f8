/** The picker's own call; the user's images and products come from `@studio/session/query`. */
import { useMutation } from '@tanstack/react-query';
import { ApiRoutes, type UploadTempImageResponse } from '@studio/contracts';
import { apiFetch } from '@studio/session';

/** A photo from the user's computer, kept as a private upload the steps can read. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.set('image', file);
  return apiFetch<UploadTempImageResponse>(ApiRoutes.uploadTempImage, { method: 'POST', body: form });
}

/** Uploads a photo to work on; it is private and in no list, so nothing is read again. */
export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
