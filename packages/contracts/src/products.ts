import { z } from 'zod';

/** spec 2 §9: at most 16 store images are shown; a product keeps at most as many. */
export const STORE_IMAGES_MAX = 16;
export const PRODUCT_IMAGES_MAX = 16;
export const PRODUCT_TITLE_MAX = 120;
/** What a product's description may hold (a store's listing is cut to it). */
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const STORE_URL_MAX = 2048;

/** Brand Assets → Products, and the store import. */
export const ProductMessages = {
  titleRequired: 'Give the product a name.',
  titleTooLong: `A product name has at most ${PRODUCT_TITLE_MAX} characters.`,
  descriptionTooLong: `A product description has at most ${PRODUCT_DESCRIPTION_MAX} characters.`,
  nothingToChange: 'Give the product a new name or description.',
  imagesRequired: 'Add at least one image of the product.',
  tooManyImages: `A product has at most ${PRODUCT_IMAGES_MAX} images.`,
  notFound: 'Product not found.',
  storeUrlInvalid: 'Enter a store or product address starting with http:// or https://.',
  storeAddressRefused: 'That address cannot be imported from.',
  storeUnreachable: 'That store could not be reached. Check the address and try again.',
  storeNotAStore: 'No products were found at that address. Paste a store or product page address.',
  storeImageUnavailable: 'An image of that product could not be downloaded. Try again, or choose other images.',
  storeImageNotListed: 'Choose images from the store’s listing.',
} as const;

export const ProductRoutes = {
  list: '/api/products/list',
  products: '/api/products',
  /** spec 2 §7: the store-import call ending in `product-images`. */
  storeImages: '/api/store-import/product-images',
  storeImport: '/api/store-import/import',
} as const;

/** spec 2 §3 "Store items": a product (the user's own, or one found in a store). */
export const Product = z.object({
  id: z.string(),
  handle: z.string().nullable(),
  title: z.string(),
  productUrl: z.string().nullable(),
  images: z.array(z.string()),
  /** What the product is and does, in its seller's words (a store's listing; '' when none): ads are drafted from it. */
  description: z.string(),
  /** Own products: the asset id of each image, in the same order (to remove one). */
  imageIds: z.array(z.string()).optional(),
});
export type Product = z.infer<typeof Product>;

export const ProductListResponse = z.object({ success: z.literal(true), items: z.array(Product) });
export type ProductListResponse = z.infer<typeof ProductListResponse>;
export const ProductResponse = z.object({ success: z.literal(true), product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

const title = z
  .string({ error: ProductMessages.titleRequired })
  .trim()
  .min(1, ProductMessages.titleRequired)
  .max(PRODUCT_TITLE_MAX, ProductMessages.titleTooLong);

export const ProductListQuery = z.object({ userId: z.string().optional() });
/** What the seller says the product is and does; ads are drafted from it. */
export const ProductDescription = z.string().trim().max(PRODUCT_DESCRIPTION_MAX, { error: ProductMessages.descriptionTooLong });
/** `PATCH /api/products/:id`: a new name, a new description, or both. */
export const UpdateProductRequest = z
  .object({ title: title.optional(), description: ProductDescription.optional() })
  .refine((change) => change.title !== undefined || change.description !== undefined, { error: ProductMessages.nothingToChange });
export type UpdateProductRequest = z.input<typeof UpdateProductRequest>;
/** The text fields of `POST /api/products` (multipart; files `image_0` … `image_15`). */
export const CreateProductFields = z.object({ title });

const storeUrl = z
  .string({ error: ProductMessages.storeUrlInvalid })
  .trim()
  .max(STORE_URL_MAX, ProductMessages.storeUrlInvalid)
  .refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), ProductMessages.storeUrlInvalid);

export const StoreImagesQuery = z.object({ url: storeUrl });
/** What a store offers at an address: its products (a product page gives one) and the first 16 images of them. */
export const StoreImagesResponse = z.object({
  success: z.literal(true),
  products: z.array(Product),
  images: z.array(z.string()).max(STORE_IMAGES_MAX),
});
export type StoreImagesResponse = z.infer<typeof StoreImagesResponse>;

export const StoreImportRequest = z.object({
  url: storeUrl,
  title,
  images: z
    .array(z.string().max(STORE_URL_MAX))
    .min(1, ProductMessages.imagesRequired)
    .max(PRODUCT_IMAGES_MAX, ProductMessages.tooManyImages),
});
export type StoreImportRequest = z.infer<typeof StoreImportRequest>;
