import { IMAGE_UPLOAD_MAX_BYTES, Messages, ProductMessages, type Product, type StoreImportRequest } from '@studio/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { AppError, invalidRequest } from '../../errors.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { Thumbnails } from '../storage/thumbnails.ts';
import type { UploadedFile } from '../uploads/gate.ts';
import { acceptImage } from '../uploads/images.ts';
import { downloadStoreImage, NotAStoreError, readStore, type FetchLimits } from './online-store.ts';
import {
  addProductImage,
  createProduct,
  deleteProduct,
  getOwnProduct,
  listProducts,
  removeProductImage,
  updateProduct,
} from './products.ts';
import { FetchFailedError, UnsafeAddressError } from './safe-fetch.ts';

export interface ProductServiceDeps {
  db: Db;
  objects: ObjectStore;
  thumbnails: Thumbnails;
  /** Origins a store import may read besides public addresses (a local stand-in store). */
  storeImportAllowedOrigins: readonly string[];
}

/** A store has this long to answer each read. */
const STORE_TIMEOUT_MS = 10_000;

/** A store read's failure in the user's words: refused addresses, unreachable stores, addresses that are not stores. */
function storeProblem(error: unknown): never {
  if (error instanceof UnsafeAddressError) throw invalidRequest(ProductMessages.storeAddressRefused);
  if (error instanceof NotAStoreError) throw invalidRequest(ProductMessages.storeNotAStore);
  if (error instanceof FetchFailedError) throw new AppError(502, 'upstream_failed', ProductMessages.storeUnreachable);
  throw error;
}

/** The caller's products (spec 2 §6): uploaded photos, or photos imported from their online store. */
export function createProductService({ db, objects, thumbnails, storeImportAllowedOrigins }: ProductServiceDeps) {
  const limits: FetchLimits = { timeoutMs: STORE_TIMEOUT_MS, allowedOrigins: storeImportAllowedOrigins };
  const removeThumbnails = (id: string) => thumbnails.remove(id);
  const acceptAll = (files: UploadedFile[]) => Promise.all(files.map((file) => acceptImage(file.path, Messages.imageTypeInvalid)));

  return {
    list: (userId: string) => listProducts(db, userId),
    /** One of the caller's products; anyone else's is "not found". */
    get: (userId: string, productId: string) => getOwnProduct(db, userId, productId),
    async create(userId: string, title: string, files: UploadedFile[]): Promise<Product> {
      return createProduct(db, objects, { userId, title, images: await acceptAll(files) });
    },
    update: (userId: string, productId: string, change: { title?: string; description?: string }) =>
      updateProduct(db, userId, productId, change),
    remove: (userId: string, productId: string) => deleteProduct(db, objects, userId, productId, removeThumbnails),
    async addImage(userId: string, productId: string, file: UploadedFile): Promise<Product> {
      const [image] = await acceptAll([file]);
      return addProductImage(db, objects, userId, productId, image!);
    },
    removeImage: (userId: string, productId: string, assetId: string) =>
      removeProductImage(db, objects, userId, productId, assetId, removeThumbnails),

    /** The products and images an online store lists. */
    readStore: (url: string) => readStore(url, limits).catch(storeProblem),

    /** A product from images the store itself lists (the listing is read again; nothing else is downloaded). */
    async importFromStore(userId: string, request: z.output<typeof StoreImportRequest>): Promise<Product> {
      // Refused before anything is downloaded (createProduct checks again when it stores).
      await assertStorageAvailable(db, userId);
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
      return createProduct(db, objects, {
        userId,
        title: request.title,
        images,
        handle: source?.handle ?? null,
        productUrl: source?.productUrl ?? null,
        description: source?.description ?? '',
      });
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
