import Router from '@koa/router';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  Messages,
  PRODUCT_IMAGES_MAX,
  CreateProductFields,
  ProductListQuery,
  ProductListResponse,
  ProductMessages,
  ProductResponse,
  ProductRoutes,
  RenameProductRequest,
  StoreImagesQuery,
  StoreImagesResponse,
  StoreImportRequest,
  SuccessResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError, invalidRequest } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { assertStorageAvailable } from '../../services/assets/quota.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import {
  addProductImage,
  createProduct,
  deleteProduct,
  listProducts,
  removeProductImage,
  renameProduct,
} from '../../services/products/products.ts';
import { FetchFailedError, UnsafeAddressError } from '../../services/products/safe-fetch.ts';
import { downloadStoreImage, NotAStoreError, readStore, type FetchLimits } from '../../services/products/store.ts';
import { createThumbnails } from '../../services/storage/thumbnails.ts';
import { createUploadGate, IMAGE_UPLOAD_RULE, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { acceptImage } from '../../services/uploads/images.ts';
import { route } from '../route.ts';

const PRODUCT_IMAGES: UploadSpec = {
  files: Object.fromEntries(Array.from({ length: PRODUCT_IMAGES_MAX }, (_, i) => [`image_${i}`, IMAGE_UPLOAD_RULE])),
  maxFieldsBytes: 8 * 1024,
};
const ONE_IMAGE: UploadSpec = { files: { image: { ...IMAGE_UPLOAD_RULE, required: true } } };
/** A store has this long to answer each read. */
const STORE_TIMEOUT_MS = 10_000;

/** A store read's failure in the user's words: refused addresses, unreachable stores, addresses that are not stores. */
function storeProblem(error: unknown): never {
  if (error instanceof UnsafeAddressError) throw invalidRequest(ProductMessages.storeAddressRefused);
  if (error instanceof NotAStoreError) throw invalidRequest(ProductMessages.storeNotAStore);
  if (error instanceof FetchFailedError) throw new AppError(502, 'upstream_failed', ProductMessages.storeUnreachable);
  throw error;
}

export function productRoutes({ db, config, objects, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploads = createUploadGate(config.dataDir);
  const thumbnails = createThumbnails(objects);
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });
  const storeLimit = rateLimit({ name: 'store-import', store: rateLimitStore, rules: RATE_LIMITS.storeImport });
  const limits: FetchLimits = { timeoutMs: STORE_TIMEOUT_MS, allowedOrigins: config.storeImportAllowedOrigins };
  const removeThumbnails = (id: string) => thumbnails.remove(id);

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
      ctx.body = { success: true, items: await listProducts(db, currentUser(ctx.state).id) } satisfies ProductListResponse;
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
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      const chosen = Object.keys(PRODUCT_IMAGES.files).flatMap((field) => (files[field] ? [files[field]] : []));
      const images = await Promise.all(chosen.map((file) => acceptImage(file.path, Messages.imageTypeInvalid)));
      ctx.body = { success: true, product: await createProduct(db, objects, { userId: user.id, title, images }) } satisfies ProductResponse;
    },
  );

  route(
    router,
    {
      method: 'patch',
      path: `${ProductRoutes.products}/:productId`,
      summary: 'Rename one of your products',
      auth: 'user',
      body: RenameProductRequest,
      responses: { 200: ProductResponse, 400: ProductMessages.titleRequired, 404: ProductMessages.notFound },
    },
    async (ctx, { body: { title } }) => {
      const product = await renameProduct(db, currentUser(ctx.state).id, ctx.params.productId ?? '', title);
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
      await deleteProduct(db, objects, currentUser(ctx.state).id, ctx.params.productId ?? '', removeThumbnails);
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
      const image = await acceptImage(uploadOf(ctx).files.image!.path, Messages.imageTypeInvalid);
      const product = await addProductImage(db, objects, currentUser(ctx.state).id, ctx.params.productId ?? '', image);
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
      const product = await removeProductImage(db, objects, currentUser(ctx.state).id, productId, assetId, removeThumbnails);
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
      const found = await readStore(url, limits).catch(storeProblem);
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
      const user = currentUser(ctx.state);
      // Refused before anything is downloaded (createProduct checks again when it stores).
      await assertStorageAvailable(db, user.id);
      // The listing is read again: only images the store itself lists are downloaded.
      const listing = await readStore(request.url, limits).catch(storeProblem);
      const chosen = [...new Set(request.images)];
      if (!chosen.every((image) => listing.images.includes(image))) throw invalidRequest(ProductMessages.storeImageNotListed);
      const downloaded = await Promise.all(
        chosen.map((image) =>
          downloadStoreImage(image, { ...limits, maxBytes: IMAGE_UPLOAD_MAX_BYTES }).catch((error: unknown) => {
            if (error instanceof UnsafeAddressError) throw invalidRequest(ProductMessages.storeAddressRefused);
            throw new AppError(502, 'upstream_failed', ProductMessages.storeImageUnavailable);
          }),
        ),
      );
      const images = await Promise.all(downloaded.map((bytes) => acceptImage(bytes, ProductMessages.storeImageUnavailable)));
      const source = listing.products.find((p) => chosen.some((image) => p.images.includes(image)));
      const product = await createProduct(db, objects, {
        userId: user.id,
        title: request.title,
        images,
        handle: source?.handle ?? null,
        productUrl: source?.productUrl ?? null,
      });
      ctx.body = { success: true, product } satisfies ProductResponse;
    },
  );

  return router;
}
