import fs from 'node:fs/promises';
import {
  AD_FORMATS,
  adjustVideoSettings,
  FASTEST_SPEECH_WORDS_PER_SECOND,
  indexOfWord,
  lipsyncDurationFor,
  MAX_VIDEO_SECTIONS,
  Messages,
  parseJobClipPath,
  planLimitsFor,
  PRODUCT_SHOT_SECONDS,
  PRODUCT_SPEECH_TAIL_S,
  sectionImageFailed,
  sectionImageInvalid,
  SPEECH_WORDS_PER_SECOND,
  VIDEO_MODELS,
  VIDEO_RENDER_SIZES,
  type GenerateAnimationFields,
  type GenerateVideoFields,
  type JobView,
  type SectionVoice,
  type VideoSectionInput,
  type WordTiming,
} from '@studio/contracts';
import type { z } from 'zod';
import type { MediaEngine, MouthCue } from '@studio/media';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { JobEngine } from './engine.ts';
import { AppError, forbidden, invalidRequest, notFound } from '../../errors.ts';
import { fileExtension, keepMouthCues, keepWords } from '../assets/files.ts';
import { ownAudioAt, ownFileAt } from '../assets/own-media.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { mediaFailure } from '../images/engine-call.ts';
import { getUsageCounts } from '../plans/usage.ts';
import { getOrCreateProfile } from '../profiles.ts';
import { probeAudioBytes } from '../uploads/audio.ts';
import { IMAGE_UPLOAD_RULE, type UploadedFile, type UploadSpec } from '../uploads/gate.ts';
import { acceptImage } from '../uploads/images.ts';
import type { MusicService } from '../music/service.ts';
import { resolveVoice } from '../voices/library.ts';
import { createJob, endJob, jobSpecOf, prepareRetry, timeOut } from './jobs.ts';
import {
  clipsByKey,
  getOwnJob,
  getOwnJobWithSections,
  newJobId,
  ownClip,
  sectionPosterKey,
  workflowIdOf,
  type AdSettings,
  type JobRow,
  type JobSettings,
  type NewJob,
  type NewSection,
  type NewVariant,
  type ReusableClip,
} from './store.ts';
import { renderKeyOf } from './render-key.ts';
import { adCaptionsFile, adWebVtt, jobView, mayWaitForRenderer, webVtt, WHOLE_CAPTIONS } from './views.ts';
import { queuePositionOf } from '../workers/store.ts';

/**
 * Video jobs as the API offers them (spec 2 §7): a multi-section video or an animation checked
 * against the section rules and the plan, stored and started; a job read (timed out first when past
 * its 30 minutes), cancelled, retried, and its files. The routes parse and answer; the rules are here.
 */
/** A section's image is sent as `image_<index>` (its place in `sections`), or named by `imageUrl`. */
export const SECTION_IMAGES: UploadSpec = {
  files: Object.fromEntries(Array.from({ length: MAX_VIDEO_SECTIONS }, (_, i) => [`image_${i}`, IMAGE_UPLOAD_RULE])),
  maxFieldsBytes: 256 * 1024,
};
export const ANIMATION_IMAGE: UploadSpec = { files: { image: IMAGE_UPLOAD_RULE }, maxFieldsBytes: 8 * 1024 };
interface PreparedSection extends NewSection {
  /** What the editor said of the section's last video (`isCached` / `cachedVideoUrl`). */
  cached?: string | null;
  image: Buffer;
  audio: Buffer | null;
  /** When each mouth shape is made in the audio, if the local engine spoke it. */
  mouthCues?: MouthCue[];
  /** When each word is said in the audio, if its voice or an alignment said so. */
  words?: WordTiming[];
  /** Seconds the section lasts (measured audio, or its script's speaking time), for the plan's longest video. */
  lengthS: number;
  /** The section's own voice, when it chose one. */
  voice?: SectionVoice;
  /** A product section's shot (its image is the product's photo). */
  shot?: NonNullable<JobSettings['productShots']>[string];
}

/**
 * A finished ad's options, when the request asks for one (any of its fields); a request without
 * them joins its sections as before. Formats default to the job's own; tight cuts are on unless
 * turned off.
 */
function adSettingsOf(fields: z.infer<typeof GenerateVideoFields>, aspectRatio: string): AdSettings | undefined {
  const { captionStyle, formats, tightCuts, music, endCard } = fields;
  // Product shots and cards are parts of an ad: a job with them is finished as one.
  const productParts = fields.sections.some((s) => s.kind === 'product' || s.productOverlay);
  if (!productParts && [captionStyle, formats, tightCuts, music, endCard].every((field) => field === undefined)) return undefined;
  const own = AD_FORMATS.find((f) => f === aspectRatio) ?? AD_FORMATS[0];
  return { formats: formats ?? [own], captionStyle: captionStyle ?? 'none', tightCuts: tightCuts ?? true, endCard: endCard ?? false };
}

/**
 * The URL of a section's approved audio (spec 2 §4: the first approved block's, or the section's own).
 * The duration the editor sends with it is not read: the server measures the audio (a sent duration could undercount the credits).
 */
/** The words a section speaks, when its script is on. */
const scriptOf = (section: VideoSectionInput): string | null =>
  section.scriptEnabled
    ? section.scriptBlocks
        .map((b) => b.text.trim())
        .filter(Boolean)
        .join(' ') || null
    : null;

function approvedAudioUrl(section: VideoSectionInput): string | null {
  const block = section.scriptBlocks.find((b) => b.audioStatus === 'approved' && b.audioUrl && b.text.trim());
  if (block) return block.audioUrl!;
  if (section.audioUrl && (section.audioStatus === 'approved' || section.audioStatus === 'generated')) return section.audioUrl;
  return null;
}

export interface VideoDeps {
  db: Db;
  config: Pick<Config, 'appUrl' | 'videoParallelism'>;
  media: MediaEngine;
  objects: ObjectStore;
  jobs: JobEngine;
  logger: Logger;
  /** Where an ad's music comes from (checked before anything is charged). */
  music: Pick<MusicService, 'musicFor'>;
}
type Caller = { id: string; email: string };
type Files = Record<string, UploadedFile | undefined>;

export function createVideoService({ db, config, media, objects, jobs, logger, music }: VideoDeps) {
  const own = { db, objects, appUrl: config.appUrl };

  /** The caller's job as it is now, with its sections; one past its 30 minutes is timed out first (spec 2 §9). */
  const current = async (userId: string, jobId: string) => {
    const read = await getOwnJobWithSections(db, userId, jobId);
    if (read.job.status !== 'IN_PROGRESS' || read.job.deadline_at.getTime() >= Date.now()) return read;
    await timeOut(db, read.job, (id) => jobs.cancel(id), logger);
    return getOwnJobWithSections(db, userId, jobId);
  };
  const currentView = async (userId: string, jobId: string): Promise<JobView> => {
    const { job, sections, variants } = await current(userId, jobId);
    // Waiting for a renderer: read from DBOS's queues (Temporal's task queue is not read here), and
    // only for a job whose rows say it may wait (job-status is polled: a rendering job asks nothing more).
    const waiting = jobs.name === 'dbos' && mayWaitForRenderer(job, sections) ? await queuePositionOf(db, workflowIdOf(job)) : null;
    return jobView(job, sections, variants, waiting);
  };

  /** Spec 1 §9: videos a month (a job of hook variants asks for `videos` of them) and the longest video of the caller's plan. */
  const assertPlanAllows = async (user: { id: string; email: string }, lengthS: number, videos = 1) => {
    const profile = await getOrCreateProfile(db, user);
    const limits = planLimitsFor(profile.subscription_tier);
    const { videosThisMonth } = await getUsageCounts(db, user.id);
    if (videosThisMonth + videos > limits.videosPerMonth) throw forbidden(Messages.videoMonthlyLimit);
    if (lengthS > limits.maxVideoLength) throw invalidRequest(Messages.videoTooLong, { maxVideoLength: limits.maxVideoLength });
  };

  /** Starts the job's current run; if the engine cannot take it, nothing runs: the job ends FAILED, every section refunded. */
  const startRun = async (job: JobRow, inputs: () => Promise<void> = async () => undefined) => {
    try {
      await inputs();
      await jobs.start({ ...(await jobSpecOf(db, job)), parallelism: config.videoParallelism }, workflowIdOf(job));
    } catch (error) {
      logger.error({ err: error, jobId: job.id }, 'video job could not start');
      await endJob(db, job.id, 'FAILED');
      throw new AppError(503, 'upstream_failed', Messages.failedToStartVideo);
    }
  };

  /** Creates the job (credits reserved), stores its inputs, and starts its workflow. */
  const launch = async (job: NewJob, sections: PreparedSection[], inputs: { key: string; bytes: Buffer }[] = []): Promise<void> => {
    await createJob(db, job);
    await startRun(await getOwnJob(db, job.userId, job.id), async () => {
      for (const input of inputs) await objects.put(input.key, input.bytes);
      for (const s of sections) {
        // A reused section is its clip: its inputs are the clip's, already stored.
        if (s.reusedFrom) continue;
        await objects.put(s.imageKey, s.image);
        if (s.audio && s.audioKey) {
          await objects.put(s.audioKey, s.audio);
          await keepMouthCues(objects, s.audioKey, s.mouthCues);
          await keepWords(objects, s.audioKey, s.words);
        }
      }
    });
  };

  /** A section's approved audio (one of the caller's audio assets) and its measured length; none without a URL. */
  const approvedAudio = async (userId: string, url: string | null) => {
    if (!url) return { approved: null, audioS: null };
    const approved = await ownAudioAt(own, userId, url);
    if (!approved) throw invalidRequest(Messages.videoIncomplete);
    const audioS = await probeAudioBytes(approved.audio);
    if (audioS === null) throw invalidRequest(Messages.audioUnreadable);
    return { approved, audioS };
  };

  /**
   * A product section: the product's photo (sent as the section's image, or one of the caller's
   * images), its set and camera move, and its script spoken over it (approved audio as is, or said
   * by the job in the section's voice). The shot lasts what the user chose, longer when its speech
   * needs it, and never more than 8 s.
   */
  const productSection = async (
    userId: string,
    jobId: string,
    section: VideoSectionInput,
    name: string,
    file: UploadedFile | undefined,
    jobSpeed: number,
  ): Promise<PreparedSection> => {
    const url = section.productImageUrl ?? section.imageUrl;
    const bytes = file ? await fs.readFile(file.path) : url ? await ownFileAt(own, userId, url, 'image') : null;
    if (!bytes) throw invalidRequest(url ? Messages.imageNotYours : Messages.productShotNoPhoto);
    const image = await acceptImage(bytes, sectionImageInvalid(name));
    const script = scriptOf(section);
    const { approved, audioS } = await approvedAudio(userId, script ? approvedAudioUrl(section) : null);
    const speed = section.voice?.speed ?? jobSpeed;
    const spokenS = script ? (audioS ?? script.split(/\s+/).length / (SPEECH_WORDS_PER_SECOND * speed)) : 0;
    const lengthS = Math.max(section.duration, script ? Math.ceil(spokenS + PRODUCT_SPEECH_TAIL_S) : 0);
    if (lengthS > PRODUCT_SHOT_SECONDS.max) throw invalidRequest(Messages.productShotSpeechTooLong);
    return {
      id: section.id,
      name,
      imageKey: `jobs/${jobId}/${section.id}/product.${fileExtension(image.mime)}`,
      audioKey: approved ? `jobs/${jobId}/${section.id}/audio.mp3` : null,
      image: image.data,
      audio: approved?.audio ?? null,
      mouthCues: approved?.mouthCues,
      words: approved?.words,
      script,
      videoPrompt: '',
      captions: (section.captions ?? true) && Boolean(script),
      targetDuration: lengthS,
      lengthS,
      voice: section.voice,
      shot: { scene: section.scene, motion: section.motion },
      renderKey: null,
      cached: section.isCached ? (section.cachedVideoUrl ?? null) : null,
    };
  };

  /**
   * Issue 40 §1: a section whose render key matches a clip the caller made before (and still has)
   * is that clip — rendered and charged nothing. The clip the editor names (`cachedVideoUrl`) is
   * taken when it is the caller's and its key still matches; otherwise, or when none is named, the
   * caller's newest clip with the key. Keys name their owner, and only the caller's jobs are read.
   */
  const reuseClips = async (userId: string, sections: PreparedSection[]) => {
    const stillThere = async (clip: ReusableClip | null | undefined) => Boolean(clip?.video_key && (await objects.exists(clip.video_key)));
    const byKey = await clipsByKey(
      db,
      userId,
      sections.flatMap((s) => (s.renderKey ? [s.renderKey] : [])),
    );
    for (const section of sections) {
      if (!section.renderKey) continue;
      const named = section.cached ? parseJobClipPath(section.cached) : null;
      const hinted = named ? await ownClip(db, userId, named.jobId, named.sectionId) : null;
      let clip: ReusableClip | undefined = hinted?.render_key === section.renderKey && (await stillThere(hinted)) ? hinted : undefined;
      for (const candidate of clip ? [] : (byKey.get(section.renderKey) ?? [])) {
        if (await stillThere(candidate)) {
          clip = candidate;
          break;
        }
      }
      if (!clip) continue;
      section.reusedFrom = clip;
      section.imageKey = clip.image_key;
      section.audioKey = clip.audio_key;
      section.targetDuration = Number(clip.target_duration);
    }
  };

  /**
   * Hook variants (issue 40 §2): each names sections of the request, in the order it plays them. A
   * variant that would miss one of its sections (incomplete, so not made) is left out; at least one
   * must remain. Answers the variants, labelled ("Hook 1"… when the editor sent none).
   */
  const variantsOf = (fields: z.infer<typeof GenerateVideoFields>, prepared: PreparedSection[]): NewVariant[] | undefined => {
    if (!fields.variants) return undefined;
    const sent = new Set(fields.sections.map((s) => s.id));
    if (fields.variants.some((v) => v.sections.some((id) => !sent.has(id)))) throw invalidRequest(Messages.videoVariantsInvalid);
    const made = new Set(prepared.map((s) => s.id));
    const variants = fields.variants
      .map((v, i) => ({ id: v.id, label: v.label || `Hook ${i + 1}`, sections: v.sections }))
      .filter((v) => v.sections.every((id) => made.has(id)));
    if (variants.length === 0) throw invalidRequest(Messages.videoIncomplete);
    return variants;
  };

  /** spec 2 §7: checks the sections against the rules and the plan, reserves their credits and starts the job. */
  async function startVideo(user: Caller, fields: z.infer<typeof GenerateVideoFields>, files: Files): Promise<string> {
    const model = VIDEO_MODELS[fields.videoModel];
    const { aspectRatio, duration } = adjustVideoSettings(fields.videoModel, {
      aspectRatio: fields.aspectRatio,
      duration: fields.videoDuration ?? model.durations[0],
    });
    const jobId = newJobId();
    const ad = adSettingsOf(fields, aspectRatio);
    let prepared: PreparedSection[] = [];
    // Files the job reads besides the sections' own (a product card's photo, an uploaded music bed).
    const inputs: { key: string; bytes: Buffer }[] = [];
    const productCards: NonNullable<JobSettings['productCards']> = {};
    for (const [index, section] of fields.sections.entries()) {
      const name = section.name || `Section ${index + 1}`;
      if (!/^[\w-]+$/.test(section.id)) throw invalidRequest(Messages.videoSectionsInvalid);
      const file: UploadedFile | undefined = files[`image_${index}`];
      if (section.kind === 'product') {
        prepared.push(await productSection(user.id, jobId, section, name, file, fields.speed));
        continue;
      }
      const imageBytes = file
        ? await fs.readFile(file.path)
        : section.imageUrl
          ? await ownFileAt(own, user.id, section.imageUrl, 'image')
          : null;
      if (section.imageUrl && !file && !imageBytes) throw invalidRequest(sectionImageFailed(name));
      const script = scriptOf(section);
      const audio = section.scriptEnabled && !model.builtInAudio ? approvedAudioUrl(section) : null;
      // spec 2 §5: a section counts with an image, and when it speaks, with approved audio (veo3 speaks itself).
      const complete = imageBytes && (!section.scriptEnabled || model.builtInAudio ? true : audio !== null);
      if (!complete) continue;
      if (section.productOverlay) {
        const { productImageUrl, atWord } = section.productOverlay;
        if (!script || indexOfWord(script.split(/\s+/), atWord) < 0) throw invalidRequest(Messages.productCardWordMissing);
        const photo = await ownFileAt(own, user.id, productImageUrl, 'image');
        if (!photo) throw invalidRequest(Messages.imageNotYours);
        const card = await acceptImage(photo, sectionImageInvalid(name));
        const imageKey = `jobs/${jobId}/${section.id}/card.${fileExtension(card.mime)}`;
        inputs.push({ key: imageKey, bytes: card.data });
        productCards[section.id] = { imageKey, atWord };
      }
      const image = await acceptImage(imageBytes, sectionImageInvalid(name));
      const { approved, audioS } = await approvedAudio(user.id, audio);
      const audioBytes = approved?.audio ?? null;
      const words = script ? script.split(/\s+/).length : 0;
      const speaks = Boolean(audioBytes || (script && model.builtInAudio));
      const spokenS = audioS ?? words / SPEECH_WORDS_PER_SECOND;
      const targetDuration = speaks ? lipsyncDurationFor(spokenS) : (section.videoDuration ?? duration);
      // Its captions need the time to say the script even at the fastest voice: a long script on short audio is long.
      const lengthS = speaks ? Math.max(spokenS, words / FASTEST_SPEECH_WORDS_PER_SECOND, 1) : targetDuration;
      prepared.push({
        id: section.id,
        name,
        imageKey: `jobs/${jobId}/${section.id}/image.${fileExtension(image.mime)}`,
        audioKey: audioBytes ? `jobs/${jobId}/${section.id}/audio.mp3` : null,
        image: image.data,
        audio: audioBytes,
        mouthCues: approved?.mouthCues,
        words: approved?.words,
        // Approved audio is spoken as is; otherwise (veo3) the script is spoken. It also gives the captions.
        script,
        videoPrompt: section.videoPrompt.trim() || model.defaultPrompt,
        captions: (section.captions ?? ad !== undefined) && Boolean(script),
        targetDuration,
        lengthS,
        voice: section.voice,
        renderKey: null,
        cached: section.isCached ? (section.cachedVideoUrl ?? null) : null,
      });
    }
    if (prepared.length === 0) throw invalidRequest(Messages.videoIncomplete);
    if (new Set(prepared.map((s) => s.id)).size !== prepared.length) throw invalidRequest(Messages.videoSectionsInvalid);
    const variants = variantsOf(fields, prepared);
    // With variants, only the sections a variant plays are made.
    if (variants) prepared = prepared.filter((s) => variants.some((v) => v.sections.includes(s.id)));
    // The job speaks each script that has no approved audio, in its section's voice or the job's: each
    // must be one the caller may use (another user's clone is refused here, before any credit is
    // reserved).
    const spokenVoices = new Set(prepared.filter((s) => s.script && !s.audio).map((s) => s.voice?.voiceId ?? fields.voiceId));
    for (const voiceId of spokenVoices) {
      const voice = await resolveVoice(db, media.speech, user.id, voiceId).catch((error: unknown) => {
        throw mediaFailure(error, Messages.voiceValidateFailed);
      });
      if (!voice) throw notFound(Messages.voiceIdNotFound);
    }
    const sectionVoices = Object.fromEntries(prepared.flatMap((s) => (s.voice ? [[s.id, s.voice] as const] : [])));
    const lengthOf = (ids: string[]) => ids.reduce((n, id) => n + (prepared.find((s) => s.id === id)?.lengthS ?? 0), 0);
    // The plan's longest video holds for each video the job makes.
    await assertPlanAllows(
      user,
      variants ? Math.max(...variants.map((v) => lengthOf(v.sections))) : lengthOf(prepared.map((s) => s.id)),
      variants?.length ?? 1,
    );
    await assertStorageAvailable(db, user.id);
    const size = VIDEO_RENDER_SIZES[aspectRatio]!;
    // What each clip is made from (its render key), then the caller's clips of the same keys.
    for (const s of prepared) {
      const voice = s.voice ?? {
        voiceId: fields.voiceId,
        stability: fields.stability,
        similarityBoost: fields.similarityBoost,
        speed: fields.speed,
      };
      s.renderKey = renderKeyOf({
        userId: user.id,
        kind: s.shot ? 'product' : 'talking',
        model: fields.videoModel,
        videoProvider: media.video.provider,
        speechProvider: media.speech.name,
        ...size,
        targetDuration: s.targetDuration,
        image: s.image,
        audio: s.audio,
        script: s.script,
        voice: s.script && !s.audio ? voice : null,
        videoPrompt: s.videoPrompt,
        // A plain job burns captions into the clip; a finished ad captions its whole timeline instead.
        burnedCaptions: s.captions && !ad,
        shot: s.shot ? { ...s.shot, formats: (ad?.formats ?? []).filter((f) => f !== aspectRatio) } : null,
      });
    }
    await reuseClips(user.id, prepared);
    const productShots = Object.fromEntries(prepared.flatMap((s) => (s.shot ? [[s.id, s.shot] as const] : [])));
    // The ad's music is checked (a bed of the library, or the caller's own upload) before anything is charged.
    if (ad && fields.music) {
      const chosen = await music.musicFor(user.id, fields.music);
      if (typeof chosen.music === 'string') ad.music = { trackId: fields.music.trackId!, volume: chosen.volume };
      else {
        ad.music = { key: `jobs/${jobId}/music`, volume: chosen.volume };
        inputs.push({ key: ad.music.key, bytes: chosen.music });
      }
    }
    await launch(
      {
        id: jobId,
        userId: user.id,
        projectId: fields.projectId ?? null,
        kind: 'multi_section',
        model: fields.videoModel,
        aspectRatio,
        ...size,
        settings: {
          voiceId: fields.voiceId,
          stability: fields.stability,
          similarityBoost: fields.similarityBoost,
          speed: fields.speed,
          sectionVoices,
          ...(ad && { ad }),
          ...(Object.keys(productShots).length > 0 && { productShots }),
          ...(Object.keys(productCards).length > 0 && { productCards }),
        },
        engine: jobs.name,
        sections: prepared,
        ...(variants && { variants }),
      },
      prepared,
      inputs,
    );
    return jobId;
  }

  /** One image animated into a gallery video (one section, camera motion). */
  async function startAnimation(user: Caller, fields: z.infer<typeof GenerateAnimationFields>, files: Files): Promise<string> {
    const bytes = files.image
      ? await fs.readFile(files.image.path)
      : fields.imageUrl
        ? await ownFileAt(own, user.id, fields.imageUrl, 'image')
        : null;
    if (!bytes) throw invalidRequest(fields.imageUrl ? Messages.imageNotYours : Messages.imageTypeInvalid);
    const image = await acceptImage(bytes, Messages.imageTypeInvalid);
    await assertPlanAllows(user, fields.duration);
    await assertStorageAvailable(db, user.id);
    const jobId = newJobId();
    const section: PreparedSection = {
      id: 'animation',
      name: 'Animation',
      imageKey: `jobs/${jobId}/animation/image.${fileExtension(image.mime)}`,
      audioKey: null,
      image: image.data,
      audio: null,
      script: null,
      videoPrompt: fields.prompt,
      captions: false,
      targetDuration: fields.duration,
      lengthS: fields.duration,
      // An animation is not a section of a video: never reused.
      renderKey: null,
    };
    await launch(
      {
        id: jobId,
        userId: user.id,
        projectId: null,
        kind: 'animation',
        model: 'animation',
        aspectRatio: fields.aspectRatio,
        ...VIDEO_RENDER_SIZES[fields.aspectRatio]!,
        settings: { voiceId: '', stability: 0, similarityBoost: 0, speed: 1, prompt: fields.prompt },
        engine: jobs.name,
        sections: [section],
      },
      [section],
    );
    return jobId;
  }

  /** Cancels a running job: its unfinished sections end and are refunded, then its workflow is cancelled. */
  async function cancel(userId: string, jobId: string): Promise<JobView> {
    const { job } = await current(userId, jobId);
    if (!(await endJob(db, job.id, 'CANCELLED'))) throw new AppError(409, 'conflict', Messages.jobNotCancellable);
    await jobs
      .cancel(workflowIdOf(job))
      .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'cancelling the workflow failed'));
    return currentView(userId, job.id);
  }

  /** Runs again the sections that did not complete (charged anew, unless support retries it `free`); answers the job id. */
  async function retry(userId: string, jobId: string, options: { free?: boolean } = {}): Promise<string> {
    await current(userId, jobId);
    const job = await prepareRetry(db, userId, jobId, options);
    await startRun(job);
    return job.id;
  }

  /**
   * A finished section's clip (`<section>.mp4`), its poster (`<section>.jpg`), its captions (`<section>.vtt`) or the whole video's
   * (`video.captions.vtt`), to the job's owner only.
   */
  async function jobFile(userId: string, jobId: string, file: string) {
    // The whole video's captions and an ad format's have names no section id can take (ids are letters, digits, - and _).
    const variantFormat = /^ad\.[\w-]+\.\d+x\d+\.vtt$/.test(file);
    const match = file === WHOLE_CAPTIONS || variantFormat ? [file, null, 'vtt'] : /^([\w-]+)\.(mp4|vtt|jpg)$/.exec(file);
    if (!match) throw notFound();
    const { job, sections, variants } = await getOwnJobWithSections(db, userId, jobId);
    // A variant's finished ad's captions, in one of its formats.
    if (variantFormat) {
      const own = variants.flatMap((v) => (v.ad_formats ?? []).filter((f) => adCaptionsFile(f.aspectRatio, v.variant_id) === file));
      if (!own[0]) throw notFound();
      return { type: 'text/vtt', body: adWebVtt(job, own[0]) } as const;
    }
    const formats = job.ad_formats ?? [];
    // A finished ad's captions follow its cut timeline: the whole video's are its first format's.
    const format = match[1] === null ? formats[0] : formats.find((f) => adCaptionsFile(f.aspectRatio) === file);
    if (format) return { type: 'text/vtt', body: adWebVtt(job, format) } as const;
    const finished = sections.filter((s) => s.status === 'COMPLETED' && s.video_key);
    if (match[2] === 'vtt') {
      // A job with variants: the whole video is its first variant made, its sections in its order.
      const main = variants.find((v) => v.asset_id && v.asset_id === job.asset_id);
      const whole = main ? main.section_ids.flatMap((id) => finished.filter((s) => s.section_id === id)) : finished;
      const rows = match[1] === null ? whole : finished.filter((s) => s.section_id === match[1]);
      if (rows.length === 0) throw notFound();
      return { type: 'text/vtt', body: webVtt(rows) } as const;
    }
    const section = finished.find((s) => s.section_id === match[1]);
    if (section && match[2] === 'jpg') return { type: 'image/jpeg', body: await sectionPoster(section.video_key!) } as const;
    const opened = section ? await objects.open(section.video_key!) : null;
    if (!opened) throw notFound();
    return { type: 'video/mp4', body: opened.stream, size: opened.size } as const;
  }

  /** A section clip's poster frame; a clip finished before posters were kept gets one made now. */
  async function sectionPoster(videoKey: string): Promise<Buffer> {
    const key = sectionPosterKey(videoKey);
    const kept = await objects.read(key);
    if (kept) return kept;
    const clip = await objects.read(videoKey);
    if (!clip) throw notFound();
    const poster = await media.video.posterFrame(clip);
    await objects.put(key, poster);
    return poster;
  }

  return { current, currentView, startVideo, startAnimation, cancel, retry, jobFile };
}
export type VideoService = ReturnType<typeof createVideoService>;
