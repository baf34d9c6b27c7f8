import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import {
  ApiRoutes,
  GenerateAnimationFields,
  GenerateVideoFields,
  isJobFinished,
  JobStatusResponse,
  Messages,
  StartJobResponse,
  videoStarted,
} from '@studio/contracts';
import type { Context } from 'koa';
import { sseStreamsOpen } from '../../metrics.ts';
import type { AppDeps } from '../../deps.ts';
import { CHANNELS } from '../../db/notifications.ts';
import { assertSelf, currentSession, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { uploadOf } from '../../services/uploads/gate.ts';
import { JOB_MEDIA_PREFIX } from '../../services/videos/views.ts';
import { ANIMATION_IMAGE, SECTION_IMAGES } from '../../services/videos/service.ts';
import { route } from '../route.ts';

const HEARTBEAT_MS = 15_000;
/** A stream reads its job at most this often (a burst of changes is one read, or two). */
const READ_EVERY_MS = 50;
/** How often a stream reads its job unannounced, in case the database's announcements stopped silently. */
const SAFETY_POLL_MS = 30_000;
/** A job waiting for a renderer moves up its queue without a change of its own rows: read again this often while it waits. */
const QUEUED_POLL_MS = 2000;

export function videoRoutes({ services: { videos, uploads, jobStreams }, rateLimitStore, notifications, logger }: AppDeps): Router {
  const router = new Router();
  const { open: eventStreams, sessions: sessionWatch } = jobStreams;
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });

  const startedBody = (jobId: string) => ({ success: true, jobId, message: videoStarted(jobId) }) satisfies StartJobResponse;

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.generateVideo,
      summary:
        'Start a multi-section talking-person video (spec 2 §7): 2 credits a section, reserved now and refunded for each section that fails; a section whose clip the caller already made from the same inputs is reused (nothing rendered or charged; `isCached`/`cachedVideoUrl` name it); `variants` make one video per hook with the shared sections rendered once; poll job-status or follow its events',
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
      const jobId = await videos.startVideo(user, fields, files);
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
      const jobId = await videos.startAnimation(user, fields, files);
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
      ctx.body = {
        success: true,
        job: await videos.currentView(currentUser(ctx.state).id, ctx.params.jobId ?? ''),
      } satisfies JobStatusResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.jobStatus}/:jobId/events`,
      summary: 'Server-Sent Events of a job: a `job` event with the whole job each time it changes, until it ends or its session does',
      auth: 'user',
      responses: { 200: 'text/event-stream', 404: Messages.jobNotFound },
    },
    async (ctx: Context) => {
      const userId = currentUser(ctx.state).id;
      const { idHash } = currentSession(ctx.state);
      const { job: first } = await videos.current(userId, ctx.params.jobId ?? '');
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
      let readAt = 0;
      let waiting: NodeJS.Timeout | undefined;
      const send = async () => {
        queued = false;
        if (closed) return;
        readAt = performance.now();
        const view = await videos.currentView(userId, first.id);
        const data = JSON.stringify(view);
        if (data !== last) {
          last = data;
          stream.write(`event: job\ndata: ${data}\n\n`);
        }
        if (isJobFinished(view.status)) close();
        else if (view.status === 'QUEUED') {
          clearTimeout(waiting);
          waiting = setTimeout(schedule, QUEUED_POLL_MS);
        }
      };
      // Changes come in bursts (a step, its row, the ledger): the first is read at once, the rest of
      // the burst once, at most every READ_EVERY_MS.
      const schedule = () => {
        if (queued || closed) return;
        queued = true;
        const wait = Math.max(0, readAt + READ_EVERY_MS - performance.now());
        setTimeout(() => void send().catch((error: unknown) => (logger.warn({ err: error }, 'job events'), close())), wait);
      };
      const release = eventStreams.add(userId, close);
      const unwatch = sessionWatch.add(idHash, close);
      sseStreamsOpen.inc();
      const stop = notifications.on(CHANNELS.jobs, (id) => id === first.id && schedule());
      // Changes made while the process was not listening were not announced: read again.
      const stopResume = notifications.onResume(schedule);
      // Heartbeats keep proxies from closing the stream; the slow poll covers a listening connection
      // that died without an error (each stream polling every 3 s was 333 reads a second for 1,000).
      const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const poll = setInterval(schedule, SAFETY_POLL_MS);
      function close() {
        if (closed) return;
        closed = true;
        release();
        unwatch();
        sseStreamsOpen.dec();
        stop();
        stopResume();
        clearInterval(heartbeat);
        clearTimeout(waiting);
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
      ctx.body = { success: true, job: await videos.cancel(userId, ctx.params.jobId ?? '') } satisfies JobStatusResponse;
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
      const jobId = await videos.retry(userId, ctx.params.jobId ?? '');
      ctx.body = startedBody(jobId);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${JOB_MEDIA_PREFIX}/:jobId/:file`,
      summary:
        'A finished section’s clip (`<section>.mp4`), its poster (`<section>.jpg`), its captions (`<section>.vtt`), the whole video’s (`video.captions.vtt`), or a finished ad’s in one format (`ad-9x16.vtt`; a variant’s `ad.<variant>.9x16.vtt`), to the job’s owner',
      auth: 'user',
      responses: { 200: 'video/mp4, image/jpeg or text/vtt', 404: 'No such file, or not yours' },
    },
    async (ctx) => {
      const file = await videos.jobFile(currentUser(ctx.state).id, ctx.params.jobId ?? '', ctx.params.file ?? '');
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.type = file.type;
      if (file.type === 'video/mp4') ctx.length = file.size;
      ctx.body = file.body;
    },
  );

  return router;
}
