/**
 * The words of a script on an uploaded recording of it, found offline: the local engine speaks the
 * script (espeak-ng, whose word times are known), at a pace brought near the upload's, and the
 * two are matched frame by frame (`alignment.ts`, in a speech child).
 */
import type { LocalVoice, WordTiming } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { decodeToPcm, runFfmpeg } from '../ffmpeg.ts';
import { ALIGNMENT_RATE } from './alignment.ts';
import { espeakRequest } from './espeak.ts';
import { alignAway, speakAway } from './speaker.ts';

/** The reference speaker: a plain American voice in the middle of the pitch range. */
const REFERENCE: LocalVoice = { language: 'en-us', variant: 'm3', pitch: 50, rate: 170 };
const SETTINGS = { stability: 0.5, similarityBoost: 0.75, style: 0, speed: 1, useSpeakerBoost: false };

async function speakReference(text: string, rate: number): Promise<{ pcm: Int16Array; words: WordTiming[] }> {
  const voice = { ...REFERENCE, rate };
  const spoken = await speakAway(text, (piece) => ({ engine: 'espeak-ng', request: espeakRequest(voice, SETTINGS, piece) }));
  const raw = Buffer.from(spoken.samples.buffer, spoken.samples.byteOffset, spoken.samples.byteLength);
  const resampled = await runFfmpeg(
    ['-f', 's16le', '-ar', String(spoken.rate), '-ac', '1', '-i', 'pipe:0', '-ar', String(ALIGNMENT_RATE), '-f', 's16le', 'pipe:1'],
    raw,
    { failure: () => new MediaError('upstream', 'The local speech engine could not encode its audio.') },
  );
  return { pcm: new Int16Array(resampled.buffer, resampled.byteOffset, Math.floor(resampled.length / 2)), words: spoken.words ?? [] };
}

/**
 * Each word of `text` (as `SpeechResult.words` counts them) and when it is said in `audio` (any
 * format ffmpeg reads). An unreadable file is bad input.
 */
export async function localAlignWords(input: { audio: Buffer; text: string }): Promise<WordTiming[]> {
  const text = input.text.trim();
  if (!text) return [];
  const upload = await decodeToPcm(input.audio).catch(() => {
    throw new MediaError('bad_input', 'This audio file could not be read.');
  });
  let reference = await speakReference(text, REFERENCE.rate);
  // A reference much faster or slower than the upload is spoken again at the upload's pace: the
  // warping then stays near its diagonal, where its band looks.
  const ratio = reference.pcm.length / Math.max(1, upload.length);
  if (ratio < 0.8 || ratio > 1.25) reference = await speakReference(text, Math.round(Math.min(400, Math.max(80, REFERENCE.rate * ratio))));
  if (reference.words.length === 0) return [];
  return alignAway(upload, reference.pcm, reference.words);
}
