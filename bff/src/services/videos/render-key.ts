/**
 * A section clip's render key (DESIGN decision 17, issue 40 §1): a hash of everything the clip's
 * pixels and sound are made from, with its owner, so a section made again from the same inputs
 * reuses the clip instead of rendering (and charging) it twice, and a key never matches across users.
 *
 * What goes in is what the job's activities read to make the clip (`activities.ts`: speak, animate,
 * lipSync, productShot, caption): the image's bytes; the approved audio's bytes, or — when the job
 * speaks the script itself — the script with its voice and sliders; the script (lip-sync hears it,
 * veo3 says it, captions show it); the video prompt; the model and the providers that render; the
 * clip's size (the job's format) and length; its kind, and a product shot's set, move and the other
 * formats it is drawn in; and the captions burned into the clip. A finished ad's caption style,
 * music, end card, product cards and cuts are applied to the joined sections by `finishAd`, which
 * runs for every job, so they do not make the clip and are not in its key.
 */
import { createHash } from 'node:crypto';

/** Raised when what a clip is made from, or how, changes: every earlier clip then renders again once. */
const RENDER_KEY_VERSION = 1;

export interface RenderKeyInput {
  userId: string;
  kind: 'talking' | 'product';
  /** The job's model (spec 2 §9: seedance, veo3) and the providers that render and speak. */
  model: string;
  videoProvider: string;
  speechProvider: string;
  /** The clip's own size (the job's format). */
  width: number;
  height: number;
  /** Seconds the clip is asked to last (a silent clip's chosen length; a spoken one follows its audio). */
  targetDuration: number;
  /** The image as stored for the job (decoded and re-encoded from its pixels by the upload gate). */
  image: Buffer;
  /** Approved audio, used as it is. */
  audio: Buffer | null;
  /** The words it says or shows. */
  script: string | null;
  /** The voice the job speaks the script in, when it has no approved audio. */
  voice: { voiceId: string; stability: number; similarityBoost: number; speed: number } | null;
  videoPrompt: string;
  /** Captions burned into this clip (a plain job's; a finished ad captions its whole timeline instead). */
  burnedCaptions: boolean;
  /** A product shot's set and move, and the ad's other formats it is also drawn in. */
  shot: { scene: string; motion: string; formats: readonly string[] } | null;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The clip's key: `v<version>:<sha-256 hex>`. */
export function renderKeyOf(input: RenderKeyInput): string {
  const made = {
    user: input.userId,
    kind: input.kind,
    model: input.model,
    providers: [input.videoProvider, input.speechProvider],
    size: [input.width, input.height],
    seconds: Number(input.targetDuration.toFixed(2)),
    image: sha256(input.image),
    audio: input.audio ? sha256(input.audio) : null,
    script: input.script,
    voice: input.audio ? null : input.voice && [input.voice.voiceId, input.voice.stability, input.voice.similarityBoost, input.voice.speed],
    prompt: input.kind === 'talking' ? input.videoPrompt : '',
    captions: input.burnedCaptions,
    shot: input.shot && [input.shot.scene, input.shot.motion, [...input.shot.formats].sort()],
  };
  return `v${RENDER_KEY_VERSION}:${sha256(JSON.stringify(made))}`;
}

/** A product shot's set is drawn from this seed: the same inputs draw the same set, in every format and on every retry. */
export const shotSeedOf = (renderKey: string) => createHash('sha256').update(renderKey).digest().readUInt32BE(0);
