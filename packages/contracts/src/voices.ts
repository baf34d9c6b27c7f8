import { z } from 'zod';
import { Messages } from './errors.ts';
import { RequestId } from './images.ts';

/** spec 2 §3 "Voice library entry": presets also carry accent and gender labels. */
export const VoiceLibraryEntry = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  previewUrl: z.string().nullable(),
  labels: z.object({ accent: z.string(), gender: z.string() }).partial().optional(),
});
export type VoiceLibraryEntry = z.infer<typeof VoiceLibraryEntry>;

/**
 * spec 2 §9: the 8 preset voices, UGC2 the default. Ids follow the Voice ID rules of §5 (10+
 * letters and digits) so a preset can be saved like any other voice.
 */
export const VOICE_PRESETS = [
  { id: 'studioUgcExcited', name: 'UGC Excited', description: 'Expressive, upbeat creator voice', gender: 'female', accent: 'american' },
  { id: 'studioUgcThree', name: 'UGC3', description: 'Expressive, bright creator voice', gender: 'female', accent: 'american' },
  { id: 'studioUgcTwo', name: 'UGC2', description: 'Expressive, warm creator voice', gender: 'female', accent: 'american' },
  { id: 'studioUgcOne', name: 'UGC1', description: 'Expressive, relaxed creator voice', gender: 'female', accent: 'american' },
  { id: 'studioAdam01', name: 'Adam', description: 'Natural male voice', gender: 'male', accent: 'american' },
  { id: 'studioSarah01', name: 'Sarah', description: 'Professional female voice', gender: 'female', accent: 'british' },
  { id: 'studioArnold01', name: 'Arnold', description: 'Deep male voice', gender: 'male', accent: 'american' },
  { id: 'studioGrace01', name: 'Grace', description: 'Soft female voice', gender: 'female', accent: 'british' },
] as const;
export type VoicePresetId = (typeof VOICE_PRESETS)[number]['id'];
export const DEFAULT_VOICE_ID: VoicePresetId = 'studioUgcTwo';
export const PRESET_CATEGORY = 'Presets';

/** spec 2 §9: voice settings and their ranges. */
export const VOICE_SETTING_RANGES = {
  stability: { min: 0, max: 1, step: 0.01 },
  similarityBoost: { min: 0, max: 1, step: 0.01 },
  speed: { min: 0.25, max: 4, step: 0.01 },
  style: { min: 0, max: 1, step: 0.01 },
} as const;
/** spec 2 §9: the talking-person editor's defaults (the simple editor passes its own). */
export const DEFAULT_VOICE_SETTINGS = { stability: 0.3, similarityBoost: 0.8, speed: 1, style: 0, useSpeakerBoost: false } as const;
export const SIMPLE_EDITOR_VOICE_SETTINGS = { stability: 0.5, similarityBoost: 0.75, speed: 1, style: 0, useSpeakerBoost: false } as const;

const unit = z.coerce.number().min(0).max(1);

/** spec 2 §5: a Voice ID is 10+ characters, letters and digits only. */
export const VoiceId = z
  .string({ error: Messages.voiceIdTooShort })
  .trim()
  .min(10, { error: Messages.voiceIdTooShort })
  .max(64, { error: Messages.voiceIdCharacters })
  .regex(/^[A-Za-z0-9]+$/, { error: Messages.voiceIdCharacters });

/** `POST /api/generate-audio` (spec 2 §7); the simple editor says `similarity`. */
export const GenerateAudioRequest = z.object({
  text: z
    .string({ error: Messages.voiceTextRequired })
    .max(5000)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: Messages.voiceTextRequired }),
  voiceId: VoiceId.default(DEFAULT_VOICE_ID),
  stability: unit.default(DEFAULT_VOICE_SETTINGS.stability),
  similarityBoost: unit.optional(),
  similarity: unit.optional(),
  style: unit.default(0),
  useSpeakerBoost: z.boolean().default(false),
  speed: z.coerce.number().min(VOICE_SETTING_RANGES.speed.min).max(VOICE_SETTING_RANGES.speed.max).default(1),
  userId: z.string().max(100).optional(),
  projectId: z.string().max(100).optional(),
  /** A retry with the same id and script answers the same audio, charged once. */
  requestId: RequestId,
});
export type GenerateAudioRequest = z.infer<typeof GenerateAudioRequest>;
/** A spoken word of the script and when it is said (seconds from the audio's start), in order. */
export const WordTiming = z.object({ text: z.string(), start: z.number(), end: z.number() });
export type WordTiming = z.infer<typeof WordTiming>;

export const GenerateAudioResponse = z.object({
  success: z.literal(true),
  audioUrl: z.string(),
  duration: z.number(),
  assetId: z.string(),
  provider: z.string(),
  /** Each word of the script (punctuation attached, a number one word) and when it is said. */
  words: z.array(WordTiming),
});
export type GenerateAudioResponse = z.infer<typeof GenerateAudioResponse>;

/** `POST /api/upload-audio`'s text fields (spec 2 §7). */
export const UploadAudioFields = z.object({
  userId: z.string().max(100).optional(),
  projectId: z.string().max(100).optional(),
  purpose: z.string().max(40).optional(),
  /**
   * What the recording says: with it, the answer times each word (forced alignment). As long as a
   * script block may be (`SCRIPT_BLOCK_MAX_CHARS`); a blank one is none (the simple editor sends its
   * script as it is), and one with no word in it is refused.
   */
  text: z
    .string()
    .max(5000, { error: Messages.scriptTooLong })
    .refine((s) => !s.trim() || /[\p{L}\p{N}]/u.test(s), { error: Messages.simpleAudioTextRequired })
    .optional(),
});

export const UploadAudioResponse = z.object({
  success: z.literal(true),
  audioUrl: z.string(),
  duration: z.number(),
  assetId: z.string(),
  /** With a `text`: each of its words and when it is said in the upload. */
  words: z.array(WordTiming).optional(),
});
export type UploadAudioResponse = z.infer<typeof UploadAudioResponse>;

export const VoiceLibraryResponse = z.object({
  success: z.literal(true),
  total: z.number(),
  voices: z.record(z.string(), z.array(VoiceLibraryEntry)),
  /** Who speaks: the offline engine, or a hosted voice provider. */
  engine: z.enum(['local', 'hosted']),
});
export type VoiceLibraryResponse = z.infer<typeof VoiceLibraryResponse>;
export const VoiceInfoResponse = z.object({ success: z.literal(true), voice: VoiceLibraryEntry });
export type VoiceInfoResponse = z.infer<typeof VoiceInfoResponse>;

export const ValidateVoiceRequest = z.object({ voiceId: VoiceId });
export const ValidateVoiceResponse = z.object({
  valid: z.boolean(),
  voiceInfo: z.object({ name: z.string() }).optional(),
  error: z.string().optional(),
});
export type ValidateVoiceResponse = z.infer<typeof ValidateVoiceResponse>;

export const CloneVoiceFields = z.object({
  voiceName: z.string({ error: Messages.voiceNameRequired }).trim().min(1, { error: Messages.voiceNameRequired }).max(100),
  userId: z.string().max(100).optional(),
});
export const CloneVoiceResponse = z.object({
  success: z.literal(true),
  voiceId: z.string(),
  requiresVerification: z.boolean(),
  /** Set when the sample is under 100 KB (spec 2 §5: a warning, not a refusal). */
  warning: z.string().optional(),
  /** The local engine builds the closest voice it can: it says so. */
  approximation: z.boolean(),
  profile: z.lazy(() => VoiceProfile),
});
export type CloneVoiceResponse = z.infer<typeof CloneVoiceResponse>;

/** spec 2 §9: the voice settings a saved voice keeps. */
export const SavedVoiceSettings = z.object({ stability: unit, similarity: unit, speed: z.number().min(0.25).max(4) });
export const SavedVoice = z.object({
  id: z.string(),
  name: z.string(),
  voice_id: z.string(),
  voice_settings: SavedVoiceSettings,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedVoice = z.infer<typeof SavedVoice>;
export const SaveVoiceRequest = z.object({
  name: z.string().trim().min(1, { error: Messages.voiceNameRequired }).max(100),
  voice_id: VoiceId,
  voice_settings: SavedVoiceSettings.default({ stability: 0.5, similarity: 0.75, speed: 1 }),
});
export const UpdateSavedVoiceRequest = z
  .object({ name: z.string().trim().min(1, { error: Messages.voiceNameRequired }).max(100), voice_settings: SavedVoiceSettings })
  .partial()
  .strict();
export const SavedVoicesResponse = z.object({ success: z.literal(true), voices: z.array(SavedVoice) });
export type SavedVoicesResponse = z.infer<typeof SavedVoicesResponse>;
export const SavedVoiceResponse = z.object({ success: z.literal(true), voice: SavedVoice });
export const SavedVoiceExistsQuery = z.object({ voiceId: z.string().max(200).default('') });
export const SavedVoiceExistsResponse = z.object({ exists: z.boolean() });

export const VoiceProfile = z.object({
  id: z.string(),
  name: z.string(),
  voice_id: z.string(),
  type: z.enum(['custom', 'cloned']),
  is_active: z.boolean(),
  /** A cloned voice made by the local engine is the closest voice it can build. */
  approximation: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VoiceProfile = z.infer<typeof VoiceProfile>;
export const CreateVoiceProfileRequest = z.object({
  name: z.string().trim().min(1, { error: Messages.voiceNameRequired }).max(100),
  voice_id: VoiceId,
});
export const UpdateVoiceProfileRequest = z
  .object({ name: z.string().trim().min(1, { error: Messages.voiceNameRequired }).max(100), is_active: z.boolean() })
  .partial()
  .strict();
export const VoiceProfilesResponse = z.object({ success: z.literal(true), profiles: z.array(VoiceProfile) });
export type VoiceProfilesResponse = z.infer<typeof VoiceProfilesResponse>;
export const VoiceProfileResponse = z.object({ success: z.literal(true), profile: VoiceProfile });

/** spec 2 §3 "Character": the voice a character speaks with. */
export const CharacterVoiceRequest = z.object({
  voice_id: VoiceId,
  voice_profile_id: z.uuid().nullable().optional(),
  voice_settings: z
    .object({
      stability: unit,
      similarity_boost: unit,
      speed: z.number().min(VOICE_SETTING_RANGES.speed.min).max(VOICE_SETTING_RANGES.speed.max),
    })
    .default({ stability: 0.5, similarity_boost: 0.75, speed: 1 }),
});
export type CharacterVoiceRequest = z.infer<typeof CharacterVoiceRequest>;
export const CharacterVoiceResponse = z.object({
  success: z.literal(true),
  character: z.object({ id: z.string() }).and(CharacterVoiceRequest),
});
