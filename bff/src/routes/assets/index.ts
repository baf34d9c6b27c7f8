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
import type { Context } from 'koa';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { countAttempt, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { ASSET_URL_PREFIX, getAsset, listUserAssets, THUMB_URL_PREFIX, type AssetRow } from '../../services/assets/store.ts';
import { associateWithCharacter, listCharacters } from '../../services/assets/characters.ts';
import { deleteAsset, posterKeyOf, ASSET_EXTENSIONS } from '../../services/assets/files.ts';
import { listFeatured, setFeatured } from '../../services/assets/feed.ts';
import { createThumbnails } from '../../services/storage/thumbnails.ts';
import { ownModelEntries } from '../../services/training/models.ts';
import { route } from '../route.ts';

/** Asset files never change under their id: owners cache them for good, a featured one is public. */
function cacheFor(row: AssetRow): string {
  return row.is_featured ? 'public, max-age=300' : 'private, max-age=31536000, immutable';
}

/** Who may read an asset's file: its owner, and everyone once it is featured. */
async function readableAsset(ctx: Context, db: AppDeps['db'], file: string, extension: RegExp): Promise<AssetRow> {
  const match = /^([0-9a-f-]{36})\.(\w+)$/.exec(file);
  if (!match || !extension.test(match[2]!)) throw notFound();
  const row = await getAsset(db, match[1]!);
  if (!row || !(row.is_featured || row.user_id === ctx.state.user?.id)) throw notFound();
  return row;
}

export function assetRoutes({ db, config, objects, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const thumbnails = createThumbnails(objects);

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
      const page = await listUserAssets(db, currentUser(ctx.state).id, query);
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
      await deleteAsset(db, objects, currentUser(ctx.state).id, ctx.params.assetId ?? '', (id) => thumbnails.remove(id));
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
      const assetId = ctx.params.assetId ?? '';
      const featured = await setFeatured(db, currentUser(ctx.state).id, assetId, isFeatured);
      ctx.body = {
        success: true,
        asset: { id: assetId, is_featured: featured },
        message: featured ? Messages.featuredOn : Messages.featuredOff,
      } satisfies FeatureToggleResponse;
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
      ctx.body = { success: true, images: await listFeatured(db) } satisfies FeaturedImagesResponse;
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
      ctx.body = { success: true, characters: await listCharacters(db, currentUser(ctx.state).id) } satisfies CharactersResponse;
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
      await associateWithCharacter(db, currentUser(ctx.state).id, ctx.params.characterId ?? '', ctx.params.assetId ?? '');
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
      ctx.body = { success: true, models: await ownModelEntries(db, currentUser(ctx.state).id) } satisfies UserLoraModelsResponse;
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
      const path = url.startsWith(config.appUrl) ? url.slice(config.appUrl.length) : url;
      const file = path.startsWith(`${ASSET_URL_PREFIX}/`) ? path.slice(ASSET_URL_PREFIX.length + 1) : '';
      await readableAsset(ctx, db, file, /^(mp4|webm)$/);
      ctx.type = 'image/webp';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = await sharp({ create: { width: 480, height: 270, channels: 3, background: '#1f1f24' } })
        .webp()
        .toBuffer();
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
      const row = await readableAsset(ctx, db, ctx.params.file ?? '', ASSET_EXTENSIONS);
      const opened = await objects.open(row.storage_key);
      if (!opened) throw notFound();
      ctx.type = row.mime_type;
      ctx.length = opened.size;
      ctx.set('Cache-Control', cacheFor(row));
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
      const row = await readableAsset(ctx, db, file, /^img$/);
      if (row.asset_type === 'audio') throw notFound();
      // A video's thumbnails are made from its poster frame.
      const source = row.asset_type === 'video' ? posterKeyOf(row) : row.storage_key;
      const opened = await thumbnails.open(
        row.id,
        size,
        () => objects.read(source),
        () => countAttempt(ctx, { name: 'thumbnail-misses', store: rateLimitStore, rules: RATE_LIMITS.thumbnailMisses }),
      );
      if (!opened) throw notFound();
      ctx.type = 'image/webp';
      ctx.length = opened.size;
      ctx.set('Cache-Control', cacheFor(row));
      ctx.body = opened.stream;
    },
  );

  return router;
}
