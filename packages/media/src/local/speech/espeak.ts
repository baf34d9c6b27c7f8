// The package ships no types; its declaration travels with this module to every project that compiles it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./espeak-ng.d.ts" />
/**
 * Speech on the local engine: espeak-ng (WASM, offline) speaks, ffmpeg normalises loudness and
 * encodes. Voices are espeak-ng voice + variant + pitch + rate; the 8 presets of spec 2 §9 are
 * distinct ones, and a cloned voice is the closest such voice to a measured sample.
 */
import ESpeakNg from 'espeak-ng';
import type { CloneVoiceInput, CloneVoiceResult, LocalVoice, SpeechResult, TextToSpeechInput, VoiceAnalysis } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { decodeToPcm, runFfmpeg } from '../ffmpeg.ts';
import { analyzeVoice } from './analysis.ts';
import { LOCAL_PRESET_VOICES } from './presets.ts';

const FORMATS = {
  mp3: { mime: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'] },
  aac: { mime: 'audio/aac', args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'] },
} as const;

/** espeak-ng runs one call at a time (its WASM module is single-threaded and cheap to start). */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * How the spec's settings reach a voice espeak-ng can make: speed scales the rate; stability
 * narrows the pitch movement (low stability = livelier); style widens it and adds emphasis;
 * speaker boost raises the loudness target.
 */
export function espeakArguments(voice: LocalVoice, settings: TextToSpeechInput['settings'], text: string): string[] {
  const rate = Math.round(Math.min(450, Math.max(80, voice.rate * settings.speed)));
  const range = Math.round(Math.min(200, Math.max(10, 150 - settings.stability * 100 + settings.style * 50)));
  const ssml = `<speak><prosody range="${range}%">${escapeXml(text)}</prosody></speak>`;
  return ['-m', '-w', 'speech.wav', '-v', `${voice.language}+${voice.variant}`, '-p', String(voice.pitch), '-s', String(rate), ssml];
}

async function speak(args: string[]): Promise<Buffer> {
  return serially(async () => {
    const module = await ESpeakNg({ arguments: args, print: () => undefined, printErr: () => undefined });
    return Buffer.from(module.FS.readFile('speech.wav'));
  });
}

/** Seconds of a 16-bit PCM WAV, from its header. */
export function wavDuration(wav: Buffer): number {
  const rate = wav.readUInt32LE(24);
  const channels = wav.readUInt16LE(22);
  const bits = wav.readUInt16LE(34);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    // espeak-ng streams its WAV and may leave the data size at its maximum: count what is there.
    if (id === 'data') return Math.min(size, wav.length - offset - 8) / (rate * channels * (bits / 8));
    offset += 8 + size;
  }
  return 0;
}

export async function localTextToSpeech(input: TextToSpeechInput): Promise<SpeechResult> {
  const voice = input.voice.local ?? LOCAL_PRESET_VOICES[input.voice.id];
  if (!voice) throw new MediaError('bad_input', 'This voice is not available on the local engine.');
  const text = input.text.trim();
  if (!text) throw new MediaError('bad_input', 'There is no text to speak.');
  const started = performance.now();
  const wav = await speak(espeakArguments(voice, input.settings, text));
  const durationS = wavDuration(wav);
  if (durationS <= 0) throw new MediaError('upstream', 'The local speech engine made no audio.');
  const format = FORMATS[input.format ?? 'mp3'];
  // Loudness normalised to podcast level (-16 LUFS), or -14 with speaker boost.
  const target = input.settings.useSpeakerBoost ? -14 : -16;
  const audio = await runFfmpeg(
    ['-f', 'wav', '-i', 'pipe:0', '-af', `loudnorm=I=${target}:TP=-1.5:LRA=11`, '-ar', '44100', ...format.args, 'pipe:1'],
    wav,
    {
      failure: () => new MediaError('upstream', 'The local speech engine could not encode its audio.'),
    },
  );
  return {
    audio,
    mime: format.mime,
    durationS: Math.round(durationS * 100) / 100,
    provider: 'local',
    model: `local/espeak-ng/${voice.language}+${voice.variant}`,
    cost: { amount: Math.round(performance.now() - started) / 1000, unit: 'compute_s' },
  };
}

/** The espeak-ng pitch (0–99) that best matches a fundamental in Hz, for each kind of variant. */
const pitchFor = (hz: number, female: boolean) => Math.round(Math.min(99, Math.max(0, female ? (hz - 150) / 2.2 : (hz - 80) / 1.4)));

/**
 * A voice made from a sample: its pitch decides a male or female variant and the espeak pitch, its
 * rate the speaking rate, its brightness which variant of the kind. Always an approximation.
 */
export async function localCloneVoice(input: CloneVoiceInput): Promise<CloneVoiceResult & { voice: LocalVoice; analysis: VoiceAnalysis }> {
  const started = performance.now();
  const pcm = await decodeToPcm(input.sample).catch(() => {
    throw new MediaError('bad_input', 'This audio file could not be read.');
  });
  const analysis = analyzeVoice(pcm);
  if (analysis.voicedSeconds < 1 || analysis.pitchHz === 0) {
    throw new MediaError('bad_input', 'The sample holds too little clear speech to learn a voice from.');
  }
  const female = analysis.pitchHz >= 165;
  const variants = female ? ['f5', 'f1', 'f3', 'f2', 'f4'] : ['m1', 'm6', 'm3', 'm2', 'm4'];
  const variant = variants[Math.min(variants.length - 1, Math.floor(analysis.brightness * variants.length))]!;
  // A syllable a second ≈ 40 words a minute in English speech.
  const rate = Math.round(Math.min(260, Math.max(110, analysis.syllablesPerSecond * 40)));
  return {
    voice: { language: 'en-us', variant, pitch: pitchFor(analysis.pitchHz, female), rate },
    analysis,
    approximation: true,
    requiresVerification: false,
    provider: 'local',
    model: 'local/espeak-ng/voice-match',
    cost: { amount: Math.round(performance.now() - started) / 1000, unit: 'compute_s' },
  };
}
