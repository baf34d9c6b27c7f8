import fs from 'node:fs/promises';
import {
  CLONE_SAMPLE_WARN_BYTES,
  DEFAULT_VOICE_SETTINGS,
  Messages,
  PRESET_CATEGORY,
  VOICE_CLONING_TIERS,
  type CloneVoiceResponse,
  type GenerateAudioRequest,
  type GenerateAudioResponse,
  type SubscriptionTierName,
  type UploadAudioResponse,
  type VoiceLibraryEntry,
  type VoiceLibraryResponse,
} from '@studio/contracts';
import { isMediaError, type MediaEngine } from '@studio/media';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { AppError, invalidRequest, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { saveAudioAsset } from '../assets/files.ts';
import { toAudioUpload } from '../assets/views.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { runChargedTask } from '../credits/charged-task.ts';
import { callEngine, mediaFailure } from '../images/engine-call.ts';
import { answerOnce, fingerprintOf } from '../images/requests.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { UploadedFile } from '../uploads/gate.ts';
import { libraryEntry, listHostedVoices, newVoiceId, PRESET_ENTRIES, resolveVoice } from './library.ts';
import {
  createProfile,
  deleteProfile,
  deleteSavedVoice,
  isVoiceSaved,
  listActiveProfiles,
  listSavedVoices,
  saveVoice,
  setCharacterVoice,
  updateProfile,
  updateSavedVoice,
} from './store.ts';

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

export interface VoiceDeps {
  db: Db;
  media: MediaEngine;
  objects: ObjectStore;
}

/**
 * Voices as the API offers them (spec 2 §5, §7): the library (presets and the provider's), a voice
 * the caller may use, speech (charged once per request id), uploaded audio, previews (made once,
 * kept in the object store) and cloning (plan first, then the sample).
 */
export function createVoiceService({ db, media, objects }: VoiceDeps) {
  const speech = media.speech;

  /** A voice the user may use; a provider that cannot say answers with `unreachable`. */
  async function voiceOf(userId: string, voiceId: string, unreachable: string = Messages.voiceValidateFailed) {
    const voice = await resolveVoice(db, speech, userId, voiceId).catch((error: unknown) => {
      throw mediaFailure(error, unreachable);
    });
    if (!voice) throw notFound(Messages.voiceIdNotFound);
    return voice;
  }

  /** Speaks a script (1 credit, refunded if it fails) into an audio asset; a repeated request id answers the first answer. */
  async function speak(user: { id: string }, body: z.infer<typeof GenerateAudioRequest>): Promise<GenerateAudioResponse> {
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
    return answerOnce(db, claim, async (attemptTag) => {
      const task = {
        userId: user.id,
        taskType: 'voice',
        description: `Voice: ${voice.entry.name}`,
        idempotencyKey: `voice:${attemptTag}`,
        taskMetadata: { voice_id: body.voiceId, characters: body.text.length },
      };
      const { asset, provider, words } = await runChargedTask(db, task, async () => {
        const spoken = await callEngine(Messages.failedToGenerateAudio, () =>
          speech.textToSpeech({ text: body.text, voice: voice.speech, settings }),
        );
        const words = spoken.words ?? [];
        const saved = await saveAudioAsset(db, objects, {
          userId: user.id,
          audio: spoken.audio,
          mime: spoken.mime,
          durationS: spoken.durationS,
          metadata: { prompt: body.text, model: spoken.model, provider: spoken.provider },
          mouthCues: spoken.mouthCues,
          words,
        });
        return { asset: saved, provider: spoken.provider, words };
      });
      return {
        success: true,
        audioUrl: asset.public_url,
        duration: asset.metadata.duration ?? 0,
        assetId: asset.id,
        provider,
        words,
      } satisfies GenerateAudioResponse;
    });
  }

  /**
   * Keeps an uploaded audio file (already checked by the upload gate) as an audio asset; with a
   * script, each of its words is found in the recording (forced alignment) and kept with it.
   */
  async function uploadAudio(user: { id: string }, file: UploadedFile, text: string | undefined): Promise<UploadAudioResponse> {
    await assertStorageAvailable(db, user.id);
    const audio = await fs.readFile(file.path);
    const script = text?.trim() ?? '';
    const words = script
      ? await media.alignWords({ audio, text: script }).catch((error: unknown) => {
          throw isMediaError(error) && error.kind === 'bad_input'
            ? invalidRequest(Messages.audioUnreadable)
            : mediaFailure(error, Messages.audioUploadFailed);
        })
      : undefined;
    const asset = await saveAudioAsset(db, objects, {
      userId: user.id,
      audio,
      mime: file.mime,
      durationS: Math.round((file.durationS ?? 0) * 100) / 100,
      metadata: { prompt: script.slice(0, 5000), model: null, provider: 'upload' },
      words,
    });
    return { ...toAudioUpload(asset), ...(words && { words }) };
  }

  /** The presets and the provider's voices the user may list; if the provider cannot answer, the presets still do. */
  async function library(userId: string, log: Logger | undefined): Promise<VoiceLibraryResponse> {
    const hosted = await listHostedVoices(db, speech, userId).catch((error: unknown) => {
      log?.warn({ err: error }, 'voice provider library unavailable');
      return [];
    });
    const voices: Record<string, VoiceLibraryEntry[]> = { [PRESET_CATEGORY]: PRESET_ENTRIES };
    for (const voice of hosted) (voices[voice.category] ??= []).push(libraryEntry(voice));
    return {
      success: true,
      total: PRESET_ENTRIES.length + hosted.length,
      voices,
      engine: speech.name === 'local' ? 'local' : 'hosted',
    } as const;
  }

  /** A voice's preview line, spoken once and kept: presets for everyone, a user's own voice under their id. */
  async function preview(userId: string, voiceId: string): Promise<Buffer> {
    const voice = await voiceOf(userId, voiceId);
    const key = `previews/${voice.speech.local ? `${userId}-${voiceId}` : voiceId}.mp3`;
    const kept = await objects.read(key);
    if (kept) return kept;
    const spoken = await callEngine(Messages.previewUnavailable, () =>
      speech.textToSpeech({ text: previewLine(voice.entry.name), voice: voice.speech, settings: DEFAULT_VOICE_SETTINGS }),
    );
    await objects.put(key, spoken.audio);
    return spoken.audio;
  }

  /** spec 2 §5: cloning needs a plan that has it; checked before the sample is read. */
  async function assertMayClone(userId: string): Promise<void> {
    const profile = await db('profiles')
      .where({ id: userId })
      .first<{ subscription_tier: SubscriptionTierName } | undefined>('subscription_tier');
    if (!VOICE_CLONING_TIERS.includes(profile?.subscription_tier ?? 'trial'))
      throw new AppError(402, 'payment_required', Messages.clonePlanRequired);
  }

  /** Clones a voice from a sample into a new profile of the user's. */
  async function clone(user: { id: string }, voiceName: string, sample: UploadedFile): Promise<CloneVoiceResponse> {
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
    return {
      success: true,
      voiceId,
      requiresVerification: cloned.requiresVerification,
      approximation: cloned.approximation,
      profile: created,
      ...(sample.size < CLONE_SAMPLE_WARN_BYTES ? { warning: Messages.cloneSampleSmall } : {}),
    };
  }

  /** Saved voices (spec 2 §7): a voice is saved only once the caller may use it. */
  const saved = {
    list: (userId: string) => listSavedVoices(db, userId),
    exists: (userId: string, voiceId: string | undefined) => (voiceId ? isVoiceSaved(db, userId, voiceId) : Promise.resolve(false)),
    async save(userId: string, voice: Parameters<typeof saveVoice>[2]) {
      await voiceOf(userId, voice.voice_id);
      return saveVoice(db, userId, voice);
    },
    update: (userId: string, id: string, changes: Parameters<typeof updateSavedVoice>[3]) => updateSavedVoice(db, userId, id, changes),
    remove: (userId: string, id: string) => deleteSavedVoice(db, userId, id),
  };

  /** Voice profiles (spec 2 §7): a profile names a voice the caller may use. */
  const profiles = {
    listActive: (userId: string) => listActiveProfiles(db, userId),
    async create(userId: string, { name, voice_id }: { name: string; voice_id: string }) {
      await voiceOf(userId, voice_id);
      return createProfile(db, userId, { name, voiceId: voice_id, type: 'custom' });
    },
    update: (userId: string, id: string, changes: Parameters<typeof updateProfile>[3]) => updateProfile(db, userId, id, changes),
    remove: (userId: string, id: string) => deleteProfile(db, userId, id),
  };

  /** A character's voice, one the caller may use. */
  async function setCharacter(userId: string, characterId: string, voice: Parameters<typeof setCharacterVoice>[3]) {
    await voiceOf(userId, voice.voice_id);
    await setCharacterVoice(db, userId, characterId, voice);
  }

  return { voiceOf, speak, uploadAudio, library, preview, assertMayClone, clone, saved, profiles, setCharacter };
}
