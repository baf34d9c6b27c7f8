import { z } from 'zod';
import { Messages } from './errors.ts';
import { VOICE_SETTING_RANGES, VoiceId, DEFAULT_VOICE_ID, DEFAULT_VOICE_SETTINGS } from './voices.ts';
import { CAPTION_STYLES } from './captions.ts';
import { MusicChoice } from './music.ts';

/** spec 2 §9 video models: their aspect ratios and durations (the first of each is the default). */
export const VIDEO_MODELS = {
  seedance: {
    label: 'Seedance',
    aspectRatios: ['9:16', '16:9', '1:1'],
    durations: [12, 3, 6, 9],
    builtInAudio: false,
    defaultPrompt: 'person talking calmly into the camera',
  },
  veo3: {
    label: 'Veo 3',
    aspectRatios: ['16:9'],
    durations: [8],
    builtInAudio: true,
    defaultPrompt: 'person talking energetically into camera',
  },
} as const;
export type VideoModelId = keyof typeof VIDEO_MODELS;
export const VIDEO_MODEL_IDS = Object.keys(VIDEO_MODELS) as VideoModelId[];
export const DEFAULT_VIDEO_MODEL: VideoModelId = 'seedance';
export type VideoAspectRatio = (typeof VIDEO_MODELS)[VideoModelId]['aspectRatios'][number];

/** spec 2 §4: a model change moves an unsupported ratio or duration to the model's first supported one. */
export function adjustVideoSettings(model: VideoModelId, settings: { aspectRatio: string; duration: number }) {
  const m = VIDEO_MODELS[model];
  return {
    aspectRatio: (m.aspectRatios as readonly string[]).includes(settings.aspectRatio) ? settings.aspectRatio : m.aspectRatios[0],
    duration: (m.durations as readonly number[]).includes(settings.duration) ? settings.duration : m.durations[0],
  };
}

/** spec 2 §9: with lip-sync, the clip lasts the audio plus 3 s, rounded up, at most 12 s. */
export const LIPSYNC_MAX_S = 12;
/** What a lip-synced clip lasts beyond its audio. */
export const LIPSYNC_TAIL_S = 3;
export const lipsyncDurationFor = (audioS: number) => Math.min(LIPSYNC_MAX_S, Math.ceil(audioS + LIPSYNC_TAIL_S));
/** Speech runs at about this many words a second: how long a script lasts before it is spoken. */
export const SPEECH_WORDS_PER_SECOND = 2.5;
/**
 * The fastest speech the studio makes (normal pace at the voice speed's maximum): no script is said in
 * less than its words over this, so a section lasts at least that long whatever audio it names.
 */
export const FASTEST_SPEECH_WORDS_PER_SECOND = SPEECH_WORDS_PER_SECOND * VOICE_SETTING_RANGES.speed.max;
/** spec 2 §9: a section's length when nothing else decides it. */
export const DEFAULT_SECTION_S = 10;
/** spec 2 §9 (talking-person editor defaults). */
export const EDITOR_VIDEO_DEFAULTS = { aspectRatio: '9:16', duration: 30 } as const;
/** spec 2 §9: jobs are polled every 3 s and given up on after 30 minutes (the server times them out then). */
export const JOB_POLL_MS = 3000;
export const JOB_TIMEOUT_MS = 1_800_000;
/** How many sections a job may hold (a video of at most this many parts). */
export const MAX_VIDEO_SECTIONS = 12;
/** The hook (the first section) may be given up to this many alternatives, each a video of its own. */
export const MAX_HOOK_ALTERNATIVES = 4;
/** Videos one job may make from its sections: the hook and its alternatives. */
export const MAX_VIDEO_VARIANTS = 1 + MAX_HOOK_ALTERNATIVES;

/** Where a job's files are served: a section's clip is `<prefix>/<job>/<section>.mp4`. */
export const JOB_MEDIA_PREFIX = '/media/jobs';
/** The URL of a finished section's clip (what `cachedVideoUrl` names). */
export const jobClipPath = (jobId: string, sectionId: string) => `${JOB_MEDIA_PREFIX}/${jobId}/${sectionId}.mp4`;
const JOB_CLIP = /^\/media\/jobs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([\w-]{1,100})\.mp4$/i;
/** The job and section a clip's URL names, or null when it names none. */
export function parseJobClipPath(url: string): { jobId: string; sectionId: string } | null {
  const match = JOB_CLIP.exec(url.trim());
  return match ? { jobId: match[1]!.toLowerCase(), sectionId: match[2]! } : null;
}

/** Pixel size the studio renders each aspect ratio at (720p class: fast on the local engine). */
export const VIDEO_RENDER_SIZES: Record<string, { width: number; height: number }> = {
  '9:16': { width: 720, height: 1280 },
  '16:9': { width: 1280, height: 720 },
  '1:1': { width: 720, height: 720 },
  '3:4': { width: 720, height: 960 },
  '4:3': { width: 960, height: 720 },
};

/** spec 2 §2 animation controls: 3–12 s (default 5) and five aspect ratios. */
export const ANIMATION_DURATION = { min: 3, max: 12, default: 5 } as const;
export const ANIMATION_ASPECT_RATIOS = ['1:1', '9:16', '16:9', '3:4', '4:3'] as const;

/**
 * The formats a finished ad is rendered in, from the same sections: each is re-framed around the
 * speaker, not squeezed. The first is the job's main video (`result.finalVideo`).
 */
export const AD_FORMATS = ['9:16', '1:1', '16:9'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];
/** A format after the first costs this many credits a section (the first is covered by the spec's 2 a section). */
export const EXTRA_FORMAT_CREDITS_PER_SECTION = 1;

/** How a finished ad's captions look; the looks themselves are in `captions.ts`. */
export const CaptionStyle = z.enum(CAPTION_STYLES, { error: Messages.captionStyleInvalid });
export type CaptionStyle = z.infer<typeof CaptionStyle>;

/** Characters in one script block (a section holds up to 20): the plan's longest video bounds the whole script. */
export const SCRIPT_BLOCK_MAX_CHARS = 5000;

/** A script block as the editor sends it (spec 2 §3); its approved audio is one of the caller's audio assets. */
export const ScriptBlockInput = z.object({
  id: z.string().max(100).optional(),
  text: z.string().max(SCRIPT_BLOCK_MAX_CHARS, { error: Messages.scriptTooLong }).default(''),
  audioStatus: z.string().max(20).optional(),
  audioUrl: z.string().max(500).nullish(),
  /** The editor's measured length; the server measures the audio itself and never relies on this. */
  duration: z.coerce.number().min(0).max(600).nullish(),
});
export type ScriptBlockInput = z.infer<typeof ScriptBlockInput>;

const unit = z.coerce.number().min(0).max(1);
const speed = z.coerce.number().min(VOICE_SETTING_RANGES.speed.min).max(VOICE_SETTING_RANGES.speed.max);

/**
 * A section's own voice and its sliders (spec 2 §2: each section has a voice selector and sliders
 * for stability, similarity and speed). A section without one speaks in the request's voice.
 */
export const SectionVoice = z.object({
  voiceId: VoiceId,
  stability: unit.default(DEFAULT_VOICE_SETTINGS.stability),
  similarityBoost: unit.default(DEFAULT_VOICE_SETTINGS.similarityBoost),
  speed: speed.default(DEFAULT_VOICE_SETTINGS.speed),
});
export type SectionVoice = z.infer<typeof SectionVoice>;

/** A section is a talking head (spec 2 §7) or a shot of the product, its script spoken over it. */
export const SECTION_KINDS = ['talking', 'product'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];
/** How the camera and the product move in a product shot: the cut-out product and its set move as separate layers. */
export const PRODUCT_SHOT_MOTIONS = ['push-in', 'slide', 'orbit'] as const;
export type ProductShotMotion = (typeof PRODUCT_SHOT_MOTIONS)[number];
export const PRODUCT_SHOT_MOTION_LABELS: Record<ProductShotMotion, string> = { 'push-in': 'Push in', slide: 'Slide', orbit: 'Orbit' };
/** A product shot's length, in seconds (longer when the speech over it needs it). */
export const PRODUCT_SHOT_SECONDS = { min: 3, max: 8, default: 4 } as const;
/** A product shot runs on this long after the speech over it. */
export const PRODUCT_SPEECH_TAIL_S = 0.5;
/** A product card stays beside the speaker this long from the word that names it. */
export const PRODUCT_CARD_S = 3;

/** A word as a viewer reads it, without case or punctuation: "Serum," names the same word as "serum". */
export const wordKey = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** Where `word` is first said among `words` (each as written), or -1. */
export const indexOfWord = (words: readonly string[], word: string) =>
  words.findIndex((w) => wordKey(w) === wordKey(word) && wordKey(w) !== '');

/** A product photo: one of the caller's images (an upload, a photo from Products or a gallery image). */
const productPhotoUrl = z.string().trim().max(500);

/** In a talking section: the product as a card beside the speaker from the word that names it, for three seconds. */
export const ProductOverlayInput = z.object({
  productImageUrl: productPhotoUrl.min(1, { error: Messages.productShotNoPhoto }),
  /** The word of the script (as written, punctuation aside) that names the product: its first occurrence. */
  atWord: z.string().trim().min(1, { error: Messages.productCardWordMissing }).max(100, { error: Messages.productCardWordMissing }),
});
export type ProductOverlayInput = z.infer<typeof ProductOverlayInput>;

/** A product shot's set, camera move and length. */
export const ProductShotSettings = z.object({
  /** A Product Studio template id, or words the scene engine reads. */
  scene: z
    .string({ error: Messages.productShotSceneInvalid })
    .trim()
    .min(1, { error: Messages.productShotSceneInvalid })
    .max(200, { error: Messages.productShotSceneInvalid })
    .default('marble'),
  motion: z.enum(PRODUCT_SHOT_MOTIONS, { error: Messages.productShotMotionInvalid }).default('push-in'),
  /** Seconds (3–8). */
  duration: z.coerce
    .number({ error: Messages.productShotDurationInvalid })
    .min(PRODUCT_SHOT_SECONDS.min, { error: Messages.productShotDurationInvalid })
    .max(PRODUCT_SHOT_SECONDS.max, { error: Messages.productShotDurationInvalid })
    .default(PRODUCT_SHOT_SECONDS.default),
});
export type ProductShotSettings = z.infer<typeof ProductShotSettings>;

/** One section of `POST /api/generate-multi-section-video` (spec 2 §7). */
export const VideoSectionInput = z.object({
  id: z.string().trim().min(1).max(100),
  /** A talking head (the default), or a product shot: the product's photo in a set, moving. */
  kind: z.enum(SECTION_KINDS, { error: Messages.videoSectionsInvalid }).default('talking'),
  /** A product shot's photo (or send it as the section's image file). */
  productImageUrl: productPhotoUrl.nullish(),
  ...ProductShotSettings.shape,
  productOverlay: ProductOverlayInput.nullish(),
  name: z.string().trim().max(100).default(''),
  scriptBlocks: z.array(ScriptBlockInput).max(20).default([]),
  videoPrompt: z.string().max(2000).default(''),
  hasImage: z.boolean().default(false),
  imageUrl: z.string().max(500).nullish(),
  scriptEnabled: z.boolean().default(true),
  /** Audio for the whole section (the simple editor, or a section without blocks). */
  audioUrl: z.string().max(500).nullish(),
  audioStatus: z.string().max(20).optional(),
  /**
   * The section still has its last video (`cachedVideoUrl`, one of the caller's section clips) and
   * has not changed since: the server reuses that clip when it is the caller's and its key still
   * matches the section's inputs, and renders (and charges) it otherwise.
   */
  isCached: z.boolean().default(false),
  cachedVideoUrl: z.string().max(500).nullish(),
  videoDuration: z.coerce.number().min(0).max(600).nullish(),
  /**
   * Burn the script in as captions: off unless asked for in a plain job; in a finished ad, on (in
   * its caption style) unless the section turns them off.
   */
  captions: z.boolean().optional(),
  voice: SectionVoice.optional(),
});
export type VideoSectionInput = z.infer<typeof VideoSectionInput>;

const jsonField = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string({ error: message })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * One video of a job with hook variants: its sections, in the order it plays them (ids of the
 * request's `sections`). Sections several variants play are rendered once.
 */
export const VideoVariantInput = z.object({
  id: z
    .string({ error: Messages.videoVariantsInvalid })
    .trim()
    .regex(/^[\w-]{1,100}$/, { error: Messages.videoVariantsInvalid }),
  label: z.string({ error: Messages.videoVariantsInvalid }).trim().max(100, { error: Messages.videoVariantsInvalid }).default(''),
  sections: z
    .array(z.string().trim().min(1).max(100), { error: Messages.videoVariantsInvalid })
    .min(1, { error: Messages.videoVariantsInvalid })
    .max(MAX_VIDEO_SECTIONS, { error: Messages.videoVariantsInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: Messages.videoVariantsInvalid }),
});
export type VideoVariantInput = z.infer<typeof VideoVariantInput>;

/** The text fields of `POST /api/generate-multi-section-video` (multipart; images as `image_<section id>`). */
export const GenerateVideoFields = z.object({
  sections: jsonField(
    z
      .array(VideoSectionInput, { error: Messages.videoSectionsInvalid })
      .min(1, { error: Messages.videoNoSection })
      .max(MAX_VIDEO_SECTIONS, { error: Messages.videoTooManySections }),
    Messages.videoSectionsInvalid,
  ),
  voiceId: VoiceId.default(DEFAULT_VOICE_ID),
  stability: unit.default(DEFAULT_VOICE_SETTINGS.stability),
  similarityBoost: unit.default(DEFAULT_VOICE_SETTINGS.similarityBoost),
  speed: speed.default(DEFAULT_VOICE_SETTINGS.speed),
  aspectRatio: z.string().max(10).default(EDITOR_VIDEO_DEFAULTS.aspectRatio),
  videoDuration: z.coerce.number().min(0).max(600).optional(),
  videoModel: z.enum(VIDEO_MODEL_IDS as [VideoModelId, ...VideoModelId[]], { error: Messages.unknownModel }).default(DEFAULT_VIDEO_MODEL),
  userId: z.string().max(100).optional(),
  projectId: z.string().max(100).optional(),
  /** The finished ad (each optional; a job with none of them renders its sections joined, as before). */
  captionStyle: CaptionStyle.optional(),
  formats: jsonField(
    z
      .array(z.enum(AD_FORMATS, { error: Messages.adFormatInvalid }), { error: Messages.adFormatInvalid })
      .min(1, { error: Messages.adFormatInvalid })
      .max(AD_FORMATS.length, { error: Messages.adFormatInvalid })
      .refine((list) => new Set(list).size === list.length, { error: Messages.adFormatInvalid }),
    Messages.adFormatInvalid,
  ).optional(),
  /** Cut each talking section shortly after its last word and shorten long pauses (on unless turned off). */
  tightCuts: z.stringbool({ error: Messages.adOptionInvalid }).optional(),
  /** Music under the ad: a library bed or one of the user's music uploads, at a volume. */
  music: jsonField(MusicChoice, Messages.musicChoiceInvalid).optional(),
  /** Close the ad with the brand kit's end card. */
  endCard: z.stringbool({ error: Messages.adOptionInvalid }).optional(),
  /** Hook variants: one video per variant from the same sections, shared ones rendered once (absent: one video of every section in order). */
  variants: jsonField(
    z
      .array(VideoVariantInput, { error: Messages.videoVariantsInvalid })
      .min(1, { error: Messages.videoVariantsInvalid })
      .max(MAX_VIDEO_VARIANTS, { error: Messages.videoVariantsInvalid })
      .refine((list) => new Set(list.map((v) => v.id)).size === list.length, { error: Messages.videoVariantsInvalid }),
    Messages.videoVariantsInvalid,
  ).optional(),
});
export type GenerateVideoFields = z.infer<typeof GenerateVideoFields>;

export const StartJobResponse = z.object({ success: z.literal(true), jobId: z.string(), message: z.string() });
export type StartJobResponse = z.infer<typeof StartJobResponse>;

/** `POST /api/generate-animation`: one image → a 3–12 s clip in the gallery. */
export const GenerateAnimationFields = z.object({
  prompt: z.string().max(2000).default(''),
  duration: z.coerce
    .number({ error: Messages.animationDurationInvalid })
    .int({ error: Messages.animationDurationInvalid })
    .min(ANIMATION_DURATION.min, { error: Messages.animationDurationInvalid })
    .max(ANIMATION_DURATION.max, { error: Messages.animationDurationInvalid })
    .default(ANIMATION_DURATION.default),
  aspectRatio: z.enum(ANIMATION_ASPECT_RATIOS, { error: Messages.animationRatioInvalid }).default('9:16'),
  imageUrl: z.string().max(500).optional(),
  userId: z.string().max(100).optional(),
});

/** A job's status (spec 1 §8, spec 2 §4): running, then one of the ends. */
export const JOB_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'PARTIAL_SUCCESS', 'FAILED', 'TIMED_OUT', 'CANCELLED'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];
export const SECTION_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'TIMED_OUT', 'CANCELLED'] as const;
export type SectionStatusName = (typeof SECTION_STATUSES)[number];
/**
 * A job as its owner sees it: `QUEUED` while it waits for a renderer (no section of it rendering yet,
 * `queuePosition` jobs ahead of it), then as stored.
 */
export const JOB_VIEW_STATUSES = ['QUEUED', ...JOB_STATUSES] as const;
export type JobViewStatusName = (typeof JOB_VIEW_STATUSES)[number];
export const isJobFinished = (status: string) => status !== 'IN_PROGRESS' && status !== 'QUEUED';

/** The results panel's line while a job waits for a renderer. */
export const waitingForRenderer = (ahead: number) =>
  ahead === 0 ? 'Waiting for a renderer — next in line' : `Waiting for a renderer — ${ahead} ahead of you`;

/** spec 2 §3 `result.finalVideos[]`. */
export const FinalVideo = z.object({
  section: z.string(),
  sectionName: z.string(),
  videoUrl: z.string(),
  originalVideoUrl: z.string(),
  videoDuration: z.number(),
  hasAudio: z.boolean(),
});
export type FinalVideo = z.infer<typeof FinalVideo>;

/** One section of a job as the results panel shows it. */
export const JobSection = z.object({
  section: z.string(),
  sectionName: z.string(),
  status: z.enum(SECTION_STATUSES),
  /** The step running or that failed: audio, video, lipsync, captions. */
  step: z.string().nullable(),
  /** 0–100 within this section. */
  progress: z.number(),
  outputUrl: z.string().nullable(),
  /** WebVTT captions of the section's clip (its script). */
  captionsUrl: z.string().nullable(),
  /** A still of the section's clip, shown before it plays. */
  posterUrl: z.string().nullable(),
  error: z.string().nullable(),
  /** Its credits were given back (failed, timed out or cancelled). */
  refunded: z.boolean(),
  /** Its clip is one the user had already made from the same inputs: nothing rendered, nothing charged. */
  reused: z.boolean(),
  /** What to know of how it was made (a hosted product shot made by the local engine, and why). */
  note: z.string().nullable(),
  credits: z.number(),
});
export type JobSection = z.infer<typeof JobSection>;

/** One format of a finished ad, as the results panel offers it. */
export const AdFormatResult = z.object({
  aspectRatio: z.string(),
  width: z.number(),
  height: z.number(),
  videoUrl: z.string(),
  posterUrl: z.string(),
  captionsUrl: z.string().nullable(),
  durationS: z.number(),
  assetId: z.string(),
});
export type AdFormatResult = z.infer<typeof AdFormatResult>;

const FailedItem = z.object({ section: z.string(), error: z.string() });

/** What the results panel says while an ad is finished: the cuts, then each format. */
export const adFinishingLabel = (format: string | null) => (format ? `Making the ${format} video` : 'Cutting the sections');

/** The finishing of an ad while it runs, after every section is done. */
export const AdFinishing = z.object({ label: z.string(), done: z.number(), total: z.number() });
export type AdFinishing = z.infer<typeof AdFinishing>;

/** One video of a job with hook variants, while it is made: its sections (in order), where it stands. */
export const JobVariant = z.object({
  id: z.string(),
  label: z.string(),
  sections: z.array(z.string()),
  /** PENDING, RUNNING, then COMPLETED, or FAILED when a section it plays failed (TIMED_OUT, CANCELLED with the job). */
  status: z.enum(SECTION_STATUSES),
  /** 0–100. */
  progress: z.number(),
  /** While its finished ad is made; null otherwise. */
  finishing: AdFinishing.nullable(),
  error: z.string().nullable(),
});
export type JobVariant = z.infer<typeof JobVariant>;

/** One video of a job with hook variants, once the job ended. */
export const VariantResult = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(SECTION_STATUSES),
  finalVideo: z.string().nullable(),
  posterUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  assetId: z.string().nullable(),
  /** Its finished ad in each format asked for; the first is its `finalVideo`. */
  formats: z.array(AdFormatResult),
});
export type VariantResult = z.infer<typeof VariantResult>;

export const JobView = z.object({
  id: z.string(),
  kind: z.enum(['multi_section', 'animation']),
  status: z.enum(JOB_VIEW_STATUSES),
  /** While `QUEUED`: how many jobs are ahead of it in its queue (0: it is next); otherwise null. */
  queuePosition: z.number().int().min(0).nullable(),
  progress: z.number(),
  error: z.string().nullable(),
  model: z.string(),
  aspectRatio: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  sections: z.array(JobSection),
  /** While a finished ad is made from the done sections; null otherwise. */
  finishing: AdFinishing.nullable(),
  /** A job with hook variants: each video's progress (empty for a job that makes one video). */
  variants: z.array(JobVariant),
  result: z
    .object({
      finalVideos: z.array(FinalVideo),
      /** The joined video and its gallery asset. */
      finalVideo: z.string().nullable(),
      posterUrl: z.string().nullable(),
      /** WebVTT captions of the finished video. */
      captionsUrl: z.string().nullable(),
      assetId: z.string().nullable(),
      failedAudio: z.array(FailedItem),
      failedVideo: z.array(FailedItem),
      failedLipsync: z.array(FailedItem),
      isPartialSuccess: z.boolean(),
      partialMessage: z.string().nullable(),
      /** The finished ad in each format asked for; the first is `finalVideo`. */
      formats: z.array(AdFormatResult),
      /** A job with hook variants: each video (the first completed one is also `finalVideo`). */
      variants: z.array(VariantResult),
    })
    .nullable(),
  creditsCharged: z.number(),
  creditsRefunded: z.number(),
});
export type JobView = z.infer<typeof JobView>;
export const JobStatusResponse = z.object({ success: z.literal(true), job: JobView });
export type JobStatusResponse = z.infer<typeof JobStatusResponse>;

/** "1 section", "2 sections": the spec writes its counted words for any n ("{n} sections", "section(s)"). */
const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** spec 2 §8 texts with numbers in them. */
export const videoCreditsNeeded = (credits: number, sections: number) =>
  `Insufficient credits. You need ${counted(credits, 'credit')} to generate ${counted(sections, 'video section')}. Please upgrade your plan.`;
export const videoStarted = (jobId: string) => `Video generation started! Job ID: ${jobId}`;
export const videosGenerated = (n: number) => `Videos generated successfully for ${counted(n, 'section')}!`;
export const videosPartial = (n: number) => `Partial success: ${counted(n, 'video')} generated successfully!`;
export const videoFailed = (error?: string | null) => `Video generation failed: ${error || 'Unknown error'}`;
export const sectionFailed = (error?: string | null) => `Failed to generate this section: ${error || 'Unknown error'}`;
