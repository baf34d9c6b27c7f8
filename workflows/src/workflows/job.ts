/** One section of a multi-section video job, as the orchestration sees it. */
export interface SectionSpec {
  id: string;
  name: string;
  /** The starting image (stored key or URL the activities understand). */
  image: string;
  /** The script to speak, when the section speaks and has no approved audio yet. */
  script: string | null;
  /** Approved audio to use as is (no speech step). */
  audio: string | null;
  videoPrompt: string;
  captions: boolean;
  /** A product shot (the product in a set, moving; its speech laid over it) instead of a talking head. */
  kind?: 'talking' | 'product';
}

/** A finished video: the joined (or finished-ad) file, its poster and its gallery asset. */
export interface FinalVideo {
  video: string;
  poster: string;
  assetId: string;
  formats?: AdFormatOutcome[];
}

/** One video of a job with hook variants: its sections in the order it plays them. */
export interface VariantSpec {
  id: string;
  label: string;
  sections: string[];
  /** Made by an earlier run of this job (a retry finishes only the variants that were not). */
  done?: FinalVideo;
}

export interface JobSpec {
  jobId: string;
  userId: string;
  sections: SectionSpec[];
  /**
   * Sections whose clip exists already: rendered by an earlier run of this job (a retry of the
   * failed ones only), or a clip the user made before from the same inputs.
   */
  reuse?: Record<string, string>;
  /** Hook variants: one video each from these sections (absent: one video of every section in order). */
  variants?: VariantSpec[];
  /** How many sections render at once. */
  parallelism?: number;
  /** Finish the joined sections as an ad (cuts, formats, captions: the activity reads the job's options). */
  ad?: boolean;
}

/** One format of a finished ad: its files and its gallery asset. */
export interface AdFormatOutcome {
  aspectRatio: string;
  video: string;
  poster: string;
  assetId: string;
}

export type SectionStatus = 'COMPLETED' | 'FAILED' | 'TIMED_OUT';
export type JobStatus = 'COMPLETED' | 'PARTIAL_SUCCESS' | 'FAILED';

export interface SectionOutcome {
  id: string;
  name: string;
  status: SectionStatus;
  /** The rendered clip, when completed. */
  video: string | null;
  /** Which step failed, and the user-facing reason. */
  failedAt: 'audio' | 'video' | 'lipsync' | 'captions' | null;
  error: string | null;
  /** Whether its credits were given back. */
  refunded: boolean;
}

export interface VariantOutcome {
  id: string;
  label: string;
  /** FAILED when a section it plays failed: the other variants are made all the same. */
  status: 'COMPLETED' | 'FAILED';
  final: FinalVideo | null;
  error: string | null;
}

export interface JobOutcome {
  status: JobStatus;
  sections: SectionOutcome[];
  /** The finished video (sections joined in order), when any section completed; with variants, the first variant made. */
  final: FinalVideo | null;
  /** A job with hook variants: each video. */
  variants?: VariantOutcome[];
}

/** Why a step failed: `bad_input` is not worth retrying; `timeout` marks the section TIMED_OUT. */
export class StepError extends Error {
  override name = 'StepError';
  constructor(
    readonly kind: 'bad_input' | 'transient' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What the orchestration asks the world to do. Every activity is idempotent for its (job,
 * section) key, because a durable engine may run a step more than once.
 */
export interface VideoActivities {
  speak(jobId: string, section: SectionSpec): Promise<string>;
  animate(jobId: string, section: SectionSpec): Promise<string>;
  lipSync(jobId: string, section: SectionSpec, video: string, audio: string): Promise<string>;
  /** A product section's shot, with its speech (if any) over it; in each of a finished ad's formats. */
  productShot(jobId: string, section: SectionSpec, audio: string | null): Promise<string>;
  caption(jobId: string, section: SectionSpec, video: string): Promise<string>;
  /** Joins clips in order (a variant's, when `variantId` names one: each variant has files of its own). */
  concat(jobId: string, videos: string[], variantId?: string): Promise<{ video: string; poster: string }>;
  store(jobId: string, userId: string, video: string, poster: string, variantId?: string): Promise<string>;
  /**
   * The finished ad from these completed sections (in order), in each of the job's formats, each
   * kept as a gallery asset (once per variant when `variantId` names one).
   */
  finishAd(jobId: string, userId: string, sectionIds: string[], variantId?: string): Promise<AdFormatOutcome[]>;
  /**
   * Gives back what the job's further formats cost when the ad could not be finished (for these
   * completed sections only, when named: no video made them in those formats); keyed, so it grants once a run.
   */
  refundFormats(jobId: string, userId: string, sectionIds?: string[]): Promise<void>;
  /** Gives back a failed section's credits; keyed by job and section, so it grants once. */
  refund(jobId: string, userId: string, sectionId: string): Promise<void>;
  /** A section ended (`step` is its status): its outcome is recorded and shown. */
  progress(jobId: string, update: { sectionId: string; step: string; done: number; total: number; outcome: SectionOutcome }): Promise<void>;
  /** The job ended: its status and result are recorded (a job already cancelled or timed out keeps its status). */
  finish(jobId: string, outcome: JobOutcome): Promise<void>;
}

/** The activities' names, in one place: engines wrap each of them the same way. */
export const ACTIVITY_NAMES = [
  'speak',
  'animate',
  'lipSync',
  'productShot',
  'caption',
  'concat',
  'store',
  'finishAd',
  'refundFormats',
  'refund',
  'progress',
  'finish',
] as const satisfies readonly (keyof VideoActivities)[];

/** `acts` with every activity passed through `wrap` (an engine's retry, checkpoint or error mapping). */
export function mapActivities(
  acts: VideoActivities,
  wrap: (name: keyof VideoActivities, fn: (...args: never[]) => Promise<unknown>) => (...args: never[]) => Promise<unknown>,
): VideoActivities {
  return Object.fromEntries(
    ACTIVITY_NAMES.map((name) => [name, wrap(name, acts[name].bind(acts) as (...args: never[]) => Promise<unknown>)]),
  ) as unknown as VideoActivities;
}
