import { PREBUILT_IMAGE_MODELS, type ModelEntry } from '@studio/contracts';

/** The pre-built image models as the model list shows them (spec 2 §3). */
export const PREBUILT_MODEL_ENTRIES: readonly ModelEntry[] = PREBUILT_IMAGE_MODELS.map((m) => ({
  id: m.id,
  name: m.name,
  type: 'pre-built',
  sampleImageUrl: null,
  isPremium: m.isPremium,
  requiresMultipleImages: m.requiresMultipleImages,
  mode: m.mode,
}));
