import { z } from 'zod';
import { PageCursor } from './ids.ts';
import { GenerationMode, ModelEntry } from './images.ts';

/** `product`: a product's photo (Brand Assets → Products), kept out of the gallery. */
export const ASSET_TYPES = ['image', 'video', 'audio', 'product'] as const;
export const AssetType = z.enum(ASSET_TYPES);
export type AssetType = z.infer<typeof AssetType>;

/** spec 1 §2: the gallery loads 20 at a time, newest first. */
export const GALLERY_PAGE_SIZE = 20;

/** spec 2 §3 gallery asset modes: a generation's, or upscale, or video. */
export const AssetMode = z.union([GenerationMode, z.enum(['upscale', 'video'])]);

/** How an asset was made (spec 1 §7 / spec 2 §2 media viewer). */
export const AssetMetadata = z.object({
  width: z.number(),
  height: z.number(),
  aspectRatio: z.string(),
  prompt: z.string(),
  mode: AssetMode.nullable(),
  selectedLoRAModels: z.array(z.string()),
  model: z.string().nullable(),
  duration: z.number().nullable(),
  /** `local` for the offline engine. */
  provider: z.string().nullable(),
  /** The video job that made it: a finished ad's formats share it, and the gallery shows them as one. */
  jobId: z.string().nullable().default(null),
  /** Which of its job's hook variants it is (the gallery shows a job's variants under the job). */
  variant: z.object({ id: z.string(), label: z.string(), position: z.number() }).nullable().default(null),
});
export type AssetMetadata = z.infer<typeof AssetMetadata>;

export const UserAsset = z.object({
  id: z.string(),
  user_id: z.string(),
  asset_type: AssetType,
  public_url: z.string(),
  thumbnail_url: z.string().nullable(),
  file_size: z.number(),
  is_featured: z.boolean(),
  character_id: z.string().nullable(),
  created_at: z.string(),
  metadata: AssetMetadata,
});
export type UserAsset = z.infer<typeof UserAsset>;

export const UserAssetsQuery = z.object({
  assetType: AssetType.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: PageCursor.optional(),
});
export const UserAssetsResponse = z.object({
  success: z.literal(true),
  assets: z.array(UserAsset),
  /** Absent on the last page. */
  nextCursor: z.string().nullable(),
});
export type UserAssetsResponse = z.infer<typeof UserAssetsResponse>;

/** A featured image as the discover feed shows it (spec 1 §7). */
export const FeaturedImage = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.number(),
  height: z.number(),
  aspectRatio: z.string(),
  createdAt: z.string(),
  assetId: z.string(),
  publicId: z.string(),
  prompt: z.string(),
  mode: AssetMode.nullable(),
  selectedLoRAModels: z.array(z.string()),
  creatorName: z.string().nullable(),
  creatorAvatar: z.string().nullable(),
});
export type FeaturedImage = z.infer<typeof FeaturedImage>;
export const FeaturedImagesResponse = z.object({ success: z.literal(true), images: z.array(FeaturedImage) });
export type FeaturedImagesResponse = z.infer<typeof FeaturedImagesResponse>;

/** Bodies that may name the caller (spec 2 §7); a name that is not the caller is refused. */
export const OwnerBody = z.object({ userId: z.string().max(100).optional() });
export const FeatureToggleRequest = z.object({
  userId: z.string().max(100).optional(),
  userEmail: z.string().max(320).optional(),
  /** The new state; toggles when absent. */
  isFeatured: z.boolean().optional(),
});
export const FeatureToggleResponse = z.object({
  success: z.literal(true),
  asset: z.object({ id: z.string(), is_featured: z.boolean() }),
  message: z.string(),
});
export type FeatureToggleResponse = z.infer<typeof FeatureToggleResponse>;

export const SuccessResponse = z.object({ success: z.literal(true) });

export const Character = z.object({
  id: z.string(),
  name: z.string(),
  latestImageUrl: z.string().nullable(),
  /** The character's voice (spec 2 §3), when one is set. */
  voiceId: z.string().nullable(),
  /** Its voice settings (stability, similarity_boost, speed), when set. */
  voiceSettings: z.record(z.string(), z.number()).nullable(),
  created_at: z.string(),
});
export type Character = z.infer<typeof Character>;
export const CharactersResponse = z.object({ success: z.literal(true), characters: z.array(Character) });
export type CharactersResponse = z.infer<typeof CharactersResponse>;

/** spec 2 §7: the caller's own trained models (type, name, sample image, status). */
export const UserLoraModelsResponse = z.object({
  success: z.literal(true),
  models: z.array(ModelEntry.extend({ status: z.enum(['queued', 'training', 'ready', 'failed']), progress: z.number().int() })),
});
export type UserLoraModelsResponse = z.infer<typeof UserLoraModelsResponse>;

export const UploadTempImageResponse = z.object({ success: z.literal(true), imageUrl: z.string() });
export type UploadTempImageResponse = z.infer<typeof UploadTempImageResponse>;

/** A thumbnail's size and quality (the grid asks for its column width). */
export const THUMBNAIL_WIDTHS = { min: 16, max: 2048 } as const;
/**
 * The only sizes (px, for width and height) and WebP qualities thumbnails are made in: a request is
 * served the nearest one at or above it (the largest past the end), so an image has a handful of
 * thumbnails however many sizes are asked for (each is decoded and kept on disk once).
 */
export const THUMBNAIL_SIZES = [240, 480, 720, 1080] as const;
export const THUMBNAIL_QUALITIES = [75, 90] as const;

const atOrAbove = (allowed: readonly number[], wanted: number) => allowed.find((a) => a >= wanted) ?? allowed[allowed.length - 1]!;
/** The thumbnail size that serves a slot `px` wide (or high). */
export const thumbnailSize = (px: number) => atOrAbove(THUMBNAIL_SIZES, px);

export const ThumbnailQuery = z.object({
  w: z.coerce.number().int().min(THUMBNAIL_WIDTHS.min).max(THUMBNAIL_WIDTHS.max).default(480),
  h: z.coerce.number().int().min(THUMBNAIL_WIDTHS.min).max(THUMBNAIL_WIDTHS.max).optional(),
  q: z.coerce.number().int().min(30).max(95).default(75),
});
export type ThumbnailQuery = z.infer<typeof ThumbnailQuery>;

/** The thumbnail that serves a request: its size and quality snapped to the fixed sets. */
export const thumbnailVariant = ({ w, h, q }: ThumbnailQuery): ThumbnailQuery => ({
  w: thumbnailSize(w),
  h: h === undefined ? undefined : thumbnailSize(h),
  q: atOrAbove(THUMBNAIL_QUALITIES, q),
});

/** A small WebP of one of the user's image assets, for grids (other URLs are returned unchanged). */
export const thumbnailOf = (url: string, width = 240) =>
  url.replace(/^\/media\/assets\/([0-9a-f-]{36})\.\w+$/, `/media/thumbs/$1.webp?w=${thumbnailSize(width)}`);
