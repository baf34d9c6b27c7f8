import fs from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import {
  ApiRoutes,
  AUDIO_UPLOAD_MAX_BYTES,
  CLONE_SAMPLE_MAX_BYTES,
  CLONE_SAMPLE_WARN_BYTES,
  CharacterVoiceRequest,
  CharacterVoiceResponse,
  CloneVoiceFields,
  CreateVoiceProfileRequest,
  DEFAULT_VOICE_SETTINGS,
  GenerateAudioRequest,
  Messages,
  PRESET_CATEGORY,
  SavedVoiceExistsResponse,
  SavedVoiceResponse,
  SavedVoicesResponse,
  SaveVoiceRequest,
  SuccessResponse,
  UpdateSavedVoiceRequest,
  UpdateVoiceProfileRequest,
  UploadAudioResponse,
  ValidateVoiceRequest,
  VOICE_CLONING_TIERS,
  VoiceId,
  VoiceInfoResponse,
  VoiceLibraryResponse,
  VoiceProfileResponse,
  VoiceProfilesResponse,
  type CloneVoiceResponse,
  type GenerateAudioResponse,
  type SubscriptionTierName,
  type ValidateVoiceResponse,
  type VoiceLibraryEntry,
} from '@studio/contracts';
import { isMediaError } from '@studio/media';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { assertStorageAvailable } from '../../services/assets/quota.ts';
import { saveAudioAsset } from '../../services/assets/files.ts';
import { runChargedTask } from '../../services/credits/charged-task.ts';
import { answerOnce, fingerprintOf } from '../../services/images/requests.ts';
import { callEngine, mediaFailure } from '../../services/images/engine-call.ts';
import { createUploadGate, uploadOf, type UploadSpec } from '../../services/uploads/gate.ts';
import { AUDIO_KINDS } from '../../services/uploads/kinds.ts';
import {
  createProfile,
  deleteProfile,
  deleteSavedVoice,
  isVoiceSaved,
  listActiveProfiles,
  listSavedVoices,
  newVoiceId,
  libraryEntry,
  listHostedVoices,
  PRESET_ENTRIES,
  resolveVoice,
  saveVoice,
  setCharacterVoice,
  updateProfile,
  updateSavedVoice,
} from '../../services/voices/library.ts';
import { route } from '../route.ts';

/** spec 2 §7 upload-audio: MP3, WAV, OGG or WebM, under 50 MB. */
const UPLOAD_AUDIO: UploadSpec = {
  files: {
    audio: {
      kinds: ['mp3', 'wav', 'ogg', 'webm'],
      maxBytes: AUDIO_UPLOAD_MAX_BYTES,
      required: true,
      messages: { type: Messages.audioTypeInvalid, tooLarge: Messages.audioTooLarge, missing: Messages.audioMissing },
    },
  },
  maxFieldsBytes: 16 * 1024,
};
/** spec 2 §5: a cloning sample is MP3, WAV, AAC, M4A, OGG, WebM or FLAC, under 10 MB. */
const CLONE_SAMPLE: UploadSpec = {
  files: {
    audioFile: {
      kinds: AUDIO_KINDS,
      maxBytes: CLONE_SAMPLE_MAX_BYTES,
      required: true,
      messages: { type: Messages.cloneTypeInvalid, tooLarge: Messages.cloneTooLarge, missing: Messages.audioMissing },
    },
  },
  maxFieldsBytes: 4 * 1024,
};

/**
 * spec 2 §8: cloning's failures by the provider's status. (The provider's 401 is ours to fix, not
 * the user's session: it is a 502 with the spec's text.) A sample the local engine cannot learn
 * from is a 422.
 */
function cloneFailure(error: unknown): unknown {
  if (!isMediaError(error)) return error;
  switch (error.providerStatus) {
    case 400:
      return new AppError(400, 'invalid_request', Messages.cloneTypeInvalid);
    case 401:
      return new AppError(502, 'upstream_failed', Messages.cloneAuthFailed);
    case 402:
      return new AppError(402, 'payment_required', Messages.clonePlanRequired);
    case 429:
      return new AppError(429, 'rate_limited', Messages.voiceTooManyRequests);
  }
  if (error.kind === 'bad_input') return new AppError(422, 'invalid_request', Messages.cloneFailed);
  return mediaFailure(error, Messages.cloneFailed);
}

/** The line a voice preview speaks. */
const previewLine = (name: string) => `Hi, I'm ${name}. This is how your script will sound in my voice.`;

export function voiceRoutes({ db, config, media, objects, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploads = createUploadGate(config.dataDir);
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });
  const previews = path.join(config.dataDir, 'voice-previews');

  const speech = media.speech;
  /** A voice the user may use; a provider that cannot say answers with `unreachable`. */
  const voiceOf = async (userId: string, voiceId: string, unreachable: string = Messages.voiceValidateFailed) => {
    const voice = await resolveVoice(db, speech, userId, voiceId).catch((error: unknown) => {
      throw mediaFailure(error, unreachable);
    });
    if (!voice) throw notFound(Messages.voiceIdNotFound);
    return voice;
  };

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.generateAudio,
      summary:
        'Speak a script in a voice (1 credit, refunded if it fails); the audio is kept as an audio asset; `requestId` makes a retry free',
      auth: 'user',
      body: GenerateAudioRequest,
      responses: {
        200: 'success, audioUrl, duration, assetId',
        400: Messages.voiceTextRequired,
        402: Messages.insufficientCredits,
        404: Messages.voiceIdNotFound,
        409: Messages.requestIdReused,
        502: Messages.failedToGenerateAudio,
      },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      assertSelf(ctx, body.userId);
      const voice = await voiceOf(user.id, body.voiceId, Messages.failedToGenerateAudio);
      await assertStorageAvailable(db, user.id);
      const settings = {
        stability: body.stability,
        similarityBoost: body.similarityBoost ?? body.similarity ?? DEFAULT_VOICE_SETTINGS.similarityBoost,
        style: body.style,
        speed: body.speed,
        useSpeakerBoost: body.useSpeakerBoost,
      };
      const { requestId, userId: _self, ...asked } = body;
      const claim = { userId: user.id, requestId: requestId && `voice:${requestId}`, fingerprint: fingerprintOf('voice', asked) };
      ctx.body = await answerOnce(db, claim, async (attemptTag) => {
        const task = {
          userId: user.id,
          taskType: 'voice',
          description: `Voice: ${voice.entry.name}`,
          idempotencyKey: `voice:${attemptTag}`,
          taskMetadata: { voice_id: body.voiceId, characters: body.text.length },
        };
        const { asset, provider } = await runChargedTask(db, task, async () => {
          const spoken = await callEngine(Messages.failedToGenerateAudio, () =>
            speech.textToSpeech({ text: body.text, voice: voice.speech, settings }),
          );
          const saved = await saveAudioAsset(db, objects, {
            userId: user.id,
            audio: spoken.audio,
            mime: spoken.mime,
            durationS: spoken.durationS,
            metadata: { prompt: body.text, model: spoken.model, provider: spoken.provider },
          });
          return { asset: saved, provider: spoken.provider };
        });
        return {
          success: true,
          audioUrl: asset.public_url,
          duration: asset.metadata.duration ?? 0,
          assetId: asset.id,
          provider,
        } satisfies GenerateAudioResponse;
      });
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.uploadAudio,
      summary: 'Upload audio for a section (MP3, WAV, OGG or WebM under 50 MB); kept as an audio asset with its duration',
      auth: 'user',
      multipart: { audio: 'The audio file' },
      responses: { 200: UploadAudioResponse, 400: Messages.audioTypeInvalid, 413: Messages.audioTooLarge },
    },
    uploadLimit,
    uploads.accept(UPLOAD_AUDIO),
    async (ctx) => {
      const user = currentUser(ctx.state);
      const { fields, files } = uploadOf(ctx);
      assertSelf(ctx, fields.userId);
      await assertStorageAvailable(db, user.id);
      const file = files.audio!;
      const asset = await saveAudioAsset(db, objects, {
        userId: user.id,
        audio: await fs.readFile(file.path),
        mime: file.mime,
        durationS: Math.round((file.durationS ?? 0) * 100) / 100,
        metadata: { prompt: (fields.text ?? '').slice(0, 5000), model: null, provider: 'upload' },
      });
      ctx.body = {
        success: true,
        audioUrl: asset.public_url,
        duration: asset.metadata.duration ?? 0,
        assetId: asset.id,
      } satisfies UploadAudioResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.voiceLibrary,
      summary: 'The voice library, grouped by category: the presets (with accent and gender) and the voice provider’s own',
      auth: 'user',
      responses: { 200: VoiceLibraryResponse },
    },
    async (ctx) => {
      // The provider's library joins the presets; if it cannot answer, the presets still do.
      const hosted = await listHostedVoices(db, speech, currentUser(ctx.state).id).catch((error: unknown) => {
        ctx.state.log?.warn({ err: error }, 'voice provider library unavailable');
        return [];
      });
      const voices: Record<string, VoiceLibraryEntry[]> = { [PRESET_CATEGORY]: PRESET_ENTRIES };
      for (const voice of hosted) (voices[voice.category] ??= []).push(libraryEntry(voice));
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.body = { success: true, total: PRESET_ENTRIES.length + hosted.length, voices } satisfies VoiceLibraryResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.voices}/:voiceId`,
      summary: 'One voice: a preset, or one of your own',
      auth: 'user',
      responses: { 200: VoiceInfoResponse, 404: Messages.voiceIdNotFound },
    },
    async (ctx) => {
      const voice = await voiceOf(currentUser(ctx.state).id, ctx.params.voiceId ?? '');
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.body = { success: true, voice: voice.entry } satisfies VoiceInfoResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.voices}/:voiceId/preview`,
      summary: 'A short line spoken in a voice (made once, then served from disk)',
      auth: 'user',
      responses: { 200: 'audio/mpeg', 404: Messages.voiceIdNotFound },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      const voiceId = VoiceId.safeParse(ctx.params.voiceId);
      if (!voiceId.success) throw notFound(Messages.voiceIdNotFound);
      const voice = await voiceOf(user.id, voiceId.data);
      // Presets are the same for everyone; a user's own voice is cached under their id.
      const file = path.join(previews, voice.speech.local ? `${user.id}-${voiceId.data}.mp3` : `${voiceId.data}.mp3`);
      let audio: Buffer | null = await fs.readFile(file).catch(() => null);
      if (!audio) {
        const spoken = await callEngine(Messages.previewUnavailable, () =>
          speech.textToSpeech({ text: previewLine(voice.entry.name), voice: voice.speech, settings: DEFAULT_VOICE_SETTINGS }),
        );
        audio = spoken.audio;
        await fs.mkdir(previews, { recursive: true });
        await fs.writeFile(`${file}.partial`, audio);
        await fs.rename(`${file}.partial`, file);
      }
      ctx.type = 'audio/mpeg';
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.body = audio;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.validateVoice,
      summary: 'Check a Voice ID: its two rules, then that the voice exists for you',
      auth: 'user',
      body: ValidateVoiceRequest,
      responses: { 200: 'valid, voiceInfo', 400: Messages.voiceIdTooShort, 404: Messages.voiceIdNotFound },
    },
    async (ctx, { body: { voiceId } }) => {
      const voice = await voiceOf(currentUser(ctx.state).id, voiceId);
      ctx.body = { valid: true, voiceInfo: { name: voice.entry.name } } satisfies ValidateVoiceResponse;
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.cloneVoice,
      summary: 'Clone a voice from a sample (a paid plan); the local engine builds the closest voice it can',
      auth: 'user',
      multipart: { audioFile: 'The voice sample' },
      fields: CloneVoiceFields,
      responses: {
        200: 'success, voiceId, requiresVerification, profile',
        400: Messages.cloneTypeInvalid,
        402: Messages.clonePlanRequired,
        413: Messages.cloneTooLarge,
        422: Messages.cloneFailed,
      },
    },
    uploadLimit,
    async (ctx, next) => {
      // The plan is checked before the sample is read: a plan without cloning uploads nothing.
      const profile = await db('profiles')
        .where({ id: currentUser(ctx.state).id })
        .first<{ subscription_tier: SubscriptionTierName } | undefined>('subscription_tier');
      if (!VOICE_CLONING_TIERS.includes(profile?.subscription_tier ?? 'trial')) {
        throw new AppError(402, 'payment_required', Messages.clonePlanRequired);
      }
      await next();
    },
    uploads.accept(CLONE_SAMPLE),
    async (ctx, { fields: { voiceName, userId } }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      assertSelf(ctx, userId);
      const sample = files.audioFile!;
      const cloned = await speech.cloneVoice({ name: voiceName, sample: await fs.readFile(sample.path) }).catch((error: unknown) => {
        throw cloneFailure(error);
      });
      const voiceId = cloned.providerVoiceId ?? newVoiceId();
      const created = await createProfile(db, user.id, {
        name: voiceName,
        voiceId,
        type: 'cloned',
        localVoice: cloned.voice ?? undefined,
        approximation: cloned.approximation,
      });
      ctx.body = {
        success: true,
        voiceId,
        requiresVerification: cloned.requiresVerification,
        approximation: cloned.approximation,
        profile: created,
        ...(sample.size < CLONE_SAMPLE_WARN_BYTES ? { warning: Messages.cloneSampleSmall } : {}),
      } satisfies CloneVoiceResponse;
    },
  );

  // Saved voices (spec 2 §7: insert, select by user, update, delete, existence check).
  route(
    router,
    { method: 'get', path: ApiRoutes.savedVoices, summary: 'Your saved voices', auth: 'user', responses: { 200: SavedVoicesResponse } },
    async (ctx) => {
      ctx.body = { success: true, voices: await listSavedVoices(db, currentUser(ctx.state).id) };
    },
  );
  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.savedVoices}/exists`,
      summary: 'Whether a voice id is among your saved voices',
      auth: 'user',
      responses: { 200: SavedVoiceExistsResponse },
    },
    async (ctx) => {
      const voiceId = typeof ctx.query.voiceId === 'string' ? ctx.query.voiceId : '';
      ctx.body = { exists: voiceId ? await isVoiceSaved(db, currentUser(ctx.state).id, voiceId) : false };
    },
  );
  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.savedVoices,
      summary: 'Save a voice with its settings (once per voice id)',
      auth: 'user',
      body: SaveVoiceRequest,
      responses: { 200: SavedVoiceResponse, 404: Messages.voiceIdNotFound, 409: 'Voice ID {id} is already saved.' },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      await voiceOf(user.id, body.voice_id);
      ctx.body = { success: true, voice: await saveVoice(db, user.id, body) };
    },
  );
  route(
    router,
    {
      method: 'patch',
      path: `${ApiRoutes.savedVoices}/:id`,
      summary: 'Rename a saved voice or change its settings',
      auth: 'user',
      body: UpdateSavedVoiceRequest,
      responses: { 200: SavedVoiceResponse, 404: 'Not yours, or none' },
    },
    async (ctx, { body: changes }) => {
      ctx.body = { success: true, voice: await updateSavedVoice(db, currentUser(ctx.state).id, ctx.params.id ?? '', changes) };
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: `${ApiRoutes.savedVoices}/:id`,
      summary: 'Forget a saved voice',
      auth: 'user',
      responses: { 200: SuccessResponse, 404: 'Not yours, or none' },
    },
    async (ctx) => {
      await deleteSavedVoice(db, currentUser(ctx.state).id, ctx.params.id ?? '');
      ctx.body = { success: true };
    },
  );

  // Voice profiles (spec 2 §7: select active by user, insert, update, delete).
  route(
    router,
    {
      method: 'get',
      path: ApiRoutes.voiceProfiles,
      summary: 'Your active voice profiles',
      auth: 'user',
      responses: { 200: VoiceProfilesResponse },
    },
    async (ctx) => {
      ctx.body = { success: true, profiles: await listActiveProfiles(db, currentUser(ctx.state).id) };
    },
  );
  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.voiceProfiles,
      summary: 'Name a voice id as a custom voice profile (the id must be a voice you can use)',
      auth: 'user',
      body: CreateVoiceProfileRequest,
      responses: { 200: VoiceProfileResponse, 404: Messages.voiceIdNotFound, 409: Messages.voiceProfileFailedIdActive },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      await voiceOf(user.id, body.voice_id);
      ctx.body = { success: true, profile: await createProfile(db, user.id, { name: body.name, voiceId: body.voice_id, type: 'custom' }) };
    },
  );
  route(
    router,
    {
      method: 'patch',
      path: `${ApiRoutes.voiceProfiles}/:id`,
      summary: 'Rename a voice profile, or (de)activate it',
      auth: 'user',
      body: UpdateVoiceProfileRequest,
      responses: { 200: VoiceProfileResponse, 404: 'Not yours, or none' },
    },
    async (ctx, { body: changes }) => {
      ctx.body = { success: true, profile: await updateProfile(db, currentUser(ctx.state).id, ctx.params.id ?? '', changes) };
    },
  );
  route(
    router,
    {
      method: 'delete',
      path: `${ApiRoutes.voiceProfiles}/:id`,
      summary: 'Delete a voice profile',
      auth: 'user',
      responses: { 200: SuccessResponse, 404: 'Not yours, or none' },
    },
    async (ctx) => {
      await deleteProfile(db, currentUser(ctx.state).id, ctx.params.id ?? '');
      ctx.body = { success: true };
    },
  );

  route(
    router,
    {
      method: 'patch',
      path: `${ApiRoutes.characters}/:characterId/voice`,
      summary: 'Set the voice one of your characters speaks with (a voice you can use, its settings)',
      auth: 'user',
      body: CharacterVoiceRequest,
      responses: { 200: CharacterVoiceResponse, 404: 'No such character, voice or profile of yours' },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      await voiceOf(user.id, body.voice_id);
      const characterId = ctx.params.characterId ?? '';
      await setCharacterVoice(db, user.id, characterId, body);
      ctx.body = { success: true, character: { id: characterId, ...body } };
    },
  );

  return router;
}
