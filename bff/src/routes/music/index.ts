import Router from '@koa/router';
import { ApiRoutes, ComposeMusicRequest, Messages, MusicComposeInfo, MusicTracksResponse, UploadAudioResponse } from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { MUSIC_URL_PREFIX } from '../../services/music/service.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { route } from '../route.ts';

/** A bed's file name carries the library's version: a new composition is a new URL, so a cached copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The music library: its list for the music picker, and each bed's file. */
export function musicRoutes({ services: { music } }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.musicTracks,
      summary: 'The music library: simple beds composed by the studio, one per mood, each with a preview to play',
      auth: 'user',
      responses: { 200: MusicTracksResponse },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.body = music.tracks() satisfies MusicTracksResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.musicCompose,
      summary:
        'Whether music can be composed from a prompt here (the hosted music model, with ELEVENLABS_API_KEY) and its price in credits',
      auth: 'user',
      responses: { 200: MusicComposeInfo },
    },
    (ctx) => {
      ctx.body = music.composeInfo() satisfies MusicComposeInfo;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.musicCompose,
      summary:
        'Compose an instrumental track from a description with the hosted music model (charged, refunded if it fails), kept as the user’s music for ads; `requestId` makes a retry free',
      auth: 'user',
      body: ComposeMusicRequest,
      responses: {
        200: UploadAudioResponse,
        400: Messages.musicPromptInvalid,
        402: Messages.insufficientCredits,
        404: Messages.musicComposeUnavailable,
        409: Messages.requestIdReused,
        502: Messages.failedToComposeMusic,
        503: Messages.failedToComposeMusic,
      },
    },
    async (ctx, { body }) => {
      ctx.body = await music.compose(currentUser(ctx.state), body);
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${MUSIC_URL_PREFIX}/:file`,
      summary: 'A bed of the music library (AAC in M4A), as its previewUrl links it',
      auth: 'none',
      responses: { 200: 'audio/mp4', 404: Messages.musicTrackNotFound },
    },
    async (ctx) => {
      const opened = await music.openBed(ctx.params.file ?? '');
      if (!opened) throw notFound(Messages.musicTrackNotFound);
      ctx.type = 'audio/mp4';
      ctx.length = opened.size;
      ctx.lastModified = opened.modified;
      ctx.set('Cache-Control', IMMUTABLE);
      ctx.body = opened.stream;
    },
  );

  return router;
}
