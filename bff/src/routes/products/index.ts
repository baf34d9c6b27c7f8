import Router from '@koa/router';
import {
  Messages,
  PRODUCT_IMAGES_MAX,
  CreateProductFields,
  ProductListQuery,
  ProductListResponse,
  ProductMessages,
  ProductResponse,
  ProductRoutes,
  StoreImagesQuery,
  StoreImagesResponse,
  StoreImportRequest,
  SuccessResponse,
  UpdateProductRequest,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { IMAGE_UPLOAD_RULE, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { route } from '../route.ts';

const PRODUCT_IMAGES: UploadSpec = {
  files: Object.fromEntries(Array.from({ length: PRODUCT_IMAGES_MAX }, (_, i) => [`image_${i}`, IMAGE_UPLOAD_RULE])),
  maxFieldsBytes: 8 * 1024,
};
const ONE_IMAGE: UploadSpec = { files: { image: { ...IMAGE_UPLOAD_RULE, required: true } } };
export function productRoutes({ services: { products, uploads }, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });
  const storeLimit = rateLimit({ name: 'store-import', store: rateLimitStore, rules: RATE_LIMITS.storeImport });

  route(
    router,
    {
      method: 'get',
      path: ProductRoutes.list,
      summary: "The caller's products (spec 2 §7), newest first, each with its images",
      auth: 'user',
      query: ProductListQuery,
      responses: { 200: ProductListResponse, 403: Messages.notYourData },
    },
    async (ctx, { query }) => {
      assertSelf(ctx, query.userId);
      ctx.body = { success: true, items: await products.list(currentUser(ctx.state).id) } satisfies ProductListResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ProductRoutes.products,
      summary: 'Add a product: a title and 1–16 photos (`image_0` … `image_15`, JPEG, PNG or WebP under 10 MB each)',
      auth: 'user',
      multipart: { image_0: 'First photo', image_1: 'Further photos, up to image_15' },
      fields: CreateProductFields,
      responses: { 200: ProductResponse, 400: ProductMessages.imagesRequired, 403: Messages.storageFull },
    },
    uploadLimit,
    uploads.accept(PRODUCT_IMAGES),
    async (ctx, { fields: { title } }) => {
      const { files } = uploadOf(ctx);
      const chosen = Object.keys(PRODUCT_IMAGES.files).flatMap((field) => (files[field] ? [files[field]] : []));
      ctx.body = { success: true, product: await products.create(currentUser(ctx.state).id, title, chosen) } satisfies ProductResponse;
    },
  );

  route(
    router,
    {
      method: 'patch',
      path: `${ProductRoutes.products}/:productId`,
      summary: 'Rename one of your products, or change its description (what its ads are drafted from)',
      auth: 'user',
      body: UpdateProductRequest,
      responses: { 200: ProductResponse, 400: ProductMessages.titleRequired, 404: ProductMessages.notFound },
    },
    async (ctx, { body }) => {
      const product = await products.update(currentUser(ctx.state).id, ctx.params.productId ?? '', body);
      ctx.body = { success: true, product } satisfies ProductResponse;
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: `${ProductRoutes.products}/:productId`,
      summary: 'Delete one of your products and its photos',
      auth: 'user',
      responses: { 200: SuccessResponse, 404: ProductMessages.notFound },
    },
    async (ctx) => {
      await products.remove(currentUser(ctx.state).id, ctx.params.productId ?? '');
      ctx.body = { success: true };
    },
  );

  route(
    router,
    {
      method: 'post',
      path: `${ProductRoutes.products}/:productId/images`,
      summary: 'Add a photo to one of your products (at most 16)',
      auth: 'user',
      multipart: { image: 'The photo' },
      responses: { 200: ProductResponse, 400: ProductMessages.tooManyImages, 404: ProductMessages.notFound },
    },
    uploadLimit,
    uploads.accept(ONE_IMAGE),
    async (ctx) => {
      const product = await products.addImage(currentUser(ctx.state).id, ctx.params.productId ?? '', uploadOf(ctx).files.image!);
      ctx.body = { success: true, product } satisfies ProductResponse;
    },
  );

  route(
    router,
    {
      method: 'delete',
      path: `${ProductRoutes.products}/:productId/images/:assetId`,
      summary: 'Remove a photo from one of your products (not its last)',
      auth: 'user',
      responses: { 200: ProductResponse, 400: ProductMessages.imagesRequired, 404: ProductMessages.notFound },
    },
    async (ctx) => {
      const { productId = '', assetId = '' } = ctx.params;
      const product = await products.removeImage(currentUser(ctx.state).id, productId, assetId);
      ctx.body = { success: true, product } satisfies ProductResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ProductRoutes.storeImages,
      summary: 'The products and first 16 images at a store or product address (public http(s) hosts only)',
      auth: 'user',
      query: StoreImagesQuery,
      responses: { 200: StoreImagesResponse, 400: ProductMessages.storeAddressRefused, 502: ProductMessages.storeUnreachable },
    },
    storeLimit,
    async (ctx, { query: { url } }) => {
      const found = await products.readStore(url);
      ctx.body = { success: true, ...found } satisfies StoreImagesResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ProductRoutes.storeImport,
      summary: "Import chosen images of a store's listing as one of your products (the images must be in that listing)",
      auth: 'user',
      body: StoreImportRequest,
      responses: { 200: ProductResponse, 400: ProductMessages.storeImageNotListed, 502: ProductMessages.storeImageUnavailable },
    },
    storeLimit,
    async (ctx, { body: request }) => {
      ctx.body = { success: true, product: await products.importFromStore(currentUser(ctx.state).id, request) } satisfies ProductResponse;
    },
  );

  return router;
}
