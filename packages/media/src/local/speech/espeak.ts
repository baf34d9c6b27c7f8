/**
 * Speech on the local engine: espeak-ng (WASM, offline) speaks and reports each phoneme as it goes,
 * which gives the mouth shapes a talking head makes; ffmpeg normalises loudness and encodes. The
 * American presets are spoken by flite's recorded-voice models instead (`flite.ts`), which sound
 * more natural and report their phones too.
 * Voices are espeak-ng voice + variant + pitch + rate; the 8 presets of spec 2 §9 are distinct
 * ones, and a cloned voice is the closest such voice to a measured sample.
 *
 * The build is Echogarden's (`@echogarden/espeak-ng-emscripten`): the same espeak-ng as the npm
 * `espeak-ng` package (a fresh module speaks the same samples for the same arguments), plus the
 * phoneme events that package does not give.
 *
 * Both synthesisers run in speech child processes (`speaker.ts`), a long text in pieces of a few
 * sentences; this thread only joins the pieces and hands them to ffmpeg.
 */
import type { CloneVoiceInput, CloneVoiceResult, LocalVoice, SpeechResult, TextToSpeechInput, VoiceAnalysis } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { decodeToPcm, integratedLoudness, runFfmpeg } from '../ffmpeg.ts';
import { LOCAL_PRESET_VOICES } from './presets.ts';
import { fliteArguments } from './flite.ts';
import type { EspeakRequest } from './speak-here.ts';
import { analyzeAway, speakAway } from './speaker.ts';

export { closeLocalSpeech } from './speaker.ts';
import { cuesFromPhonemes } from './visemes.ts';
import { escapeXml } from './words.ts';

const FORMATS = {
  mp3: { mime: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'] },
  aac: { mime: 'audio/aac', args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'] },
} as const;

/** -1.5 dBFS, as a linear sample value. */
const PEAK_LIMIT = (10 ** (-1.5 / 20)).toFixed(3);

/**
 * How the spec's settings reach a voice espeak-ng can make: speed scales the rate; stability
 * narrows the pitch movement (low stability = livelier); style widens it and adds emphasis;
 * speaker boost raises the loudness target.
 */
export function espeakRequest(voice: LocalVoice, settings: TextToSpeechInput['settings'], text: string): EspeakRequest {
  const rate = Math.round(Math.min(450, Math.max(80, voice.rate * settings.speed)));
  const range = Math.round(Math.min(200, Math.max(10, 150 - settings.stability * 100 + settings.style * 50)));
  const ssml = `<speak><prosody range="${range}%">${escapeXml(text)}</prosody></speak>`;
  return { voice: `${voice.language}+${voice.variant}`, pitch: voice.pitch, rate, ssml };
}

export async function localTextToSpeech(input: TextToSpeechInput): Promise<SpeechResult> {
  const voice = input.voice.local ?? LOCAL_PRESET_VOICES[input.voice.id];
  if (!voice) throw new MediaError('bad_input', 'This voice is not available on the local engine.');
  const text = input.text.trim();
  if (!text) throw new MediaError('bad_input', 'There is no text to speak.');
  const started = performance.now();
  const { flite } = voice;
  const { samples, rate, phonemes, words } = await speakAway(text, (piece) =>
    flite
      ? { engine: 'flite', args: fliteArguments(flite, input.settings, piece) }
      : { engine: 'espeak-ng', request: espeakRequest(voice, input.settings, piece) },
  );
  const durationS = samples.length / rate;
  if (durationS <= 0) throw new MediaError('upstream', 'The local speech engine made no audio.');
  const format = FORMATS[input.format ?? 'mp3'];
  // Loudness brought to podcast level (-16 LUFS), or -14 with speaker boost, by one gain measured
  // over the whole line (a synthesiser's level is even, so no dynamic normalisation is needed), with
  // peaks held under -1.5 dBFS; timing is unchanged.
  const target = input.settings.useSpeakerBoost ? -14 : -16;
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const raw = ['-f', 's16le', '-ar', String(rate), '-ac', '1', '-i', 'pipe:0'];
  const failure = () => new MediaError('upstream', 'The local speech engine could not encode its audio.');
  const measured = await integratedLoudness(raw, pcm).catch(() => {
    throw failure();
  });
  const gainDb = measured === null ? 0 : target - measured;
  const level = `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${PEAK_LIMIT}:level=false`;
  const audio = await runFfmpeg([...raw, '-af', level, '-ar', '44100', ...format.args, 'pipe:1'], pcm, { failure });
  return {
    audio,
    mime: format.mime,
    durationS: Math.round(durationS * 100) / 100,
    mouthCues: cuesFromPhonemes(phonemes, durationS),
    words: words ?? [],
    provider: 'local',
    model: voice.flite ? `local/flite/${voice.flite.voice}` : `local/espeak-ng/${voice.language}+${voice.variant}`,
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
  const analysis = await analyzeAway(pcm);
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
