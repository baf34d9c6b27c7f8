import type { LocalVoice } from '../../capabilities.ts';

/** spec 2 §9's presets as espeak-ng voices (ids as in contracts' VOICE_PRESETS). */
export const LOCAL_PRESET_VOICES: Record<string, LocalVoice> = {
  studioUgcExcited: { language: 'en-us', variant: 'f4', pitch: 72, rate: 190 },
  studioUgcThree: { language: 'en-us', variant: 'f2', pitch: 64, rate: 178 },
  studioUgcTwo: { language: 'en-us', variant: 'f3', pitch: 58, rate: 172 },
  studioUgcOne: { language: 'en-us', variant: 'f5', pitch: 52, rate: 165 },
  studioAdam01: { language: 'en-us', variant: 'm3', pitch: 42, rate: 168 },
  studioSarah01: { language: 'en-gb', variant: 'f2', pitch: 56, rate: 162 },
  studioArnold01: { language: 'en-us', variant: 'm1', pitch: 22, rate: 150 },
  studioGrace01: { language: 'en-gb', variant: 'f1', pitch: 48, rate: 150 },
};
