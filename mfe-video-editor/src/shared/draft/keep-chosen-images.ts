import { useEffect, useRef } from 'react';
import { useUploadTempImage } from '@studio/session/query';

interface WithChosenImage {
  id: string;
  imageFile: File | null;
  imageUrl: string | null;
}

/**
 * A photo chosen from the computer is a file in the page: a saved draft cannot name it. Each one is
 * uploaded once, as the user's private temporary upload, and its URL set on the section, so the
 * project keeps it and Reload shows it again. A failed upload leaves the file in the page (Generate
 * still sends it); the draft simply keeps no image for that section.
 */
export function useKeepChosenImages<S extends WithChosenImage>(sections: S[], setSections: (update: (all: S[]) => S[]) => void) {
  const keep = useUploadTempImage();
  const sent = useRef(new WeakSet<File>());
  useEffect(() => {
    for (const { imageFile: file, imageUrl } of sections) {
      if (!file || imageUrl || sent.current.has(file)) continue;
      sent.current.add(file);
      keep
        .mutateAsync(file)
        .then(({ imageUrl: kept }) =>
          // Only if the section still shows this file (the user may have chosen another meanwhile).
          setSections((all) => all.map((s) => (s.imageFile === file && !s.imageUrl ? { ...s, imageUrl: kept } : s))),
        )
        .catch(() => undefined);
    }
    // keep and setSections are stable; the sections are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sections]);
  /** A chosen photo is still on its way: the draft is not all saved yet. */
  return keep.isPending;
}
