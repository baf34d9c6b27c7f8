import { CLONE_SAMPLE_MAX_BYTES, CLONE_SAMPLE_WARN_BYTES, Messages } from '@studio/contracts';

/** spec 2 §5: the sample types cloning takes, by extension (browsers name some types differently). */
export const SAMPLE_EXTENSIONS = ['mp3', 'wav', 'aac', 'm4a', 'ogg', 'webm', 'flac'];

/** The dialog's own checks before anything is sent (the server checks the content too). */
export function sampleProblem(file: File): { error: string } | { warning: string | null } {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!SAMPLE_EXTENSIONS.includes(extension) && !file.type.startsWith('audio/')) return { error: Messages.cloneTypeInvalid };
  if (file.size >= CLONE_SAMPLE_MAX_BYTES) return { error: Messages.cloneTooLarge };
  return { warning: file.size < CLONE_SAMPLE_WARN_BYTES ? Messages.cloneSampleSmall : null };
}
