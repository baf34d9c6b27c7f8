import type { ResultMeta } from '../capabilities.ts';
import type { VoiceAnalysis } from './analysis.ts';

/** A voice the local engine can make: espeak-ng language and variant, pitch (0–99), rate (words a minute). */
export interface LocalVoice {
  language: 'en-us' | 'en-gb';
  variant: string;
  pitch: number;
  rate: number;
}

/** spec 2 §3 voice settings, as the engine takes them. */
export interface SpeechSettings {
  stability: number;
  similarityBoost: number;
  style: number;
  /** 0.25–4. */
  speed: number;
  useSpeakerBoost: boolean;
}

/** A voice to speak with: a preset or provider id, or a voice the local engine built (a cloned one). */
export interface SpeechVoice {
  id: string;
  local?: LocalVoice;
}

export interface TextToSpeechInput {
  text: string;
  voice: SpeechVoice;
  settings: SpeechSettings;
  format?: 'mp3' | 'aac';
}
export type SpeechResult = { audio: Buffer; mime: 'audio/mpeg' | 'audio/aac'; durationS: number } & ResultMeta;

export interface CloneVoiceInput {
  name: string;
  /** The sample, in any format ffmpeg reads. */
  sample: Buffer;
}
export type CloneVoiceResult = {
  /** The voice the local engine made: the closest espeak-ng voice to the sample (null for a hosted provider). */
  voice: LocalVoice | null;
  /** The id a hosted provider gave the new voice. */
  providerVoiceId?: string;
  analysis: VoiceAnalysis | null;
  approximation: boolean;
  requiresVerification: boolean;
} & ResultMeta;

export interface TextToSpeech {
  textToSpeech(input: TextToSpeechInput): Promise<SpeechResult>;
}
export interface CloneVoice {
  cloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult>;
}
export type SpeechCapabilities = TextToSpeech & CloneVoice;

/** A voice as a provider's library lists it (spec 2 §3 "Voice library entry"). */
export interface LibraryVoice {
  id: string;
  name: string;
  description: string;
  category: string;
  previewUrl: string | null;
  labels: Record<string, string>;
  /**
   * Made in the studio's own provider account from someone's sample (a clone): not the
   * provider's public library, so only the user whose voice profile records it may list or use it.
   */
  personal: boolean;
}

/** A speech provider: speaking, cloning, and the voices of its own library beyond the presets. */
export type VoiceProvider = SpeechCapabilities & {
  readonly name: 'local' | 'elevenlabs';
  /** Every voice of the account, public and personal alike: who may see which is the caller's rule. */
  listVoices(): Promise<LibraryVoice[]>;
  /** A voice of the provider's library or account; null when it has none by that id. */
  getVoice(id: string): Promise<LibraryVoice | null>;
};
