import Router from '@koa/router';
import {
  ApiRoutes,
  CharactersResponse,
  FeaturedImagesResponse,
  FeatureToggleRequest,
  FeatureToggleResponse,
  Messages,
  OwnerBody,
  SuccessResponse,
  ThumbnailQuery,
  thumbnailVariant,
  UserAssetsQuery,
  UserAssetsResponse,
  UserLoraModelsResponse,
} from '@studio/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { countAttempt, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { ASSET_EXTENSIONS } from '../../services/assets/files.ts';
import { ASSET_URL_PREFIX, THUMB_URL_PREFIX } from '../../services/assets/views.ts';
import { route } from '../route.ts';

export function assetRoutes({ services: { assets }, rateLimitStore }: AppDeps): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.userAssets}/:userId`,
      summary: "One page of the caller's gallery (20, newest first; keyset cursor)",
      auth: 'user',
      query: UserAssetsQuery,
      responses: { 200: UserAssetsResponse, 403: Messages.notYourData },
    },
    async (ctx, { query }) => {
      assertSelf(ctx, ctx.params.userId);
      const page = await assets.page(currentUser(ctx.state).id, query);
      ctx.body = { success: true, ...page } satisfies UserAssetsResponse;
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: `${ApiRoutes.userAssets}/:assetId`,
      summary: 'Delete one of your images or videos (its file and thumbnails go too)',
      auth: 'user',
      body: OwnerBody,
      responses: { 200: SuccessResponse, 404: 'No such asset of yours' },
    },
    async (ctx, { body }) => {
      assertSelf(ctx, body.userId);
      await assets.remove(currentUser(ctx.state).id, ctx.params.assetId ?? '');
      ctx.body = { success: true };
    },
  );

  route(
    router,
    {
      method: 'patch',
      path: `${ApiRoutes.featuredAsset}/:assetId/featured`,
      summary: 'Feature a gallery image or video (images go on the discover feed), or take any asset off (admins only)',
      auth: 'admin',
      body: FeatureToggleRequest,
      responses: {
        200: FeatureToggleResponse,
        400: Messages.featuredGalleryOnly,
        403: Messages.adminAccessDenied,
        404: 'No such asset',
      },
    },
    async (ctx, { body: { isFeatured } }) => {
      ctx.body = (await assets.feature(currentUser(ctx.state).id, ctx.params.assetId ?? '', isFeatured)) satisfies FeatureToggleResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.featuredImages,
      summary: 'The discover feed: featured images, newest first (visitors too)',
      auth: 'none',
      responses: { 200: FeaturedImagesResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, images: await assets.featured() } satisfies FeaturedImagesResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.characters}/:userId`,
      summary: "The caller's characters, each with its latest image",
      auth: 'user',
      responses: { 200: CharactersResponse, 403: Messages.notYourData },
    },
    async (ctx) => {
      assertSelf(ctx, ctx.params.userId);
      ctx.body = { success: true, characters: await assets.characters(currentUser(ctx.state).id) } satisfies CharactersResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: `${ApiRoutes.characters}/:characterId/assets/:assetId`,
      summary: 'Associate one of your images with one of your characters',
      auth: 'user',
      body: OwnerBody,
      responses: { 200: SuccessResponse, 404: 'No such character or asset of yours' },
    },
    async (ctx, { body }) => {
      assertSelf(ctx, body.userId);
      await assets.associateWithCharacter(currentUser(ctx.state).id, ctx.params.characterId ?? '', ctx.params.assetId ?? '');
      ctx.body = { success: true };
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.userLoraModels}/:userId`,
      summary: "The caller's trained styles and characters (type, name, sample image, training status)",
      auth: 'user',
      responses: { 200: UserLoraModelsResponse, 403: Messages.notYourData },
    },
    async (ctx) => {
      assertSelf(ctx, ctx.params.userId);
      ctx.body = { success: true, models: await assets.ownModels(currentUser(ctx.state).id) } satisfies UserLoraModelsResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.videoThumbnail,
      summary: 'A poster for one of our video URLs (a placeholder until videos have poster frames); foreign URLs are never fetched',
      auth: 'none',
      query: z.object({ url: z.string().max(500) }),
      responses: { 200: 'image/webp', 404: 'Not one of our videos' },
    },
    async (ctx, { query: { url } }) => {
      const poster = await assets.videoPoster(ctx.state.user?.id ?? null, url);
      ctx.type = 'image/webp';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = poster;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ASSET_URL_PREFIX}/:file`,
      summary: 'An asset file: to its owner, and to everyone once featured',
      auth: 'none',
      responses: { 200: 'The file', 404: 'No such file, or not yours' },
    },
    async (ctx) => {
      const opened = await assets.openFile(ctx.state.user?.id ?? null, ctx.params.file ?? '', ASSET_EXTENSIONS);
      ctx.type = opened.type;
      ctx.length = opened.size;
      ctx.set('Cache-Control', opened.cache);
      ctx.body = opened.stream;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${THUMB_URL_PREFIX}/:file`,
      summary:
        'A WebP thumbnail of an image (or a video’s poster) by width (and height, quality), each snapped up to the fixed sizes and qualities; made once, then served from disk',
      auth: 'none',
      query: ThumbnailQuery,
      responses: {
        200: 'image/webp',
        400: 'Width, height or quality out of bounds',
        404: 'No such image, or not yours',
        429: 'Too many thumbnails not made yet asked for from this address',
      },
    },
    async (ctx, { query }) => {
      const size = thumbnailVariant(query);
      const file = (ctx.params.file ?? '').replace(/\.webp$/, '.img');
      // A thumbnail not made yet costs a decode: the misses count against a rate limit.
      const opened = await assets.openThumbnail(ctx.state.user?.id ?? null, file, size, () =>
        countAttempt(ctx, { name: 'thumbnail-misses', store: rateLimitStore, rules: RATE_LIMITS.thumbnailMisses }),
      );
      ctx.type = 'image/webp';
      ctx.length = opened.size;
      ctx.set('Cache-Control', opened.cache);
      ctx.body = opened.stream;
    },
  );

  return router;
}
