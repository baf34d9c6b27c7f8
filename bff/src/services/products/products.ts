/**
 * A user's products (Brand Assets → Products): a title and up to 16 photos, stored as the user's
 * `product` assets. Only the owner lists, changes or uses them; anyone else's product is "not
 * found".
 */
import { PRODUCT_IMAGES_MAX, ProductMessages, type Product } from '@studio/contracts';
import type { ImageData } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { invalidRequest, notFound } from '../../errors.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { deleteAsset, saveImageAsset } from '../assets/files.ts';
import { isUuid } from '../ids.ts';
import type { ObjectStore } from '../storage/object-store.ts';

interface ProductRow {
  id: string;
  title: string;
  handle: string | null;
  product_url: string | null;
  description: string;
}

/** The user's products, newest first, each with its images in order. */
export async function listProducts(db: Db, userId: string, only?: string): Promise<Product[]> {
  const query = db('products')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  if (only) void query.andWhere({ id: only });
  const rows = await query.select<ProductRow[]>('id', 'title', 'handle', 'product_url', 'description');
  if (rows.length === 0) return [];
  const images = await db('product_images')
    .join('user_assets', 'user_assets.id', 'product_images.asset_id')
    .whereIn(
      'product_images.product_id',
      rows.map((r) => r.id),
    )
    .orderBy('product_images.position')
    .select<{ product_id: string; asset_id: string; public_url: string }[]>('product_id', 'asset_id', 'public_url');
  return rows.map((row) => {
    const own = images.filter((i) => i.product_id === row.id);
    return {
      id: row.id,
      handle: row.handle,
      title: row.title,
      productUrl: row.product_url,
      description: row.description,
      images: own.map((i) => i.public_url),
      imageIds: own.map((i) => i.asset_id),
    };
  });
}

export async function getOwnProduct(db: Db, userId: string, productId: string): Promise<Product> {
  const [product] = isUuid(productId) ? await listProducts(db, userId, productId) : [];
  if (!product) throw notFound(ProductMessages.notFound);
  return product;
}

/**
 * Stores the photos, then the product and its image rows in one transaction. A failure on the
 * way removes the photos already stored, so nothing half-made is left.
 */
export async function createProduct(
  db: Db,
  store: ObjectStore,
  request: {
    userId: string;
    title: string;
    images: ImageData[];
    handle?: string | null;
    productUrl?: string | null;
    description?: string;
  },
): Promise<Product> {
  if (request.images.length === 0) throw invalidRequest(ProductMessages.imagesRequired);
  if (request.images.length > PRODUCT_IMAGES_MAX) throw invalidRequest(ProductMessages.tooManyImages);
  await assertStorageAvailable(db, request.userId);
  const saved: string[] = [];
  const remove = (ids: string[]) => Promise.all(ids.map((id) => deleteAsset(db, store, request.userId, id, async () => {})));
  try {
    for (const image of request.images) saved.push((await saveProductPhoto(db, store, request.userId, image, request.title)).id);
    const id = await db.transaction(async (trx) => {
      const [row] = await trx('products')
        .insert({
          user_id: request.userId,
          title: request.title,
          handle: request.handle ?? null,
          product_url: request.productUrl ?? null,
          description: request.description ?? '',
        })
        .returning<{ id: string }[]>('id');
      await trx('product_images').insert(saved.map((assetId, position) => ({ product_id: row!.id, asset_id: assetId, position })));
      return row!.id;
    });
    return getOwnProduct(db, request.userId, id);
  } catch (error) {
    await remove(saved);
    throw error;
  }
}

const saveProductPhoto = (db: Db, store: ObjectStore, userId: string, image: ImageData, title: string) =>
  saveImageAsset(db, store, {
    userId,
    image,
    assetType: 'product',
    metadata: { prompt: title, mode: null, selectedLoRAModels: [], model: null, provider: null },
  });

/** A new name, a new description, or both. */
export async function updateProduct(
  db: Db,
  userId: string,
  productId: string,
  change: { title?: string; description?: string },
): Promise<Product> {
  await getOwnProduct(db, userId, productId);
  await db('products')
    .where({ id: productId, user_id: userId })
    .update({
      ...(change.title !== undefined && { title: change.title }),
      ...(change.description !== undefined && { description: change.description }),
      updated_at: db.fn.now(),
    });
  return getOwnProduct(db, userId, productId);
}

export async function addProductImage(db: Db, store: ObjectStore, userId: string, productId: string, image: ImageData): Promise<Product> {
  const product = await getOwnProduct(db, userId, productId);
  if (product.images.length >= PRODUCT_IMAGES_MAX) throw invalidRequest(ProductMessages.tooManyImages);
  await assertStorageAvailable(db, userId);
  const asset = await saveProductPhoto(db, store, userId, image, product.title);
  try {
    await db.transaction(async (trx) => {
      // One image added at a time per product: the row lock orders concurrent adds and keeps the cap.
      await trx('products').where({ id: productId }).forUpdate().first('id');
      const positions: number[] = await trx('product_images').where({ product_id: productId }).pluck('position');
      if (positions.length >= PRODUCT_IMAGES_MAX) throw invalidRequest(ProductMessages.tooManyImages);
      await trx('product_images').insert({ product_id: productId, asset_id: asset.id, position: Math.max(-1, ...positions) + 1 });
    });
  } catch (error) {
    await deleteAsset(db, store, userId, asset.id, async () => {});
    throw error;
  }
  return getOwnProduct(db, userId, productId);
}

/** Removes one photo; the last one cannot go (a product has at least one image). */
export async function removeProductImage(
  db: Db,
  store: ObjectStore,
  userId: string,
  productId: string,
  assetId: string,
  removeThumbnails: (id: string) => Promise<void>,
): Promise<Product> {
  const product = await getOwnProduct(db, userId, productId);
  if (!product.imageIds?.includes(assetId)) throw notFound();
  if (product.images.length === 1) throw invalidRequest(ProductMessages.imagesRequired);
  await deleteAsset(db, store, userId, assetId, removeThumbnails);
  return getOwnProduct(db, userId, productId);
}

export async function deleteProduct(
  db: Db,
  store: ObjectStore,
  userId: string,
  productId: string,
  removeThumbnails: (id: string) => Promise<void>,
): Promise<void> {
  const product = await getOwnProduct(db, userId, productId);
  await db('products').where({ id: productId, user_id: userId }).delete();
  for (const assetId of product.imageIds ?? []) await deleteAsset(db, store, userId, assetId, removeThumbnails);
}
