import type { LocalVoice } from '../../capabilities.ts';

/**
 * spec 2 §9's presets (ids as in contracts' VOICE_PRESETS). The American ones are flite's slt and
 * rms voices at distinct pitches and paces (their spectrograms show the smoother envelopes and
 * breath of recorded voices, where espeak-ng has formant synthesis' rigid bands). Flite has no
 * British voice, and rms keeps its own pitch (it does not take a target), so Sarah, Grace and the
 * deep Arnold stay espeak-ng's. The espeak-ng fields of a flite preset are its closest espeak-ng voice.
 */
export const LOCAL_PRESET_VOICES: Record<string, LocalVoice> = {
  studioUgcExcited: { language: 'en-us', variant: 'f4', pitch: 72, rate: 190, flite: { voice: 'slt', f0: 215, stretch: 0.88 } },
  studioUgcThree: { language: 'en-us', variant: 'f2', pitch: 64, rate: 178, flite: { voice: 'slt', f0: 198, stretch: 0.95 } },
  studioUgcTwo: { language: 'en-us', variant: 'f3', pitch: 58, rate: 172, flite: { voice: 'slt', f0: 182, stretch: 1 } },
  studioUgcOne: { language: 'en-us', variant: 'f5', pitch: 52, rate: 165, flite: { voice: 'slt', f0: 166, stretch: 1.08 } },
  studioAdam01: { language: 'en-us', variant: 'm3', pitch: 42, rate: 168, flite: { voice: 'rms', f0: 105, stretch: 0.95 } },
  studioSarah01: { language: 'en-gb', variant: 'f2', pitch: 56, rate: 162 },
  studioArnold01: { language: 'en-us', variant: 'm1', pitch: 22, rate: 150 },
  studioGrace01: { language: 'en-gb', variant: 'f1', pitch: 48, rate: 150 },
};
