/**
 * `@studio/media`: the media engine. Offline by default (`local/…` results), fal.ai when a key is
 * configured, ElevenLabs for speech with its key. See README "Media engine".
 *
 * A barrel only: types, errors, the model table, constants and light helpers. Nothing here may
 * import a heavy module at its top level (sharp, tfjs, imgly, espeak-ng, fal's client, the
 * ElevenLabs SDK): `createMediaEngine` and the still helpers import them on first use, and
 * `index.test.ts` checks that importing this file loads none of them.
 */
export type * from './capabilities.ts';
export * from './errors.ts';
export * from './models.ts';
export { createMediaEngine, type MediaEngineOptions } from './create-engine.ts';
export {
  createMediaHost,
  type HostableEngineOptions,
  type HostedEngine,
  type MediaHost,
  type MediaHostOptions,
} from './host/media-host.ts';
export { callMember, describeEngine, engineFacade, type EngineDescription } from './host/protocol.ts';
export { applyGrade, gradeDistance, learnGrade, reframeImage, renderCharacterSample, renderStyleSample } from './local/image/stills.ts';
export type { ColourGrade } from './local/image/colour.ts';
export { DESCRIPTOR_MATCH, NO_FACE, NOT_ONE_PERSON, SEVERAL_PEOPLE } from './local/image/constants.ts';
export { LOCAL_PRESET_VOICES } from './local/speech/presets.ts';
export { HOSTED_PRESET_VOICES } from './elevenlabs/presets.ts';
export { VIDEO_FPS } from './local/video/clips.ts';
export { FFMPEG_PATH } from './local/ffmpeg.ts';
export {
  MUSIC_LIBRARY_DIR,
  MUSIC_MOODS,
  MUSIC_TRACKS,
  musicFileName,
  musicTrackOf,
  type MusicMood,
  type MusicTrack,
} from './local/audio/music-tracks.ts';
export { ensureMusicLibrary } from './local/audio/music-library.ts';
export { measureLoudness, type Loudness } from './local/audio/loudness.ts';
export { MIX_MAX_TRUE_PEAK_DBTP, MIX_TARGET_LUFS, mixMusic, replaceVideoAudio, type MixMusicInput } from './local/audio/mix.ts';
export { CAPTION_MIN_CUE_S, CAPTION_WORDS, captionCues, type CaptionCue } from './local/video/captions.ts';
export { captionCuesOf, captionsAss, captionsVtt, type CaptionsInput, type WordCaptionCue } from './local/video/word-captions.ts';
export { spreadWords } from './local/video/cuts.ts';
export { BRAND_FONTS, DEFAULT_BRAND_FONT_ID, brandFont, brandFontsDir, type BrandFont } from './local/fonts.ts';
export {
  renderEndCard,
  type EndCardColors,
  type EndCardInput,
  type EndCardLayout,
  type EndCardResult,
  END_CARD_S,
} from './local/video/render-end-card.ts';
