/**
 * Music under a video's voice: the track looped or faded to the video's length, ducked
 * under the speech by sidechain compression so the voice stays ≥ 12 dB above it, and the whole mix
 * brought to the short-video apps' level, −14 LUFS integrated with true peaks ≤ −1 dBTP.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaError } from '../../errors.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { measureLoudness } from './loudness.ts';

/** The short-video apps normalise to −14 LUFS; a louder upload is turned down, a quieter one left quiet. */
export const MIX_TARGET_LUFS = -14;
/** Their players clip inter-sample peaks above −1 dBTP after their own transcode. */
export const MIX_MAX_TRUE_PEAK_DBTP = -1;
/** The mix's format: a video's audio track. */
export const MIX_SAMPLE_RATE = 48_000;

/**
 * Where the music sits under the voice at full volume (1), before ducking: 6 LU under it. With the
 * ducker's ≥ 8 dB while speaking that keeps the voice ≥ 12 dB above the music.
 */
const MUSIC_UNDER_VOICE_LU = 6;
/** A loop that is not seamless (an upload) overlaps its end with its start for this long. */
const LOOP_CROSSFADE_S = 1.5;
/** The music fades out over the video's last seconds instead of stopping on a cut. */
const END_FADE_S = 2;
/** The level speech is brought to before it drives the ducker, so ducking does not depend on how loud the voice was recorded. */
const SIDECHAIN_LUFS = -20;
/** How far ahead of the voice the ducker listens. */
const DUCK_LEAD_S = 0.1;
/** Encoding a 10-minute mix takes well under this; longer is a stuck ffmpeg. */
const FFMPEG_TIMEOUT_MS = 180_000;

/** A file on disk, or its bytes. */
export type AudioSource = string | Buffer;

export interface MixMusicInput {
  /** The video (its first audio stream is taken) or its speech alone; null for a video without a voice. */
  speech: AudioSource | null;
  /** The music: a library bed or an upload, in any format ffmpeg reads. */
  music: AudioSource;
  /** The user's music volume, 0–1 (0: no music); scales the music in decibels (0.5 is 6 dB down). */
  volume: number;
  /** The video's length: the mix lasts exactly this long. */
  durationS: number;
  /** A library bed loops on its bar line exactly; any other music is crossfaded where it loops. */
  seamlessLoop?: boolean;
}

export interface MixStems {
  /** The voice as it is in the mix, mono float samples at `MIX_SAMPLE_RATE`, before the final gain. */
  speech: Float32Array;
  /** The music as it is in the mix (looped, faded, ducked), likewise. */
  music: Float32Array;
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-mix-'));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function fileOf(source: AudioSource, dir: string, name: string): Promise<string> {
  if (typeof source === 'string') return source;
  const file = path.join(dir, name);
  await fs.writeFile(file, source, { mode: 0o600 });
  return file;
}

/**
 * What ffmpeg reads from a file's header: its duration (an MP3 without one is estimated from its
 * bitrate) and whether it holds sound (a product shot's clip has none).
 */
async function probe(file: string): Promise<{ durationS: number; hasAudio: boolean }> {
  let log = '';
  await runFfmpeg(['-i', file, '-t', '0', '-f', 'null', '-'], Buffer.alloc(0), { report: (text) => (log = text) });
  const [, h, m, s] = /Duration: (\d+):(\d+):([\d.]+)/.exec(log) ?? [];
  return { durationS: Number(h) * 3600 + Number(m) * 60 + Number(s), hasAudio: /Stream #\d+:\d+.*: Audio:/.test(log) };
}

/** The filters that make `[music]` last exactly `durationS`: looped (exactly or crossfaded), then trimmed and faded out. */
function musicToLength(musicS: number, durationS: number, seamless: boolean): { inputArgs: string[]; graph: string } {
  const end = `asetpts=N/SR/TB,atrim=0:${durationS.toFixed(3)},afade=t=out:st=${Math.max(0, durationS - END_FADE_S).toFixed(3)}:d=${Math.min(END_FADE_S, durationS).toFixed(3)}`;
  const format = `aresample=${MIX_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  if (musicS >= durationS) return { inputArgs: [], graph: `[1:a]${format},${end}[music]` };
  // Too short to crossfade into itself: looped as it is.
  if (seamless || musicS < LOOP_CROSSFADE_S * 3) return { inputArgs: ['-stream_loop', '-1'], graph: `[1:a]${format},${end}[music]` };
  const copies = Math.ceil((durationS - LOOP_CROSSFADE_S) / (musicS - LOOP_CROSSFADE_S));
  const labels = Array.from({ length: copies }, (_, i) => `[m${i}]`);
  let graph = `[1:a]${format},asplit=${copies}${labels.join('')};`;
  let last = labels[0]!;
  for (let i = 1; i < copies; i++) {
    graph += `${last}${labels[i]}acrossfade=d=${LOOP_CROSSFADE_S}:c1=qsin:c2=qsin[x${i}];`;
    last = `[x${i}]`;
  }
  return { inputArgs: [], graph: `${graph}${last}${end}[music]` };
}

/**
 * The first pass: the speech at its own level and the music under it, ducked. Writes the mix (and,
 * asked, each stem) as raw float samples into `dir`.
 */
async function renderMixPass(input: MixMusicInput, dir: string, stems: boolean) {
  if (!(input.durationS > 0)) throw new MediaError('bad_input', 'A mix needs a length.');
  const volume = Math.min(1, Math.max(0, input.volume));
  const musicFile = await fileOf(input.music, dir, 'music');
  const given = input.speech === null ? null : await fileOf(input.speech, dir, 'speech');
  // A video without a sound track is a video without a voice.
  const speechFile = given && (await probe(given)).hasAudio ? given : null;
  const [musicProbe, musicLoudness, speechLoudness] = await Promise.all([
    probe(musicFile),
    measureLoudness(['-i', musicFile, '-vn']),
    speechFile ? measureLoudness(['-i', speechFile, '-vn']) : Promise.resolve(null),
  ]);
  if (!musicProbe.hasAudio || !(musicProbe.durationS > 0)) throw new MediaError('bad_input', 'This music could not be read.');
  const durationS = input.durationS;
  const speechLufs = speechLoudness?.integratedLufs ?? null;
  // With a voice, the music sits under it; without one (or a silent one), at the bed level of a −14 LUFS mix.
  const musicTarget = (speechLufs ?? MIX_TARGET_LUFS) - MUSIC_UNDER_VOICE_LU;
  const musicGainDb =
    volume === 0 || musicLoudness.integratedLufs === null ? null : musicTarget - musicLoudness.integratedLufs + 20 * Math.log10(volume);
  const music = musicToLength(musicProbe.durationS, durationS, input.seamlessLoop ?? false);
  // Timestamps from zero first: an MP3 or AAC stream starts after its encoder's delay, and trims go by timestamps.
  const length = `asetpts=N/SR/TB,apad,atrim=0:${durationS.toFixed(3)}`;
  const format = `aresample=${MIX_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  const speechIn = speechFile ? `[0:a]${format},${length}` : `anullsrc=r=${MIX_SAMPLE_RATE}:cl=stereo,${length}`;
  const graph = [
    stems ? `${speechIn},asplit=3[voice][side][voicestem]` : `${speechIn},asplit=2[voice][side]`,
    music.graph,
    musicGainDb === null ? `[music]volume=0[musicgain]` : `[music]volume=${musicGainDb.toFixed(2)}dB[musicgain]`,
    // The ducker listens to the speech at a known level: ≥ 8 dB of gain reduction on every word
    // (ratio 20 above −50 dBFS), held 400 ms through the gaps between words so the bed does not pump.
    // It hears each word 100 ms early (its key leads the voice), so the music is already down when a word starts.
    `[side]volume=${(speechLufs === null ? 0 : SIDECHAIN_LUFS - speechLufs).toFixed(2)}dB,asetpts=N/SR/TB,atrim=start=${DUCK_LEAD_S},${length}[key]`,
    `[musicgain][key]sidechaincompress=threshold=0.003:ratio=20:attack=5:release=400:knee=2[ducked]`,
    stems ? `[ducked]asplit=2[bed][musicstem]` : `[ducked]anull[bed]`,
    // A plain sum, in float (the second pass sets the level): amix drops its last partial frame.
    `[voice][bed]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[mix]`,
  ].join(';');
  const mixFile = path.join(dir, 'mix.f32');
  const stem = (label: string, name: string) => ['-map', label, '-f', 'f32le', '-ac', '1', path.join(dir, name)];
  const outputs = [
    ...['-map', '[mix]', '-f', 'f32le', '-ac', '2', mixFile],
    ...(stems ? [...stem('[voicestem]', 'speech.f32'), ...stem('[musicstem]', 'music.f32')] : []),
  ];
  const inputs = [
    ...(speechFile ? ['-i', speechFile] : ['-f', 'lavfi', '-i', `anullsrc=r=${MIX_SAMPLE_RATE}`]),
    ...music.inputArgs,
    ...['-i', musicFile],
  ];
  await runFfmpeg(['-y', ...inputs, '-filter_complex', graph, ...outputs], Buffer.alloc(0), { timeoutMs: FFMPEG_TIMEOUT_MS });
  return mixFile;
}

const RAW_MIX = ['-f', 'f32le', '-ar', String(MIX_SAMPLE_RATE), '-ac', '2'];

/**
 * The video's new audio track: `music` under `speech`, looped or faded to `durationS`, ducked while
 * the voice speaks, at −14 LUFS integrated and ≤ −1 dBTP (measured, one gain, then a true-peak
 * limiter). Answers AAC in an M4A at 48 kHz stereo, ready for `replaceVideoAudio`.
 */
export async function mixMusic(input: MixMusicInput): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const mixFile = await renderMixPass(input, dir, false);
    const { integratedLufs } = await measureLoudness([...RAW_MIX, '-i', mixFile]);
    const gainDb = integratedLufs === null ? 0 : MIX_TARGET_LUFS - integratedLufs;
    const out = path.join(dir, 'mix.m4a');
    // The limiter works at 4× the rate, where inter-sample peaks are samples; its ceiling leaves
    // room for the AAC encoder's own overshoot.
    const filters = `volume=${gainDb.toFixed(2)}dB,aresample=${MIX_SAMPLE_RATE * 4},alimiter=limit=0.8:attack=2:release=80:level=0,aresample=${MIX_SAMPLE_RATE}`;
    await runFfmpeg(
      ['-y', ...RAW_MIX, '-i', mixFile, '-af', filters, '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'ipod', out],
      Buffer.alloc(0),
      { timeoutMs: FFMPEG_TIMEOUT_MS },
    );
    return fs.readFile(out);
  });
}

/** The mix's two parts as they sit in it (before the final common gain): what the ducking checks read. */
export async function mixMusicStems(input: MixMusicInput): Promise<MixStems> {
  return withTempDir(async (dir) => {
    await renderMixPass(input, dir, true);
    const read = async (name: string) => {
      const bytes = await fs.readFile(path.join(dir, name));
      return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
    };
    return { speech: await read('speech.f32'), music: await read('music.f32') };
  });
}

/**
 * A finished MP4 with `audio` as its sound: the picture copied as it is (no second encode), the
 * audio stream copied from `audio` (AAC, as `mixMusic` makes it for the video's length: `-shortest`
 * would cut it at the last video packet, a frame early).
 */
export async function replaceVideoAudio(video: AudioSource, audio: AudioSource): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const videoFile = await fileOf(video, dir, 'video.mp4');
    const audioFile = await fileOf(audio, dir, 'audio.m4a');
    const out = path.join(dir, 'out.mp4');
    await runFfmpeg(
      [
        ...['-y', '-i', videoFile, '-i', audioFile, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy'],
        ...['-map_metadata', '0', '-movflags', '+faststart', '-f', 'mp4', out],
      ],
      Buffer.alloc(0),
      { timeoutMs: FFMPEG_TIMEOUT_MS },
    );
    return fs.readFile(out);
  });
}
