import {
  DEFAULT_EDIT_MODEL,
  DEFAULT_IMAGE_MODEL,
  EDIT_CAPABLE_MODELS,
  Messages,
  PREBUILT_IMAGE_MODELS,
  RESOLUTION_MAP,
  type GenerateImageFields,
  type GenerationMode,
  type PrebuiltImageModelId,
} from '@studio/contracts';
import { invalidRequest } from '../../errors.ts';

/** What one generation request will do, decided on the server (spec 2 §4, §5). */
export interface GenerationPlan {
  modelId: PrebuiltImageModelId;
  mode: GenerationMode;
  prompt: string;
  count: number;
  /** The requested aspect ratio's resolution; modes that inherit an input's shape adjust it later. */
  width: number;
  height: number;
  /** Modes whose output takes the shape of an input image ("Inherits img 2"). */
  inheritsShapeFrom: 'image' | 'image2' | null;
  /** Non-pre-built models (styles, characters, LoRAs) kept in the selection. */
  extraModels: string[];
}

const PREBUILT = new Map<string, (typeof PREBUILT_IMAGE_MODELS)[number]>(PREBUILT_IMAGE_MODELS.map((m) => [m.id, m]));
const DEFAULT_MODEL_OF_MODE: Record<GenerationMode, PrebuiltImageModelId> = {
  generate: DEFAULT_IMAGE_MODEL,
  edit: DEFAULT_EDIT_MODEL,
  kontext_multi: 'kontext_multi',
  replace_background: 'ideogram_v3_replace_background',
  virtual_tryon: 'kling_kolors_virtual_tryon',
};

/**
 * Decides model and mode from the request and the images it carries, and enforces the rules the
 * prompt bar also applies: a selected pre-built model wins; with an input image the model is an
 * edit-capable one (Edit by default); the two-image models need both images; a prompt is needed
 * except for virtual try-on. `knownExtraModels` are the caller's own trained models.
 */
export function planGeneration(
  fields: GenerateImageFields,
  images: { image: boolean; image2: boolean },
  knownExtraModels: ReadonlySet<string> = new Set(),
): GenerationPlan {
  const listed = fields.selectedLoRAModels ?? [];
  const selection = fields.loraModelId && !listed.includes(fields.loraModelId) ? [...listed, fields.loraModelId] : listed;
  const extraModels = selection.filter((id) => !PREBUILT.has(id));
  const unknown = extraModels.find((id) => !knownExtraModels.has(id));
  if (unknown) throw invalidRequest(Messages.unknownModel, { field: 'selectedLoRAModels', model: unknown });

  const selected = selection.find((id): id is PrebuiltImageModelId => PREBUILT.has(id));
  let modelId: PrebuiltImageModelId =
    selected ?? (fields.mode ? DEFAULT_MODEL_OF_MODE[fields.mode] : images.image ? DEFAULT_EDIT_MODEL : DEFAULT_IMAGE_MODEL);
  // spec 2 §4: an input image forces an edit-capable model (try-on has its own two images).
  if (images.image && modelId !== 'kling_kolors_virtual_tryon' && !EDIT_CAPABLE_MODELS.includes(modelId)) modelId = DEFAULT_EDIT_MODEL;
  const mode = PREBUILT.get(modelId)!.mode;

  if (mode === 'kontext_multi' && !(images.image && images.image2))
    throw invalidRequest(Messages.productPlacementNeedsTwoImages, { field: 'image2' });
  if (mode === 'virtual_tryon' && !(images.image && images.image2)) throw invalidRequest(Messages.tryOnNeedsImages, { field: 'image2' });
  if (mode === 'replace_background' && !images.image) throw invalidRequest(Messages.replaceBackgroundNeedsImage, { field: 'image' });
  if (mode === 'edit' && !images.image) throw invalidRequest(Messages.editNeedsImage, { field: 'image' });
  // Try-on needs no prompt (its prompt box is read-only); every other mode does.
  const prompt = mode === 'virtual_tryon' ? '' : fields.prompt;
  if (mode !== 'virtual_tryon' && !prompt) throw invalidRequest(Messages.promptRequired, { field: 'prompt' });

  const { width, height } = RESOLUTION_MAP[fields.aspectRatio]!;
  // Two-image modes make one composite per request; the others make 1–4.
  const count = mode === 'kontext_multi' || mode === 'virtual_tryon' ? 1 : fields.imageCount;
  // spec 2 §2: the second slot is 'PLACE or PERSON' and locked modes show 'Inherits img 2'.
  const inheritsShapeFrom = mode === 'kontext_multi' || mode === 'virtual_tryon' ? 'image2' : null;
  return { modelId, mode, prompt, count, width, height, inheritsShapeFrom, extraModels };
}
