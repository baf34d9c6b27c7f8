import Router from '@koa/router';
import {
  ApiRoutes,
  AUDIO_UPLOAD_MAX_BYTES,
  CLONE_SAMPLE_MAX_BYTES,
  CharacterVoiceRequest,
  CharacterVoiceResponse,
  CloneVoiceFields,
  CreateVoiceProfileRequest,
  GenerateAudioRequest,
  GenerateAudioResponse,
  Messages,
  MUSIC_UPLOAD_MAX_BYTES,
  MUSIC_UPLOAD_MAX_DURATION_S,
  MUSIC_UPLOAD_PURPOSE,
  SavedVoiceExistsQuery,
  SavedVoiceExistsResponse,
  SavedVoiceResponse,
  SavedVoicesResponse,
  SaveVoiceRequest,
  SuccessResponse,
  UpdateSavedVoiceRequest,
  UpdateVoiceProfileRequest,
  UploadAudioFields,
  UploadAudioResponse,
  ValidateVoiceRequest,
  VoiceId,
  VoiceInfoResponse,
  VoiceLibraryResponse,
  VoiceProfileResponse,
  VoiceProfilesResponse,
  type ValidateVoiceResponse,
} from '@studio/contracts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { assertSelf, currentUser } from '../../middlewares/auth.ts';
import { rateLimit, RATE_LIMITS } from '../../middlewares/rate-limit.ts';
import { uploadOf, type FileRule, type UploadSpec } from '../../services/uploads/gate.ts';
import { AUDIO_KINDS } from '../../services/uploads/kinds.ts';
import { route } from '../route.ts';

/** music for an ad is MP3, WAV, OGG or M4A, at most 20 MB and 10 minutes. */
const MUSIC_UPLOAD: FileRule = {
  kinds: ['mp3', 'wav', 'ogg', 'm4a'],
  // The gate refuses files of `maxBytes` or more; 20 MB itself is allowed.
  maxBytes: MUSIC_UPLOAD_MAX_BYTES + 1,
  maxDurationS: MUSIC_UPLOAD_MAX_DURATION_S,
  required: true,
  messages: {
    type: Messages.musicTypeInvalid,
    tooLarge: Messages.musicTooLarge,
    missing: Messages.audioMissing,
    tooLong: Messages.musicTooLong,
  },
};
/** spec 2 §7 upload-audio: MP3, WAV, OGG or WebM, under 50 MB; with `purpose: 'music'`, music's rules. */
const UPLOAD_AUDIO: UploadSpec = {
  files: {
    audio: {
      kinds: ['mp3', 'wav', 'ogg', 'webm'],
      maxBytes: AUDIO_UPLOAD_MAX_BYTES,
      required: true,
      messages: { type: Messages.audioTypeInvalid, tooLarge: Messages.audioTooLarge, missing: Messages.audioMissing },
    },
  },
  purposes: { [MUSIC_UPLOAD_PURPOSE]: { audio: MUSIC_UPLOAD } },
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

export function voiceRoutes({ services: { voices, music, uploads }, rateLimitStore }: AppDeps): Router {
  const router = new Router();
  const uploadLimit = rateLimit({ name: 'uploads', store: rateLimitStore, rules: RATE_LIMITS.uploads });

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
        200: GenerateAudioResponse,
        400: Messages.voiceTextRequired,
        402: Messages.insufficientCredits,
        404: Messages.voiceIdNotFound,
        409: Messages.requestIdReused,
        502: Messages.failedToGenerateAudio,
        503: Messages.failedToGenerateAudio,
      },
    },
    async (ctx, { body }) => {
      const user = currentUser(ctx.state);
      assertSelf(ctx, body.userId);
      ctx.body = await voices.speak(user, body);
    },
  );

  route(
    router,
    {
      method: 'post',
      path: ApiRoutes.uploadAudio,
      summary:
        'Upload audio for a section (MP3, WAV, OGG or WebM under 50 MB), or with `purpose: music` music for an ad (MP3, WAV, OGG or M4A, at most 20 MB and 10 minutes); kept as an audio asset with its duration',
      auth: 'user',
      multipart: { audio: 'The audio file' },
      // With `text`, the answer times each of its words in the recording.
      fields: UploadAudioFields,
      responses: {
        200: UploadAudioResponse,
        400: `${Messages.audioTypeInvalid} / ${Messages.scriptTooLong}`,
        413: Messages.audioTooLarge,
        502: Messages.audioUploadFailed,
      },
    },
    uploadLimit,
    uploads.accept(UPLOAD_AUDIO),
    async (ctx) => {
      const user = currentUser(ctx.state);
      const { fields, files } = uploadOf(ctx);
      assertSelf(ctx, fields.userId);
      ctx.body = (
        fields.purpose === MUSIC_UPLOAD_PURPOSE
          ? await music.upload(user, files.audio!)
          : await voices.uploadAudio(user, files.audio!, fields.text)
      ) satisfies UploadAudioResponse;
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
      ctx.set('Cache-Control', 'private, max-age=300');
      ctx.body = await voices.library(currentUser(ctx.state).id, ctx.state.log);
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
      const voice = await voices.voiceOf(currentUser(ctx.state).id, ctx.params.voiceId ?? '');
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.body = { success: true, voice: voice.entry } satisfies VoiceInfoResponse;
    },
  );

  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.voices}/:voiceId/preview`,
      summary: 'A short line spoken in a voice (made once, then kept in the object store)',
      auth: 'user',
      responses: { 200: 'audio/mpeg', 404: Messages.voiceIdNotFound },
    },
    async (ctx) => {
      const user = currentUser(ctx.state);
      // A malformed id is a voice that does not exist (404), as an unknown one is.
      const voiceId = VoiceId.safeParse(ctx.params.voiceId);
      if (!voiceId.success) throw notFound(Messages.voiceIdNotFound);
      ctx.type = 'audio/mpeg';
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.body = await voices.preview(user.id, voiceId.data);
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
      const voice = await voices.voiceOf(currentUser(ctx.state).id, voiceId);
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
      await voices.assertMayClone(currentUser(ctx.state).id);
      await next();
    },
    uploads.accept(CLONE_SAMPLE),
    async (ctx, { fields: { voiceName, userId } }) => {
      const user = currentUser(ctx.state);
      const { files } = uploadOf(ctx);
      assertSelf(ctx, userId);
      ctx.body = await voices.clone(user, voiceName, files.audioFile!);
    },
  );

  // Saved voices (spec 2 §7: insert, select by user, update, delete, existence check).
  route(
    router,
    { method: 'get', path: ApiRoutes.savedVoices, summary: 'Your saved voices', auth: 'user', responses: { 200: SavedVoicesResponse } },
    async (ctx) => {
      ctx.body = { success: true, voices: await voices.saved.list(currentUser(ctx.state).id) };
    },
  );
  route(
    router,
    {
      method: 'get',
      path: `${ApiRoutes.savedVoices}/exists`,
      summary: 'Whether a voice id is among your saved voices',
      auth: 'user',
      query: SavedVoiceExistsQuery,
      responses: { 200: SavedVoiceExistsResponse },
    },
    async (ctx, { query: { voiceId } }) => {
      ctx.body = { exists: await voices.saved.exists(currentUser(ctx.state).id, voiceId) };
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
      ctx.body = { success: true, voice: await voices.saved.save(currentUser(ctx.state).id, body) };
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
      ctx.body = { success: true, voice: await voices.saved.update(currentUser(ctx.state).id, ctx.params.id ?? '', changes) };
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
      await voices.saved.remove(currentUser(ctx.state).id, ctx.params.id ?? '');
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
      ctx.body = { success: true, profiles: await voices.profiles.listActive(currentUser(ctx.state).id) };
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
      ctx.body = { success: true, profile: await voices.profiles.create(currentUser(ctx.state).id, body) };
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
      ctx.body = { success: true, profile: await voices.profiles.update(currentUser(ctx.state).id, ctx.params.id ?? '', changes) };
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
      await voices.profiles.remove(currentUser(ctx.state).id, ctx.params.id ?? '');
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
      const characterId = ctx.params.characterId ?? '';
      await voices.setCharacter(currentUser(ctx.state).id, characterId, body);
      ctx.body = { success: true, character: { id: characterId, ...body } };
    },
  );

  return router;
}
