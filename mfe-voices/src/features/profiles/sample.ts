import { CLONE_SAMPLE_MAX_BYTES, CLONE_SAMPLE_WARN_BYTES, Messages } from '@studio/contracts';

/** spec 2 §5: the sample types cloning takes, by extension (browsers name some types differently). */
export const SAMPLE_EXTENSIONS = ['mp3', 'wav', 'aac', 'm4a', 'ogg', 'webm', 'flac'];

/**
 * The dialog's own checks before anything is sent, with the Profile dialog's messages (spec 2 §5);
 * the server checks the content too and answers with the clone call's.
 */
export function sampleProblem(file: File): { error: string } | { warning: string | null } {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!SAMPLE_EXTENSIONS.includes(extension) && !file.type.startsWith('audio/')) return { error: Messages.profileSampleTypeInvalid };
  if (file.size >= CLONE_SAMPLE_MAX_BYTES) return { error: Messages.profileSampleTooLarge };
  return { warning: file.size < CLONE_SAMPLE_WARN_BYTES ? Messages.cloneSampleSmall : null };
}
