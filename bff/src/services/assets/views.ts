import type { GeneratedImage, UploadAudioResponse, UserAsset } from '@studio/contracts';

/** URLs the bff serves asset files and thumbnails at. */
export const ASSET_URL_PREFIX = '/media/assets';
export const THUMB_URL_PREFIX = '/media/thumbs';

/**
 * How assets appear in answers: one mapper per shape, so every route that answers an asset
 * answers it the same way.
 */

/** A gallery image as generation answers carry it. */
export const toGeneratedImage = (asset: UserAsset): GeneratedImage => ({
  assetId: asset.id,
  url: asset.public_url,
  thumbnailUrl: asset.thumbnail_url,
  width: asset.metadata.width,
  height: asset.metadata.height,
});

/** An uploaded or spoken audio asset as the voice answers carry it. */
export const toAudioUpload = (asset: UserAsset): UploadAudioResponse => ({
  success: true,
  audioUrl: asset.public_url,
  duration: asset.metadata.duration ?? 0,
  assetId: asset.id,
});
