/**
 * The media engine's capability interfaces (image, speech, video) and the engine's own shape: one
 * interface per capability, one result shape. Providers (`local/`, `fal/`, `elevenlabs/`) implement
 * them; `createMediaEngine` (create-engine.ts) picks one per capability and loads it on first use.
 * Types only: importing this file loads nothing.
 */

import type { ColourGrade } from './local/image/colour.ts';

/** Which provider did the work. `local` is the offline engine of this package. */
export type ProviderName = 'local' | 'fal' | 'elevenlabs';

/** A decoded-size-known image held in memory. */
export interface ImageData {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/** Carried by every result: who did it, with what model tag, at what cost in provider terms. */
export interface ResultMeta {
  provider: ProviderName;
  /** e.g. 'local/procedural-studio', 'local/imgly-medium', 'fal-ai/flux/krea'. */
  model: string;
  /** local: compute seconds (unit 'compute_s'); fal: requests ('request'). */
  cost: { amount: number; unit: string };
}

export type ImageResult = { images: ImageData[] } & ResultMeta;
export type DescribeResult = { description: string } & ResultMeta;

export interface GenerateImageInput {
  prompt: string;
  width: number;
  height: number;
  count: number;
  /** A spec model id from `IMAGE_MODELS` (e.g. 'flux_krea', 'ideogram_v3'). */
  model: string;
  /** A product photo to cut out and place in the scene. */
  product?: ImageData;
  /**
   * A character's reference cut-out (a PNG with transparency; a person usually cut at the waist by
   * the photo's edge; a photo without transparency is segmented first). Alone, the person is in
   * front of the scene, cut by its bottom edge; with a product, they stand behind the surface on one
   * side and the product stands on it on the other. The local engine places the photo as it is: it
   * does not re-pose or re-light the person (`Messages.localEngineCharacters` tells the user).
   */
  person?: ImageData;
  /** Text to render as type; defaults to the quoted text of the prompt for `ideogram_v3`. */
  text?: string;
  /** Trained LoRAs to generate with (hosted models; the local engine applies styles as colour grades instead). */
  loras?: { url: string; scale?: number }[];
  /**
   * A learned colour grade for the scene (the local engine; Ad Clone passes the reference ad's):
   * the set takes it, the product and the person keep their own colours under the scene's light.
   */
  grade?: { grade: ColourGrade; strength: number };
}
export interface GenerateImage {
  generateImage(input: GenerateImageInput): Promise<ImageResult>;
}

export interface EditImageInput {
  prompt: string;
  image: ImageData;
  width: number;
  height: number;
  count: number;
  /**
   * A character's reference cut-out, as for `GenerateImageInput.person`: the local engine puts the
   * person and the photo's product in one scene.
   */
  person?: ImageData;
}
export interface EditImage {
  editImage(input: EditImageInput): Promise<ImageResult>;
}

export interface ReplaceBackgroundInput {
  image: ImageData;
  prompt: string;
  width: number;
  height: number;
  count: number;
}
export interface ReplaceBackground {
  replaceBackground(input: ReplaceBackgroundInput): Promise<ImageResult>;
}

export interface RemoveBackgroundInput {
  image: ImageData;
}
export interface RemoveBackground {
  removeBackground(input: RemoveBackgroundInput): Promise<ImageResult>;
}

export interface PlaceProductInput {
  prompt: string;
  product: ImageData;
  scene: ImageData;
  width: number;
  height: number;
}
export interface PlaceProduct {
  placeProduct(input: PlaceProductInput): Promise<ImageResult>;
}

export interface VirtualTryOnInput {
  person: ImageData;
  garment: ImageData;
}
export interface VirtualTryOn {
  virtualTryOn(input: VirtualTryOnInput): Promise<ImageResult>;
}

export interface UpscaleInput {
  image: ImageData;
  factor: 2;
}
export interface Upscale {
  upscale(input: UpscaleInput): Promise<ImageResult>;
}

export interface DescribeImageInput {
  image: ImageData;
}
export interface DescribeImage {
  describeImage(input: DescribeImageInput): Promise<DescribeResult>;
}

/** Training a LoRA on a hosted trainer from a few images (zipped), with a trigger word. */
export interface LoraTrainingInput {
  images: ImageData[];
  triggerWord: string;
  /** A style (the look) rather than a subject. */
  isStyle: boolean;
}
export type LoraResult = { loraUrl: string } & ResultMeta;

/** Every image capability together: what a provider and the engine expose. */
export type ImageCapabilities = GenerateImage &
  EditImage &
  ReplaceBackground &
  RemoveBackground &
  PlaceProduct &
  VirtualTryOn &
  Upscale &
  DescribeImage;

export type CapabilityName = keyof ImageCapabilities;

// ——— Speech ———

/** What a voice sample sounds like (local/speech/analysis.ts measures it). */
export interface VoiceAnalysis {
  pitchHz: number;
  syllablesPerSecond: number;
  /** 0 (dark) … 1 (bright). */
  brightness: number;
  /** Seconds of voiced audio the measures come from. */
  voicedSeconds: number;
}

/** A voice the local engine can make: espeak-ng language and variant, pitch (0–99), rate (words a minute). */
export interface LocalVoice {
  language: 'en-us' | 'en-gb';
  variant: string;
  pitch: number;
  rate: number;
  /**
   * Spoken by flite instead of espeak-ng: its voice, mean pitch (Hz) and how slowly it speaks
   * (1 = as built). The espeak-ng fields stay, for a voice made to match this one.
   */
  flite?: { voice: 'slt' | 'rms'; f0: number; stretch: number };
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
/** A spoken word and when it is said, in seconds from the audio's start. */
export interface WordTiming {
  text: string;
  start: number;
  end: number;
}

export type SpeechResult = {
  audio: Buffer;
  mime: 'audio/mpeg' | 'audio/aac';
  durationS: number;
  /** When each mouth shape is made (the local engine knows it from its phonemes); a talking head takes them as they are. */
  mouthCues?: MouthCue[];
  /** Each word of the text (as a viewer reads it, punctuation attached) and when it is said, in order, inside the audio. */
  words?: WordTiming[];
} & ResultMeta;

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
  /** An instrumental track from a description (ElevenLabs' music model); absent where the provider has none. */
  composeMusic?(input: ComposeMusicInput): Promise<ComposedMusic>;
};

export interface ComposeMusicInput {
  prompt: string;
  durationS: number;
}

export interface ComposedMusic extends ResultMeta {
  audio: Buffer;
  mime: 'audio/mpeg';
  durationS: number;
}

// ——— Video ———

/**
 * A mouth shape of the Preston Blair set as Rhubarb Lip Sync names them: A closed (P, B, M), B
 * slightly open with the teeth together (most consonants, EE), C open (EH, AE), D wide open (AA),
 * E slightly rounded (AO, ER), F puckered (OO, W), G upper teeth on the lower lip (F, V),
 * H tongue raised (L), X at rest.
 */
export type MouthShape = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'X';

/** One mouth shape held from `start` to `end` (seconds from the start of the speech). */
export interface MouthCue {
  start: number;
  end: number;
  shape: MouthShape;
}

/** A rendered clip (MP4) with its size and length. */
export type VideoResult = { video: Buffer; mime: 'video/mp4'; width: number; height: number; durationS: number } & ResultMeta;

/** Image → video at a model's rules (spec 2 §9): its aspect ratio and duration. */
export interface ImageToVideoInput {
  image: ImageData;
  prompt: string;
  model: 'seedance' | 'veo3';
  aspectRatio: string;
  durationS: number;
  width: number;
  height: number;
}

/** A clip made to speak `audio`; the local engine animates the still itself, a hosted model syncs `video`. */
export interface LipSyncInput {
  video: Buffer;
  audio: Buffer;
  image: ImageData;
  width: number;
  height: number;
  /** The clip lasts at least this long (the speech is followed by silence). */
  durationS: number;
  /** When each mouth shape is made; without them the local engine hears them in the audio. */
  mouthCues?: MouthCue[];
  /** What is said: guides the local engine's hearing of the mouth shapes. */
  script?: string;
}

/** What a hosted provider does for video. */
export interface HostedVideo {
  imageToVideo(input: ImageToVideoInput): Promise<VideoResult>;
  lipSync(input: LipSyncInput): Promise<VideoResult>;
}

/** Camera motion over a still. */
export interface AnimateInput {
  image: ImageData;
  width: number;
  height: number;
  durationS: number;
  /** Camera motion over the still; a slow push-in by default. */
  motion?: 'zoom-in' | 'zoom-out' | 'pan';
}

export interface TalkingHeadInput {
  image: ImageData;
  /** The speech, any format ffmpeg reads; the clip lasts as long as it, or `durationS` if longer. */
  audio: Buffer;
  width: number;
  height: number;
  /** The clip lasts at least this long: the speech is followed by silence while the face stays alive. */
  durationS?: number;
  /** When each mouth shape is made (e.g. a local speech result's); without them they are heard in the audio. */
  mouthCues?: MouthCue[];
  /** What is said: guides hearing the mouth shapes when no cues are given. */
  script?: string;
}

export interface BurnCaptionsInput {
  video: Buffer;
  script: string;
  width: number;
  height: number;
  durationS: number;
  /** The words as said (a speech result's or an alignment's): captions follow them word by word. */
  words?: WordTiming[];
  /** How they look (default `bold-pop` with words; `none` burns nothing). */
  style?: 'none' | 'bold-pop' | 'karaoke' | 'boxed' | 'lower-third';
  /** `#rrggbb` of the spoken word: the brand kit's primary colour. */
  highlight?: string;
  /** A TTF/OTF file to set them in (the brand kit's font); default DejaVu Sans Bold. */
  fontFile?: string;
  /** Where the words' audio starts in the clip, in seconds. */
  offsetS?: number;
}

/**
 * Video: image → video and lip-sync by a hosted model (fal, with FAL_KEY) or the local engine
 * (ffmpeg camera motion and a talking head); joining, posters, captions and silence are local.
 */
export interface VideoCapabilities extends HostedVideo {
  /** Which provider renders clips. */
  readonly provider: 'local' | 'fal';
  /**
   * The local talking head animates the still itself while it speaks: a spoken section needs no
   * separate image → video step there.
   */
  readonly speaksFromStill: boolean;
  animate(input: AnimateInput): Promise<VideoResult>;
  talkingHead(input: TalkingHeadInput): Promise<VideoResult>;
  concat(videos: Buffer[]): Promise<Buffer>;
  posterFrame(video: Buffer): Promise<Buffer>;
  /** A silent track for a clip without sound, so it joins spoken clips. */
  withSilence(video: Buffer): Promise<Buffer>;
  /** A silent clip (a product shot) with `audio` as its sound, followed by silence to the clip's end. */
  withSound(video: Buffer, audio: Buffer): Promise<Buffer>;
  /** A clip from a hosted model in the local engine's size and formats, so it joins the others. */
  normalize(video: Buffer, width: number, height: number): Promise<Buffer>;
  burnCaptions(input: BurnCaptionsInput): Promise<Buffer>;
  /** The finished ad from a job's section clips, in each format asked for. */
  finishAd(input: FinishAdInput): Promise<FinishedAdFormat[]>;
  /** A product shot: the user's own product cut out and standing in a set, the two moving as layers (a silent clip). */
  productShot(input: ProductShotInput): Promise<ProductShot>;
}

/** A section's finished clip, as the ad takes it. */
export interface AdSectionClip {
  video: Buffer;
  durationS: number;
  /** Its spoken words in the clip's own time (none for a silent section). */
  words: WordTiming[];
  /** Whether its words are captioned (they always guide the cuts). */
  captioned: boolean;
  /**
   * The section drawn at another format's own size, by aspect ratio (a product shot: its set extends,
   * the product is never cropped), used as it is; a format without one is re-framed from `video`.
   */
  formats?: Partial<Record<string, Buffer>>;
  /** It keeps its whole length, however its words fall (a product shot lasts what the user chose): no jump cuts. */
  keepLength?: boolean;
  /**
   * The product on a card beside the speaker from `start` (seconds of this clip: the word that names
   * it) for `durationS`, laid out for each format; the times follow the cuts.
   */
  productCard?: { productImage: Buffer; start: number; durationS: number };
}

export interface FinishAdInput {
  /** In the order they play; all of one size (`width`×`height`), with a sound track each. */
  sections: AdSectionClip[];
  width: number;
  height: number;
  /** Each format's name and pixel size; the first is the job's main video. */
  formats: { aspectRatio: string; width: number; height: number }[];
  /** How the captions look; `none` burns nothing. */
  captionStyle: NonNullable<BurnCaptionsInput['style']>;
  /** Cut each talking section 0.4 s after its last word and shorten pauses over 0.6 s. */
  tightCuts: boolean;
  /** `#rrggbb` of the spoken word in the captions (the brand kit's primary colour). */
  highlight?: string;
  /** A card that closes the ad, laid out for each format (the brand kit's). */
  endCard?: Omit<EndCardInput, 'width' | 'height' | 'durationS'>;
  /** Music under the whole ad (end card included), ducked under the voice; the mix at -14 LUFS. */
  music?: { audio: Buffer | string; volume: number; seamlessLoop: boolean };
  /** Told as each stage starts: the cuts (`format` null), then each format; `done` stages of `total` are behind. */
  onProgress?: (stage: AdFinishStage) => Promise<void> | void;
}

/** A stage of finishing an ad. */
export interface AdFinishStage {
  /** The format being made, or null while the sections are cut. */
  format: string | null;
  done: number;
  total: number;
}

export interface FinishedAdFormat {
  aspectRatio: string;
  width: number;
  height: number;
  video: Buffer;
  poster: Buffer;
  durationS: number;
  /** The captioned words on the ad's own timeline (after the cuts). */
  words: WordTiming[];
}

// ——— The finished ad's parts: the end card and product shots ———

export interface EndCardColors {
  /** `#rrggbb`: the card's ground. */
  primary: string;
  /** `#rrggbb`: the call-to-action button. */
  secondary: string;
}

export interface EndCardInput {
  width: number;
  height: number;
  durationS?: number;
  /** The brand's logo (PNG or WebP; transparent margins are trimmed). */
  logo?: ImageData | Buffer;
  /** The product cut out (PNG with alpha): laid out by its visible pixels. */
  productCutout?: ImageData | Buffer;
  ctaText: string;
  /** Shown as text under the button (without its scheme). */
  ctaUrl?: string;
  colors: EndCardColors;
  /** A bundled font id (`BRAND_FONTS`); an unknown id renders with the default font. */
  fontId?: string;
}

export interface ProductShotInput {
  /** The product's photo (an upload or a photo from Products), any format sharp reads. */
  productImage: Buffer;
  /** A Product Studio template id (`marble`, `wood`, `outdoors`, `pastel`) or words the scene engine reads. */
  scene: string;
  motion: 'push-in' | 'slide' | 'orbit';
  durationS: number;
  width: number;
  height: number;
  /** Chooses among the variants of a set (its light side, its grain); the same seed, the same set. */
  seed?: number;
}

/** The product as the shot used it: its cut-out (RGBA, cropped to the product) and that cut-out's mask. */
export interface ProductCutOut {
  png: Buffer;
  /** The alpha of `png` as a greyscale PNG: 255 is the product, 0 its photo's backdrop. */
  mask: Buffer;
  width: number;
  height: number;
}

export interface ProductShot extends ResultMeta {
  /** A silent MP4 at the project's frame rate and encoding: join it after `withSilence` or mux speech over it. */
  video: Buffer;
  mime: 'video/mp4';
  width: number;
  height: number;
  durationS: number;
  /** The cut-out, so an overlay card or an end card shows the same product without segmenting it again. */
  cutout: ProductCutOut;
  /** A hosted shot's worst product-fidelity score over the frames checked. */
  fidelity?: { iou: number; deltaE: number };
  /** Why the shot is not what was asked for (a hosted shot that failed the fidelity check was made locally). */
  note?: string;
}

// ——— Characters and the engine ———

/** A character the local engine learned from photos of one person. */
export interface LearnedCharacter {
  /** Mean face descriptor of the training photos. */
  descriptor: number[];
  /** The person cut out of the photo with the largest face (PNG with transparency). */
  reference: ImageData;
}

/** Every capability in one object, each routed to its provider. */
export type MediaEngine = ImageCapabilities & {
  /** Speech: espeak-ng locally, ElevenLabs with a key. */
  readonly speech: VoiceProvider;
  /** Video: camera motion, talking heads, joining and posters (local ffmpeg). */
  readonly video: VideoCapabilities;
  /** Which provider each capability uses. */
  readonly routes: Record<CapabilityName, 'local' | 'fal'>;
  /** Learns a character from photos of one person: face descriptor and reference cut-out (local engine). */
  learnCharacter(images: ImageData[]): Promise<LearnedCharacter>;
  /** How far the nearest face in an image is from a character's descriptor (null: no face). */
  characterDistance(descriptor: readonly number[], image: ImageData): Promise<number | null>;
  /** A hosted LoRA trainer (fal, with FAL_KEY); absent when styles are learned by the local engine only. */
  readonly trainLora?: (input: LoraTrainingInput) => Promise<LoraResult>;
  /**
   * Each word of a script (as `SpeechResult.words` counts them) and when it is said in a recording
   * of it (any format ffmpeg reads): forced alignment, always offline, whoever speaks.
   */
  alignWords(input: { audio: Buffer; text: string }): Promise<WordTiming[]>;
  /** Stops worker threads (model memory is released). */
  close(): Promise<void>;
};
