/**
 * The video job's activities over the studio's parts (media engine, object store, ledger, job
 * rows). Each is idempotent for its (job, section): outputs go to fixed keys under
 * `jobs/<job>/<section>/`, the asset is created once per run, refunds are flagged and keyed.
 * A media failure becomes a StepError of the matching kind, so the engine retries only what a
 * retry can fix.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  DEFAULT_VOICE_SETTINGS,
  indexOfWord,
  LIPSYNC_TAIL_S,
  Messages,
  PRODUCT_CARD_S,
  PRODUCT_SHOT_SECONDS,
  PRODUCT_SPEECH_TAIL_S,
  VIDEO_RENDER_SIZES,
  type AdFormat,
} from '@studio/contracts';
import { isMediaError, spreadWords, type MediaEngine, type WordTiming } from '@studio/media';
import { StepError, type SectionSpec, type VideoActivities } from '@studio/workflows';
import type { Db } from '../../db/index.ts';
import { timeStep } from '../../metrics.ts';
import { inSpan } from '../../tracing.ts';
import { keepMouthCues, keepWords, readMouthCues, readWords, saveVideoAsset } from '../assets/files.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { endCardOf } from '../brand-kit/service.ts';
import { libraryBed } from '../music/service.ts';
import { findBrandKit } from '../brand-kit/store.ts';
import { probeAudioBytes } from '../uploads/audio.ts';
import { readImageData } from '../uploads/images.ts';
import { resolveVoice } from '../voices/library.ts';
import {
  adFormatOutcome,
  finishJob,
  getJob,
  getVariant,
  markStep,
  noteSection,
  recordSection,
  sectionPosterKey,
  sectionsOf,
  type AdSettings,
  type JobRow,
  type SectionRow,
  type StoredAdFormat,
  type VariantRow,
} from './store.ts';
import { refundFormats, refundSection } from './jobs.ts';
import { shotSeedOf } from './render-key.ts';

export interface ActivityDeps {
  db: Db;
  objects: ObjectStore;
  media: MediaEngine;
}

/** A media failure as the orchestration understands it. */
function asStepError(error: unknown): unknown {
  if (error instanceof StepError) return error;
  if (isMediaError(error)) {
    const kind = error.kind === 'bad_input' ? 'bad_input' : error.kind === 'timeout' ? 'timeout' : 'transient';
    return new StepError(kind, error.message);
  }
  // Our own input checks (an image that does not decode) say so with a 4xx AppError.
  if (error instanceof Error && (error as { status?: number }).status === 400) return new StepError('bad_input', error.message);
  return error;
}

const LOCAL_VIDEO_MODEL = 'local/ffmpeg-video';
/** A stored input (an image, audio, a rendered clip) is gone: only starting the video again brings it back. */
const INPUT_MISSING = 'An input of this section is missing. Please start the video again.';
/** The speech the job made for a section that had no approved audio. */
const SPOKEN_AUDIO = 'speech.mp3';
const sectionKey = (jobId: string, sectionId: string, file: string) => `jobs/${jobId}/${sectionId}/${file}`;
/**
 * A file made with a section's clip, beside it: the clip's folder is the section's of the job that
 * rendered it, which for a reused clip is another job's.
 */
const besideClip = (clipKey: string, file: string) => clipKey.replace(/[^/]+$/, file);
/** A product shot drawn at an ad format's own size (the job's own is the section's clip). */
const productFormatFile = (format: string) => `shot-${format.replace(':', 'x')}.mp4`;
/** The product as a product shot cut it out (for the end card). */
const PRODUCT_CUTOUT = 'cutout.png';
/** One set per section, the same in every format and on every retry (and for a job before render keys, by its job). */
const shotSeed = (jobId: string, sectionId: string, renderKey: string | null) =>
  renderKey ? shotSeedOf(renderKey) : createHash('sha256').update(`${jobId}/${sectionId}`).digest().readUInt32BE(0);
/** What a variant's gallery assets say of it, so the gallery shows a job's variants under the job. */
const variantTag = (v: VariantRow) => ({ id: v.variant_id, label: v.label, position: v.position });

export function createActivities({ db, objects, media }: ActivityDeps): VideoActivities {
  const jobOf = async (jobId: string): Promise<JobRow> => {
    const job = await getJob(db, jobId);
    if (!job) throw new StepError('bad_input', Messages.jobNotFound);
    return job;
  };
  const read = async (key: string): Promise<Buffer> => {
    const bytes = await objects.read(key);
    if (!bytes) throw new StepError('bad_input', INPUT_MISSING);
    return bytes;
  };
  const image = async (section: SectionSpec) =>
    readImageData(await read(section.image), Messages.imageTypeInvalid).catch(() => {
      throw new StepError('bad_input', `Invalid image data for section ${section.name}`);
    });
  // Each step is timed in `studio_job_step_duration_seconds` under its name, traced as a span, and
  // its errors say whether a retry can help.
  const guarded =
    <A extends [jobId: string, ...rest: unknown[]], R>(step: string, work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const [jobId, second] = args;
      const section = (second as Partial<SectionSpec> | undefined)?.id;
      try {
        return await inSpan(
          `job step ${step}`,
          { 'studio.job.id': jobId, ...(typeof section === 'string' && { 'studio.section.id': section }) },
          () => timeStep(step, () => work(...args)),
        );
      } catch (error) {
        throw asStepError(error);
      }
    };
  /**
   * When each word of a section is said, in its clip's time: as its voice or an alignment reported
   * them, else its script spread over its speech (a clip lasts its speech + 3 s); none when silent.
   */
  const wordsOf = async (jobId: string, row: SectionRow, durationS: number): Promise<WordTiming[]> => {
    const spoken = row.video_key ? besideClip(row.video_key, SPOKEN_AUDIO) : sectionKey(jobId, row.section_id, SPOKEN_AUDIO);
    const audio = row.audio_key ?? (row.script ? spoken : null);
    const kept = audio ? await readWords(objects, audio) : undefined;
    if (kept?.length) return kept;
    return row.script && row.has_audio ? spreadWords(row.script, Math.max(1, durationS - LIPSYNC_TAIL_S)) : [];
  };
  /** An ad's music: a library bed's file (made if this checkout has not built it yet), or the upload kept with the job. */
  const musicOf = async (music: NonNullable<AdSettings['music']>) => {
    if ('key' in music) return { audio: await read(music.key), volume: music.volume, seamlessLoop: false };
    const bed = await libraryBed(music.trackId);
    if (!bed) throw new StepError('bad_input', Messages.musicTrackNotFound);
    // The beds end on a bar line: they loop without a crossfade.
    return { audio: bed, volume: music.volume, seamlessLoop: true };
  };
  const sectionRow = (jobId: string, sectionId: string) =>
    db('video_sections')
      .where({ job_id: jobId, section_id: sectionId })
      .first<{ target_duration: number; video_duration: number | null; render_key: string | null }>();
  const variantOf = async (jobId: string, variantId: string): Promise<VariantRow> => {
    const variant = await getVariant(db, jobId, variantId);
    if (!variant) throw new StepError('bad_input', Messages.jobNotFound);
    return variant;
  };

  return {
    speak: guarded('speak', async (jobId, section) => {
      await markStep(db, jobId, section.id, 'audio');
      const job = await jobOf(jobId);
      // The section's own voice (spec 2 §2), or the job's.
      const chosen = job.settings.sectionVoices?.[section.id] ?? job.settings;
      const voice = await resolveVoice(db, media.speech, job.user_id, chosen.voiceId);
      if (!voice) throw new StepError('bad_input', Messages.voiceIdNotFound);
      const spoken = await media.speech.textToSpeech({
        text: section.script ?? '',
        voice: voice.speech,
        settings: {
          stability: chosen.stability,
          similarityBoost: chosen.similarityBoost,
          speed: chosen.speed,
          style: DEFAULT_VOICE_SETTINGS.style,
          useSpeakerBoost: DEFAULT_VOICE_SETTINGS.useSpeakerBoost,
        },
      });
      const key = sectionKey(jobId, section.id, SPOKEN_AUDIO);
      await objects.put(key, spoken.audio);
      await keepMouthCues(objects, key, spoken.mouthCues);
      await keepWords(objects, key, spoken.words);
      return key;
    }),

    animate: guarded('animate', async (jobId, section) => {
      await markStep(db, jobId, section.id, 'video');
      const spoken = Boolean(section.audio || section.script);
      // The local talking head moves the still itself while it speaks: lip-sync renders it in one pass.
      if (spoken && media.video.speaksFromStill) return section.image;
      const job = await jobOf(jobId);
      const row = await sectionRow(jobId, section.id);
      const model = job.model === 'veo3' ? 'veo3' : 'seedance';
      const clip = await media.video.imageToVideo({
        image: await image(section),
        // veo3 speaks the script itself.
        prompt: model === 'veo3' && section.script ? `${section.videoPrompt}. The person says: "${section.script}"` : section.videoPrompt,
        model,
        aspectRatio: job.aspect_ratio,
        durationS: Number(row?.target_duration ?? 5),
        width: job.width,
        height: job.height,
      });
      const key = sectionKey(jobId, section.id, 'clip.mp4');
      // Every clip ends in one size and format with a sound track (silent if none), so sections join.
      const joinable =
        clip.provider === 'local'
          ? await media.video.withSilence(clip.video)
          : await media.video.normalize(clip.video, job.width, job.height);
      await objects.put(key, joinable);
      await noteSection(db, jobId, section.id, { video_duration: clip.durationS, has_audio: spoken || model === 'veo3' });
      return key;
    }),

    lipSync: guarded('lipSync', async (jobId, section, video, audio) => {
      await markStep(db, jobId, section.id, 'lipsync');
      const job = await jobOf(jobId);
      // A hosted veo3 clip already speaks (built-in audio, kept by the video step).
      if (job.model === 'veo3' && !media.video.speaksFromStill) return video;
      const row = await sectionRow(jobId, section.id);
      const clip = await media.video.lipSync({
        image: await image(section),
        // Locally the still is what moves (the video step passed it on); a hosted model syncs the clip.
        video: media.video.speaksFromStill ? Buffer.alloc(0) : await read(video),
        audio: await read(audio),
        width: job.width,
        height: job.height,
        durationS: Number(row?.target_duration ?? 5),
        // The local engine's own speech says when each mouth shape is made; otherwise the script guides hearing them.
        mouthCues: await readMouthCues(objects, audio),
        script: section.script ?? undefined,
      });
      const key = sectionKey(jobId, section.id, 'synced.mp4');
      await objects.put(key, clip.provider === 'local' ? clip.video : await media.video.normalize(clip.video, job.width, job.height));
      await noteSection(db, jobId, section.id, { video_duration: clip.durationS, has_audio: true });
      return key;
    }),

    productShot: guarded('productShot', async (jobId, section, audio) => {
      await markStep(db, jobId, section.id, 'video');
      const job = await jobOf(jobId);
      const shot = job.settings.productShots?.[section.id];
      if (!shot) throw new StepError('bad_input', INPUT_MISSING);
      const productImage = await read(section.image);
      const speech = audio ? await read(audio) : null;
      const row = await sectionRow(jobId, section.id);
      // As long as chosen, or as its speech needs (the voice may speak slower than it was timed for), up to 8 s.
      const spokenS = speech ? ((await probeAudioBytes(speech)) ?? 0) : 0;
      const chosenS = Number(row?.target_duration ?? PRODUCT_SHOT_SECONDS.default);
      const durationS = Math.min(PRODUCT_SHOT_SECONDS.max, Math.max(chosenS, Math.ceil(spokenS + PRODUCT_SPEECH_TAIL_S)));
      // The job's own size first (the section's clip), then each other format of the ad at its own size.
      const own = { aspectRatio: job.aspect_ratio, width: job.width, height: job.height };
      const others = (job.settings.ad?.formats ?? [])
        .filter((f) => f !== job.aspect_ratio)
        .map((f) => ({ aspectRatio: f, ...VIDEO_RENDER_SIZES[f]! }));
      let main = '';
      let note: string | null = null;
      for (const size of [own, ...others]) {
        const made = await media.video.productShot({
          productImage,
          scene: shot.scene,
          motion: shot.motion,
          durationS,
          width: size.width,
          height: size.height,
          seed: shotSeed(jobId, section.id, row?.render_key ?? null),
        });
        note ??= made.note ? (others.length > 0 ? `${size.aspectRatio}: ${made.note}` : made.note) : null;
        const clip = speech ? await media.video.withSound(made.video, speech) : await media.video.withSilence(made.video);
        const key = sectionKey(jobId, section.id, size === own ? 'shot.mp4' : productFormatFile(size.aspectRatio));
        await objects.put(key, clip);
        if (size === own) {
          main = key;
          await objects.put(sectionKey(jobId, section.id, PRODUCT_CUTOUT), made.cutout.png);
        }
      }
      await noteSection(db, jobId, section.id, { video_duration: durationS, has_audio: Boolean(speech), note });
      return main;
    }),

    caption: guarded('caption', async (jobId, section, video) => {
      await markStep(db, jobId, section.id, 'captions');
      const job = await jobOf(jobId);
      const row = await sectionRow(jobId, section.id);
      const captioned = await media.video.burnCaptions({
        video: await read(video),
        script: section.script ?? '',
        width: job.width,
        height: job.height,
        durationS: Number(row?.video_duration ?? row?.target_duration ?? 5),
      });
      const key = sectionKey(jobId, section.id, 'captioned.mp4');
      await objects.put(key, captioned);
      return key;
    }),

    concat: guarded('concat', async (jobId, videos, variantId) => {
      const clips = await Promise.all(videos.map(read));
      const joined = clips.length === 1 ? clips[0]! : await media.video.concat(clips);
      // The joined video starts with its first clip: that clip's poster (kept beside it when it was made) is its first frame.
      const poster = (await objects.read(sectionPosterKey(videos[0]!))) ?? (await media.video.posterFrame(joined));
      // Each variant is a video of its own, beside the job's.
      const folder = variantId ? `jobs/${jobId}/variants/${variantId}` : `jobs/${jobId}`;
      const video = `${folder}/final.mp4`;
      const posterKey = `${folder}/poster.jpg`;
      await objects.put(video, joined);
      await objects.put(posterKey, poster);
      const sections = await db('video_sections')
        .where({ job_id: jobId })
        .whereIn('video_key', videos)
        .select<{ video_key: string; video_duration: number | null }[]>('video_key', 'video_duration');
      // A clip played once per time it is named (two sections may reuse one clip).
      const duration = videos.reduce((n, key) => n + Number(sections.find((s) => s.video_key === key)?.video_duration ?? 0), 0);
      const files = { final_key: video, poster_key: posterKey, duration };
      if (variantId) await db('video_variants').where({ job_id: jobId, variant_id: variantId }).update(files);
      else await db('generated_videos').where({ id: jobId }).update(files);
      return { video, poster: posterKey };
    }),

    store: guarded('store', async (jobId, userId, video, poster, variantId) => {
      return db.transaction(async (trx) => {
        const job = await trx('generated_videos').where({ id: jobId }).forUpdate().first<JobRow>();
        if (!job) throw new StepError('bad_input', Messages.jobNotFound);
        const variant = variantId
          ? await trx('video_variants').where({ job_id: jobId, variant_id: variantId }).forUpdate().first<VariantRow>()
          : null;
        if (variantId && !variant) throw new StepError('bad_input', Messages.jobNotFound);
        // Stored once per run (per variant), however often this step runs.
        const stored = variant ? variant.asset_id : job.asset_id;
        if (stored) return stored;
        const rows = await trx('video_sections')
          .where({ job_id: jobId })
          .orderBy('position')
          .select('section_id', 'script', 'video_prompt');
        const sections = variant
          ? variant.section_ids.flatMap((id) => rows.filter((r: { section_id: string }) => r.section_id === id))
          : rows;
        const prompt =
          job.kind === 'animation'
            ? (job.settings.prompt ?? '')
            : sections
                .map((s: { script: string | null; video_prompt: string }) => s.script || s.video_prompt)
                .filter(Boolean)
                .join(' ');
        const asset = await saveVideoAsset(trx, objects, {
          id: randomUUID(),
          userId,
          video: await read(video),
          poster: await read(poster),
          width: job.width,
          height: job.height,
          durationS: Number((variant ?? job).duration ?? 0),
          // Rendered by the local engine (ffmpeg), whichever model's rules the user chose.
          metadata: {
            prompt: prompt.slice(0, 5000),
            model: LOCAL_VIDEO_MODEL,
            provider: 'local',
            jobId,
            ...(variant && { variant: variantTag(variant) }),
          },
        });
        if (variant) await trx('video_variants').where({ job_id: jobId, variant_id: variant.variant_id }).update({ asset_id: asset.id });
        else await trx('generated_videos').where({ id: jobId }).update({ asset_id: asset.id });
        return asset.id;
      });
    }),

    finishAd: guarded('finishAd', async (jobId, userId, sectionIds, variantId) => {
      const job = await jobOf(jobId);
      const variant = variantId ? await variantOf(jobId, variantId) : null;
      // Made once per run (a retry clears it; a variant made by an earlier run is not asked again):
      // a step run twice answers what the first made.
      const already = variant ? variant.ad_formats : job.ad_formats;
      if (already) return already.map(adFormatOutcome);
      const ad = job.settings.ad;
      if (!ad) throw new StepError('bad_input', Messages.jobNotFound);
      const rows = await sectionsOf(db, jobId);
      const chosen = sectionIds.map((id) => rows.find((r) => r.section_id === id && r.video_key));
      if (chosen.some((r) => !r)) throw new StepError('bad_input', INPUT_MISSING);
      const { productShots = {}, productCards = {} } = job.settings;
      const sections = await Promise.all(
        chosen.map(async (row) => {
          const id = row!.section_id;
          const durationS = Number(row!.video_duration ?? row!.target_duration);
          const words = await wordsOf(jobId, row!, durationS);
          // A product shot keeps its length and comes drawn at each format's own size.
          const formats = productShots[id]
            ? Object.fromEntries(
                await Promise.all(
                  ad.formats
                    .filter((f) => f !== job.aspect_ratio)
                    .map(async (f) => [f, await read(besideClip(row!.video_key!, productFormatFile(f)))] as const),
                ),
              )
            : undefined;
          // A product card comes in on the word that names the product.
          const card = productCards[id];
          const at = card
            ? indexOfWord(
                words.map((w) => w.text),
                card.atWord,
              )
            : -1;
          return {
            video: await read(row!.video_key!),
            durationS,
            words,
            captioned: row!.captions,
            ...(formats && { formats, keepLength: true }),
            ...(card &&
              at >= 0 && { productCard: { productImage: await read(card.imageKey), start: words[at]!.start, durationS: PRODUCT_CARD_S } }),
          };
        }),
      );
      // The end card shows the product as the first product shot cut it out.
      const shot = chosen.find((r) => productShots[r!.section_id]);
      const productCutout = shot ? await objects.read(besideClip(shot.video_key!, PRODUCT_CUTOUT)) : null;
      // The brand kit's look: its primary colour for the spoken word once the owner has saved it, its end card if asked for.
      const kit = await findBrandKit(db, userId);
      const rendered = await media.video.finishAd({
        sections,
        width: job.width,
        height: job.height,
        formats: ad.formats.map((f) => ({ aspectRatio: f, ...VIDEO_RENDER_SIZES[f]! })),
        captionStyle: ad.captionStyle,
        tightCuts: ad.tightCuts,
        ...(kit.updatedAt && { highlight: kit.primaryColor }),
        ...(ad.endCard && { endCard: { ...(await endCardOf({ db, objects }, userId, kit)), ...(productCutout && { productCutout }) } }),
        ...(ad.music && { music: await musicOf(ad.music) }),
        onProgress: async (stage) => {
          const finishing = { ad_finishing: JSON.stringify(stage) };
          if (variant) await db('video_variants').where({ job_id: jobId, variant_id: variant.variant_id }).update(finishing);
          else await db('generated_videos').where({ id: jobId }).update(finishing);
        },
      });
      const files = await Promise.all(
        rendered.map(async (f) => {
          const base = `jobs/${jobId}/ad/${job.run}/${variant ? `${variant.variant_id}/` : ''}${f.aspectRatio.replace(':', 'x')}`;
          await objects.put(`${base}.mp4`, f.video);
          await objects.put(`${base}.jpg`, f.poster);
          return { ...f, videoKey: `${base}.mp4`, posterKey: `${base}.jpg` };
        }),
      );
      const stored = await db.transaction(async (trx) => {
        const locked = variant
          ? await trx('video_variants').where({ job_id: jobId, variant_id: variant.variant_id }).forUpdate().first<VariantRow>()
          : await trx('generated_videos').where({ id: jobId }).forUpdate().first<JobRow>();
        if (locked?.ad_formats) return locked.ad_formats;
        const prompt = chosen
          .map((r) => r!.script || r!.video_prompt)
          .filter(Boolean)
          .join(' ')
          .slice(0, 5000);
        const formats: StoredAdFormat[] = [];
        for (const f of files) {
          const asset = await saveVideoAsset(trx, objects, {
            id: randomUUID(),
            userId,
            video: f.video,
            poster: f.poster,
            width: f.width,
            height: f.height,
            durationS: f.durationS,
            metadata: { prompt, model: LOCAL_VIDEO_MODEL, provider: 'local', jobId, ...(variant && { variant: variantTag(variant) }) },
          });
          formats.push({
            aspectRatio: f.aspectRatio as AdFormat,
            width: f.width,
            height: f.height,
            videoKey: f.videoKey,
            posterKey: f.posterKey,
            durationS: f.durationS,
            assetId: asset.id,
            words: f.words,
          });
        }
        const [first] = formats;
        const made = {
          ad_formats: JSON.stringify(formats),
          asset_id: first!.assetId,
          final_key: first!.videoKey,
          poster_key: first!.posterKey,
          duration: first!.durationS,
        };
        if (variant) await trx('video_variants').where({ job_id: jobId, variant_id: variant.variant_id }).update(made);
        else await trx('generated_videos').where({ id: jobId }).update(made);
        return formats;
      });
      return stored.map(adFormatOutcome);
    }),

    refundFormats: guarded('refundFormats', async (jobId, _userId, sectionIds) => {
      await refundFormats(db, jobId, sectionIds);
    }),

    refund: guarded('refund', async (jobId, _userId, sectionId) => {
      await refundSection(db, jobId, sectionId);
    }),

    progress: guarded('progress', async (jobId, update) => {
      // A finished section gets its poster frame before the results panel can ask for it.
      const clip = update.outcome.status === 'COMPLETED' ? update.outcome.video : null;
      if (clip) await objects.put(sectionPosterKey(clip), await media.video.posterFrame(await read(clip)));
      await recordSection(db, jobId, update.outcome);
    }),

    finish: guarded('finish', async (jobId, outcome) => {
      await finishJob(db, jobId, outcome);
    }),
  };
}
