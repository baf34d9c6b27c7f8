/**
 * A store's public product data, as Shopify-style stores publish it: a product page
 * `/products/<handle>` has `/products/<handle>.json` ({ product }), a store has `/products.json`
 * ({ products }). Read through `safeFetch`, so a pasted address can only reach public hosts.
 */
import { PRODUCT_DESCRIPTION_MAX, STORE_IMAGES_MAX, type Product } from '@studio/contracts';
import { z } from 'zod';
import { FetchFailedError, safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

/** Product data is small; a store's listing page stays under this. */
const LISTING_MAX_BYTES = 2 * 1024 * 1024;
const LISTING_PRODUCTS = 30;

const StoreProduct = z.object({
  id: z.union([z.number(), z.string()]),
  handle: z.string().max(255),
  title: z.string().max(500),
  /** The listing's description, as HTML. */
  body_html: z.string().max(100_000).nullish(),
  images: z.array(z.object({ src: z.string().max(2048) })).default([]),
});
const ProductPage = z.object({ product: StoreProduct });
const Listing = z.object({ products: z.array(StoreProduct) });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * A listing's HTML description as the words a shopper reads: tags dropped (block ends become
 * sentence breaks), common entities decoded, spaces collapsed, cut to what a product keeps.
 */
export function plainText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '. ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, name: string) => {
      if (ENTITIES[name.toLowerCase()] !== undefined) return ENTITIES[name.toLowerCase()]!;
      const code =
        name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : NaN;
      return Number.isInteger(code) && code > 31 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .replace(/\s*(\.\s*){2,}/g, '. ')
    .replace(/^[\s.]+/, '')
    .trim();
  if (text.length <= PRODUCT_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, PRODUCT_DESCRIPTION_MAX);
  // At the last sentence end that fits, or the last space.
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf(' '));
  return (end > PRODUCT_DESCRIPTION_MAX / 2 ? cut.slice(0, end + 1) : cut).trim();
}

export class NotAStoreError extends Error {
  override name = 'NotAStoreError';
}

export type FetchLimits = Pick<SafeFetchOptions, 'timeoutMs' | 'allowedOrigins'>;

/** Where the product data of a pasted address is: its product's `.json`, or the store's listing. */
export function listingUrl(pasted: string): URL {
  const url = new URL(pasted);
  const handle = /\/products\/([^/?#.]+)/.exec(url.pathname)?.[1];
  return handle ? new URL(`/products/${handle}.json`, url.origin) : new URL(`/products.json?limit=${LISTING_PRODUCTS}`, url.origin);
}

/** The products at a pasted store or product address, and the first 16 of their images (absolute URLs). */
export async function readStore(pasted: string, limits: FetchLimits): Promise<{ products: Product[]; images: string[] }> {
  const source = listingUrl(pasted);
  const fetched = await safeFetch(source.href, { ...limits, maxBytes: LISTING_MAX_BYTES });
  let json: unknown;
  try {
    json = JSON.parse(fetched.body.toString('utf8'));
  } catch {
    throw new NotAStoreError('not JSON');
  }
  const page = ProductPage.safeParse(json);
  const listing = page.success ? { products: [page.data.product] } : Listing.safeParse(json).data;
  if (!listing) throw new NotAStoreError('no products');
  const products = listing.products.map((p): Product => ({
    id: String(p.id),
    handle: p.handle,
    title: p.title,
    productUrl: new URL(`/products/${p.handle}`, source.origin).href,
    description: plainText(p.body_html ?? ''),
    images: p.images.flatMap((image) => (URL.canParse(image.src, fetched.url) ? [new URL(image.src, fetched.url).href] : [])),
  }));
  const images = [...new Set(products.flatMap((p) => p.images))].slice(0, STORE_IMAGES_MAX);
  if (images.length === 0) throw new NotAStoreError('no images');
  return { products, images };
}

/** Downloads one store image (checked as an image by the caller). */
export async function downloadStoreImage(url: string, limits: FetchLimits & { maxBytes: number }): Promise<Buffer> {
  const fetched = await safeFetch(url, limits);
  if (fetched.body.length === 0) throw new FetchFailedError('empty');
  return fetched.body;
}
