import type { VoiceAnalysis, WordTiming } from '../../capabilities.ts';
import { WorkerPool } from '../model-worker.ts';
import { MediaError } from '../../errors.ts';
import { joinSpoken, speechChunks, type Spoken } from './chunks.ts';
import type { SpeechRequest } from './speak-here.ts';

/**
 * Speech children: at most two, so a long line spoken on both still leaves the API its share of a
 * small machine; each started on first use.
 */
const SPEECH_CHILDREN = 2;
/** A piece of at most SPEECH_CHUNK_CHARS takes well under a second; a child that takes this long is stuck, and is replaced. */
const PIECE_TIMEOUT_MS = 30_000;
/** The synthesisers' own memory is WebAssembly's; the JavaScript heap holds a piece's samples and phonemes. */
const CHILD_HEAP_MB = 256;

/** A child speaks a piece of text, measures a voice sample (16 kHz), or aligns words to an upload (`alignment.ts`). */
type ChildTask =
  { request: SpeechRequest } | { pcm: Int16Array } | { align: { upload: Int16Array; reference: Int16Array; words: WordTiming[] } };
type ChildAnswer = Spoken & { analysis?: VoiceAnalysis };

let pool: WorkerPool<ChildTask, ChildAnswer> | null = null;

/** The pool of speech children (created on first use; its children start on their first piece). */
export function speechPool(): WorkerPool<ChildTask, ChildAnswer> {
  return (pool ??= new WorkerPool(
    new URL('./speech-worker.mjs', import.meta.url),
    'The local speech engine',
    SPEECH_CHILDREN,
    PIECE_TIMEOUT_MS,
    {
      maxOldSpaceMb: CHILD_HEAP_MB,
    },
  ));
}

/**
 * Speaks a text in a speech child, piece by piece (`speechChunks`), at most one piece per child at
 * a time so that other lines spoken meanwhile take their turns, and joins the pieces into one, with
 * each word's times. A child that crashes or hangs fails the text with a `MediaError`.
 */
export async function speakAway(text: string, requestFor: (piece: string) => SpeechRequest): Promise<Spoken> {
  const chunks = speechChunks(text);
  const children = speechPool();
  const parts: Spoken[] = new Array(chunks.length);
  let next = 0;
  let failed = false;
  // A failed piece fails the text; the other lane stops after the piece it is speaking.
  const lane = async () => {
    while (next < chunks.length && !failed) {
      const i = next++;
      try {
        const { samples, rate, phonemes, words } = await children.call({ request: { ...requestFor(chunks[i]!), text: chunks[i]! } });
        parts[i] = { samples, rate, phonemes, words };
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(children.size, chunks.length) }, lane));
  return joinSpoken(parts);
}

/** What a voice sample (16 kHz) sounds like (`analyzeVoice`), measured in a speech child: a long sample takes seconds. */
export async function analyzeAway(pcm: Int16Array): Promise<VoiceAnalysis> {
  const { analysis } = await speechPool().call({ pcm });
  if (!analysis) throw new MediaError('upstream', 'The local speech engine failed.');
  return analysis;
}

/** The words of `reference` carried onto `upload` (both 16 kHz) by `alignWords`, in a speech child: the frames and the warping take a second or more. */
export async function alignAway(upload: Int16Array, reference: Int16Array, words: WordTiming[]): Promise<WordTiming[]> {
  const answer = await speechPool().call({ align: { upload, reference, words } });
  if (!answer.words) throw new MediaError('upstream', 'The local speech engine failed.');
  return answer.words;
}

/** Stops the speech children (the next line starts them again). */
export async function closeLocalSpeech(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.close();
}
