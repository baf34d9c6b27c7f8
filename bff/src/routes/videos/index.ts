import fs from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import {
  adjustVideoSettings,
  ApiRoutes,
  FASTEST_SPEECH_WORDS_PER_SECOND,
  GenerateAnimationFields,
  GenerateVideoFields,
  isJobFinished,
  JOB_POLL_MS,
  JobStatusResponse,
  lipsyncDurationFor,
  MAX_VIDEO_SECTIONS,
  Messages,
  planLimitsFor,
  sectionImageFailed,
  sectionImageInvalid,
  SPEECH_WORDS_PER_SECOND,
  StartJobResponse,
  VIDEO_MODELS,
  VIDEO_RENDER_SIZES,
  videoStarted,
  type JobView,
  type VideoSectionInput,
} from '@studio/contracts';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { CHANNELS } from '../../db/notifications.ts';
import { AppError, forbidden, invalidRequest, notFound } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { assertStorageAvailable } from '../../services/assets/quota.ts';
import { fileExtension } from '../../services/assets/files.ts';
import { getUsageCounts } from '../../services/plans/usage.ts';
import { mediaFailure } from '../../services/images/engine-call.ts';
import { ownFileAt } from '../../services/assets/own-media.ts';
import { getOrCreateProfile } from '../../services/profiles.ts';
import { EventStreamLimit } from '../../services/event-streams.ts';
import { probeAudioBytes } from '../../services/uploads/audio.ts';
import { createUploadGate, IMAGE_UPLOAD_RULE, uploadOf, type UploadedFile, type UploadSpec } from '../../services/uploads/gate.ts';
import { acceptImage } from '../../services/uploads/images.ts';
import { createJob, endJob, jobSpecOf, prepareRetry, timeOut } from '../../services/videos/jobs.ts';
import {
  getOwnJob,
  getOwnJobWithSections,
  newJobId,
  workflowIdOf,
  type JobRow,
  type NewJob,
  type NewSection,
} from '../../services/videos/store.ts';
import { JOB_MEDIA_PREFIX, jobView, webVtt, WHOLE_CAPTIONS } from '../../services/videos/views.ts';
import { resolveVoice } from '../../services/voices/library.ts';
import { route } from '../route.ts';

/** A section's image is sent as `image_<index>` (its place in `sections`), or named by `imageUrl`. */
const SECTION_IMAGES: UploadSpec = {
  files: Object.fromEntries(Array.from({ length: MAX_VIDEO_SECTIONS }, (_, i) => [`image_${i}`, IMAGE_UPLOAD_RULE])),
  maxFieldsBytes: 256 * 1024,
};
const ANIMATION_IMAGE: UploadSpec = { files: { image: IMAGE_UPLOAD_RULE }, maxFieldsBytes: 8 * 1024 };
const HEARTBEAT_MS = 15_000;

interface PreparedSection extends NewSection {
  image: Buffer;
  audio: Buffer | null;
  /** Seconds the section lasts (measured audio, or its script's speaking time), for the plan's longest video. */
  lengthS: number;
}

/**
 * The URL of a section's approved audio (spec 2 §4: the first approved block's, or the section's own).
 * The duration the editor sends with it is not read: the server measures the audio (security probe item 3).
 */
function approvedAudioUrl(section: VideoSectionInput): string | null {
  const block = section.scriptBlocks.find((b) => b.audioStatus === 'approved' && b.audioUrl && b.text.trim());
  if (block) return block.audioUrl!;
  if (section.audioUrl && (section.audioStatus === 'approved' || section.audioStatus === 'generated')) return section.audioUrl;
  return null;
}

export function videoRoutes({ db, config, media, objects, rateLimitStore, jobs, notifications, logger }: AppDeps): Router {
  const router = new Router();
  const uploads = createUploadGate(config.dataDir);
  const eventStreams = new EventStreamLimit();
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });
  const own = { db, objects, appUrl: config.appUrl };

  /** The caller's job as it is now, with its sections; one past its 30 minutes is timed out first (spec 2 §9). */
  const current = async (userId: string, jobId: string) => {
    const read = await getOwnJobWithSections(db, userId, jobId);
    if (read.job.status !== 'IN_PROGRESS' || read.job.deadline_at.getTime() >= Date.now()) return read;
    await timeOut(db, read.job, (id) => jobs.cancel(id), logger);
    return getOwnJobWithSections(db, userId, jobId);
  };
  const currentView = async (userId: string, jobId: string): Promise<JobView> => {
    const { job, sections } = await current(userId, jobId);
    return jobView(job, sections);
  };

  /** Spec 1 §9: videos a month and the longest video of the caller's plan. */
  const assertPlanAllows = async (user: { id: string; email: string }, lengthS: number) => {
    const profile = await getOrCreateProfile(db, user);
    const limits = planLimitsFor(profile.subscription_tier);
    const { videosThisMonth } = await getUsageCounts(db, user.id);
    if (videosThisMonth >= limits.videosPerMonth) throw forbidden(Messages.videoMonthlyLimit);
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
  const launch = async (job: NewJob, sections: PreparedSection[]): Promise<void> => {
    await createJob(db, job);
    await startRun(await getOwnJob(db, job.userId, job.id), async () => {
      for (const s of sections) {
        await objects.put(s.imageKey, s.image);
        if (s.audio && s.audioKey) await objects.put(s.audioKey, s.audio);
      }
    });
  };

  const startedBody = (jobId: string) => ({ success: true, jobId, message: videoStarted(jobId) }) satisfies StartJobResponse;

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.generateVideo,
      summary:
        'Start a multi-section talking-person video (spec 2 §7): 2 credits a section, reserved now and refunded for each section that fails; poll job-status or follow its events',
      auth: 'user',
      multipart: { image_0: 'Image of the first section (image_1 … for the others), unless it names imageUrl' },
      fields: GenerateVideoFields,
      responses: {
        200: StartJobResponse,
        400: Messages.videoIncomplete,
        402: 'Insufficient credits. You need N credits to generate M video section(s). Please upgrade your plan.',
        403: Messages.videoMonthlyLimit,
        404: Messages.voiceIdNotFound,
        429: Messages.videoInProgress,
      },
    },
    uploadLimit,
    uploads.accept(SECTION_IMAGES),
    async (ctx, { fields }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      assertSelf(ctx, fields.userId);
      const model = VIDEO_MODELS[fields.videoModel];
      const { aspectRatio, duration } = adjustVideoSettings(fields.videoModel, {
        aspectRatio: fields.aspectRatio,
        duration: fields.videoDuration ?? model.durations[0],
      });
      const jobId = newJobId();
      const prepared: PreparedSection[] = [];
      for (const [index, section] of fields.sections.entries()) {
        const name = section.name || `Section ${index + 1}`;
        if (!/^[\w-]+$/.test(section.id)) throw invalidRequest(Messages.videoSectionsInvalid);
        const file: UploadedFile | undefined = files[`image_${index}`];
        const imageBytes = file
          ? await fs.readFile(file.path)
          : section.imageUrl
            ? await ownFileAt(own, user.id, section.imageUrl, 'image')
            : null;
        if (section.imageUrl && !file && !imageBytes) throw invalidRequest(sectionImageFailed(name));
        const script = section.scriptEnabled
          ? section.scriptBlocks
              .map((b) => b.text.trim())
              .filter(Boolean)
              .join(' ') || null
          : null;
        const audio = section.scriptEnabled && !model.builtInAudio ? approvedAudioUrl(section) : null;
        // spec 2 §5: a section counts with an image, and when it speaks, with approved audio (veo3 speaks itself).
        const complete = imageBytes && (!section.scriptEnabled || model.builtInAudio ? true : audio !== null);
        if (!complete) continue;
        const image = await acceptImage(imageBytes, sectionImageInvalid(name));
        const audioBytes = audio ? await ownFileAt(own, user.id, audio, 'audio') : null;
        if (audio && !audioBytes) throw invalidRequest(Messages.videoIncomplete);
        const audioS = audioBytes ? await probeAudioBytes(audioBytes) : null;
        if (audioBytes && audioS === null) throw invalidRequest(Messages.audioUnreadable);
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
          // Approved audio is spoken as is; otherwise (veo3) the script is spoken. It also gives the captions.
          script,
          videoPrompt: section.videoPrompt.trim() || model.defaultPrompt,
          captions: section.captions && Boolean(script),
          targetDuration,
          lengthS,
        });
      }
      if (prepared.length === 0) throw invalidRequest(Messages.videoIncomplete);
      if (new Set(prepared.map((s) => s.id)).size !== prepared.length) throw invalidRequest(Messages.videoSectionsInvalid);
      // The job speaks a script that has no approved audio in this voice: it must be one the caller may use
      // (another user's clone is refused here, before any credit is reserved; security probe 6).
      if (prepared.some((s) => s.script && !s.audio)) {
        const voice = await resolveVoice(db, media.speech, user.id, fields.voiceId).catch((error: unknown) => {
          throw mediaFailure(error, Messages.voiceValidateFailed);
        });
        if (!voice) throw notFound(Messages.voiceIdNotFound);
      }
      await assertPlanAllows(
        user,
        prepared.reduce((n, s) => n + s.lengthS, 0),
      );
      await assertStorageAvailable(db, user.id);
      const size = VIDEO_RENDER_SIZES[aspectRatio]!;
      await launch(
        {
          id: jobId,
          userId: user.id,
          projectId: fields.projectId ?? null,
          kind: 'multi_section',
          model: fields.videoModel,
          aspectRatio,
          ...size,
          settings: { voiceId: fields.voiceId, stability: fields.stability, similarityBoost: fields.similarityBoost, speed: fields.speed },
          engine: jobs.name,
          sections: prepared,
        },
        prepared,
      );
      ctx.body = startedBody(jobId);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.generateAnimation,
      summary: 'Animate one image (camera motion, 3–12 s, five aspect ratios) into a video in the gallery; 2 credits, refunded if it fails',
      auth: 'user',
      multipart: { image: 'The image (or imageUrl: one of your images)' },
      fields: GenerateAnimationFields,
      responses: {
        200: StartJobResponse,
        400: Messages.animationDurationInvalid,
        402: Messages.insufficientCredits,
        429: Messages.videoInProgress,
      },
    },
    uploadLimit,
    uploads.accept(ANIMATION_IMAGE),
    async (ctx, { fields }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      assertSelf(ctx, fields.userId);
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
      ctx.body = startedBody(jobId);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.jobStatus}/:jobId`,
      summary: 'A video job: status, progress, each section, and the result (spec 2 §3); yours only',
      auth: 'user',
      responses: { 200: JobStatusResponse, 404: Messages.jobNotFound },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, job: await currentView(currentUser(ctx.state).id, ctx.params.jobId ?? '') } satisfies JobStatusResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.jobStatus}/:jobId/events`,
      summary: 'Server-Sent Events of a job: a `job` event with the whole job each time it changes, until it ends',
      auth: 'user',
      responses: { 200: 'text/event-stream', 404: Messages.jobNotFound },
    },
    async (ctx: Context) => {
      const userId = currentUser(ctx.state).id;
      const { job: first } = await current(userId, ctx.params.jobId ?? '');
      const stream = new PassThrough();
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.set({ 'Cache-Control': 'no-store, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
      ctx.type = 'text/event-stream';
      ctx.status = 200;
      ctx.body = stream;

      let last = '';
      let closed = false;
      let queued = false;
      const send = async () => {
        queued = false;
        if (closed) return;
        const view = await currentView(userId, first.id);
        const data = JSON.stringify(view);
        if (data !== last) {
          last = data;
          stream.write(`event: job\ndata: ${data}\n\n`);
        }
        if (isJobFinished(view.status)) close();
      };
      // Changes come in bursts (a step, its row, the ledger): they are read once per burst.
      const schedule = () => {
        if (queued || closed) return;
        queued = true;
        setTimeout(() => void send().catch((error: unknown) => (logger.warn({ err: error }, 'job events'), close())), 50);
      };
      const release = eventStreams.add(userId, close);
      const stop = notifications.on(CHANNELS.jobs, (id) => id === first.id && schedule());
      // Heartbeats keep proxies from closing the stream; the poll covers lost notifications.
      const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const poll = setInterval(schedule, JOB_POLL_MS);
      function close() {
        if (closed) return;
        closed = true;
        release();
        stop();
        clearInterval(heartbeat);
        clearInterval(poll);
        stream.end();
      }
      ctx.req.on('close', close);
      stream.write('retry: 3000\n\n');
      schedule();
    },
  );

  route(
    router,
    {
      method: 'post',
      path: `${ApiRoutes.jobs}/:jobId/cancel`,
      summary: 'Cancel a running job: unfinished sections stop and their credits are given back',
      auth: 'user',
      responses: { 200: JobStatusResponse, 404: Messages.jobNotFound, 409: Messages.jobNotCancellable },
    },
    async (ctx) => {
      const userId = currentUser(ctx.state).id;
      const { job } = await current(userId, ctx.params.jobId ?? '');
      if (!(await endJob(db, job.id, 'CANCELLED'))) throw new AppError(409, 'conflict', Messages.jobNotCancellable);
      await jobs
        .cancel(workflowIdOf(job))
        .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'cancelling the workflow failed'));
      ctx.body = { success: true, job: await currentView(userId, job.id) } satisfies JobStatusResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: `${ApiRoutes.jobs}/:jobId/retry`,
      summary: 'Run again only the sections that did not complete (charged anew, refunded if they fail); the finished ones are reused',
      auth: 'user',
      responses: {
        200: StartJobResponse,
        402: Messages.insufficientCredits,
        404: Messages.jobNotFound,
        409: Messages.jobNothingToRetry,
        429: Messages.videoInProgress,
      },
    },
    async (ctx) => {
      const userId = currentUser(ctx.state).id;
      await current(userId, ctx.params.jobId ?? '');
      const job = await prepareRetry(db, userId, ctx.params.jobId ?? '');
      await startRun(job);
      ctx.body = startedBody(job.id);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${JOB_MEDIA_PREFIX}/:jobId/:file`,
      summary:
        'A finished section’s clip (`<section>.mp4`), its captions (`<section>.vtt`), or the whole video’s (`video.captions.vtt`), to the job’s owner',
      auth: 'user',
      responses: { 200: 'video/mp4 or text/vtt', 404: 'No such file, or not yours' },
    },
    async (ctx) => {
      const file = ctx.params.file ?? '';
      // The whole video's captions have a name no section id can take (ids are letters, digits, - and _).
      const match = file === WHOLE_CAPTIONS ? [file, null, 'vtt'] : /^([\w-]+)\.(mp4|vtt)$/.exec(file);
      if (!match) throw notFound();
      const { sections } = await getOwnJobWithSections(db, currentUser(ctx.state).id, ctx.params.jobId ?? '');
      const finished = sections.filter((s) => s.status === 'COMPLETED' && s.video_key);
      ctx.set('Cache-Control', 'private, max-age=3600');
      if (match[2] === 'vtt') {
        const rows = match[1] === null ? finished : finished.filter((s) => s.section_id === match[1]);
        if (rows.length === 0) throw notFound();
        ctx.type = 'text/vtt';
        ctx.body = webVtt(rows);
        return;
      }
      const section = finished.find((s) => s.section_id === match[1]);
      const opened = section ? await objects.open(section.video_key!) : null;
      if (!opened) throw notFound();
      ctx.type = 'video/mp4';
      ctx.length = opened.size;
      ctx.body = opened.stream;
    },
  );

  return router;
}
