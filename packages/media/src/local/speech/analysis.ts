/**
 * What a voice sample sounds like, measured from its samples: the fundamental pitch (median over
 * voiced frames, by autocorrelation), the speaking rate (syllable-like peaks of the loudness
 * envelope per second of speech) and brightness (zero-crossing rate of voiced frames).
 */
import type { VoiceAnalysis } from '../../capabilities.ts';

const FRAME_S = 0.04;

export function analyzeVoice(pcm: Int16Array, rate = 16_000): VoiceAnalysis {
  const frame = Math.round(rate * FRAME_S);
  const energies: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += (pcm[i]! / 32768) ** 2;
    energies.push(Math.sqrt(sum / frame));
  }
  const loudest = Math.max(0, ...energies);
  const threshold = Math.max(0.01, loudest * 0.15);
  const pitches: number[] = [];
  const crossings: number[] = [];
  let voicedFrames = 0;
  for (let f = 0; f < energies.length; f++) {
    if (energies[f]! < threshold) continue;
    voicedFrames += 1;
    const start = f * frame;
    const pitch = framePitch(pcm, start, frame, rate);
    if (pitch) pitches.push(pitch);
    let zc = 0;
    for (let i = start + 1; i < start + frame; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) zc += 1;
    crossings.push(zc / frame);
  }
  // Syllable nuclei: local maxima of the smoothed envelope above the threshold, at least 100 ms apart.
  const smooth = energies.map(
    (_, i) => (energies[i - 1] ?? energies[i]!) * 0.25 + energies[i]! * 0.5 + (energies[i + 1] ?? energies[i]!) * 0.25,
  );
  let peaks = 0;
  let last = -10;
  for (let i = 1; i < smooth.length - 1; i++) {
    if (smooth[i]! > threshold && smooth[i]! >= smooth[i - 1]! && smooth[i]! > smooth[i + 1]! && i - last >= 3) {
      peaks += 1;
      last = i;
    }
  }
  const voicedSeconds = voicedFrames * FRAME_S;
  return {
    pitchHz: Math.round(median(pitches) ?? 0),
    syllablesPerSecond: voicedSeconds > 0 ? Math.round((peaks / voicedSeconds) * 100) / 100 : 0,
    brightness: Math.min(1, Math.round(((median(crossings) ?? 0) / 0.25) * 100) / 100),
    voicedSeconds: Math.round(voicedSeconds * 100) / 100,
  };
}

/** The strongest autocorrelation lag between 70 and 400 Hz, when it is clearly periodic. */
function framePitch(pcm: Int16Array, start: number, length: number, rate: number): number | null {
  const minLag = Math.floor(rate / 400);
  const maxLag = Math.ceil(rate / 70);
  let energy = 0;
  for (let i = start; i < start + length; i++) energy += pcm[i]! * pcm[i]!;
  if (energy === 0) return null;
  let bestLag = 0;
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = start; i + lag < start + length; i++) sum += pcm[i]! * pcm[i + lag]!;
    const r = sum / energy;
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best > 0.3 && bestLag > 0 ? rate / bestLag : null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
