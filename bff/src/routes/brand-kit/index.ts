import Router from '@koa/router';
import {
  ApiRoutes,
  BRAND_LOGO_MAX_BYTES,
  BrandFontParams,
  BrandKitMessages,
  BrandKitResponse,
  Messages,
  SaveBrandKitRequest,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { route } from '../route.ts';

/** a logo is a PNG or WebP under 5 MB, judged by its bytes. */
const LOGO: UploadSpec = {
  files: {
    logo: {
      kinds: ['png', 'webp'],
      maxBytes: BRAND_LOGO_MAX_BYTES,
      required: true,
      messages: {
        type: BrandKitMessages.logoTypeInvalid,
        tooLarge: BrandKitMessages.logoTooLarge,
        missing: BrandKitMessages.logoTypeInvalid,
      },
    },
  },
};

/** Brand Assets → Brand kit: the caller's own kit only (no route takes another user's id). */
export function brandKitRoutes({ services: { brandKit, uploads }, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.brandKit,
      summary: "The caller's brand kit: logo, colours, font and call to action (the defaults until it is saved)",
      auth: 'user',
      responses: { 200: BrandKitResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, brandKit: await brandKit.get(currentUser(ctx.state).id) } satisfies BrandKitResponse;
    },
  );

  route(
    router,
    {
      method: 'put',
      path: ApiRoutes.brandKit,
      summary:
        'Save the brand kit: primary and secondary colour (#rrggbb), a bundled font, CTA text (≤ 40 characters) and CTA link (http(s))',
      auth: 'user',
      body: SaveBrandKitRequest,
      responses: { 200: BrandKitResponse, 400: BrandKitMessages.colorInvalid },
    },
    async (ctx, { body }) => {
      ctx.body = { success: true, brandKit: await brandKit.save(currentUser(ctx.state).id, body) } satisfies BrandKitResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.brandKitLogo,
      summary: "Replace the brand kit's logo (`logo`: PNG or WebP under 5 MB)",
      auth: 'user',
      multipart: { logo: 'The logo' },
      responses: {
        200: BrandKitResponse,
        400: BrandKitMessages.logoTypeInvalid,
        403: Messages.storageFull,
        413: BrandKitMessages.logoTooLarge,
      },
    },
    uploadLimit,
    uploads.accept(LOGO),
    async (ctx) => {
      const kit = await brandKit.setLogo(currentUser(ctx.state).id, uploadOf(ctx).files.logo!);
      ctx.body = { success: true, brandKit: kit } satisfies BrandKitResponse;
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: ApiRoutes.brandKitLogo,
      summary: "Remove the brand kit's logo (its file is deleted)",
      auth: 'user',
      responses: { 200: BrandKitResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, brandKit: await brandKit.removeLogo(currentUser(ctx.state).id) } satisfies BrandKitResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.brandKitFont,
      summary: 'A bundled brand font (TrueType, SIL Open Font License), so the font picker shows each name in its own font',
      auth: 'user',
      params: BrandFontParams,
      responses: { 200: 'font/ttf', 400: BrandKitMessages.fontUnknown },
    },
    async (ctx, { params }) => {
      ctx.body = await brandKit.fontFile(params.fontId);
      ctx.type = 'font/ttf';
      // The files change only with a new release of the studio.
      ctx.set('Cache-Control', 'private, max-age=86400');
    },
  );

  return router;
}
