import { runFfmpeg } from '../ffmpeg.ts';

/** EBU R128 numbers of a sound: what the short-video apps normalise to (−14 LUFS, ≤ −1 dBTP). */
export interface Loudness {
  /** Integrated loudness, LUFS; null for silence (under ebur128's −70 LUFS gate). */
  integratedLufs: number | null;
  /** The highest true (inter-sample, 4× oversampled) peak, dBTP. */
  truePeakDbtp: number;
}

/** Measures what `inputArgs` reads from `input` (a file path in the args, or bytes on stdin) with ffmpeg's ebur128. */
export async function measureLoudness(inputArgs: string[], input: Buffer = Buffer.alloc(0)): Promise<Loudness> {
  let log = '';
  await runFfmpeg([...inputArgs, '-af', 'ebur128=peak=true', '-f', 'null', '-'], input, { report: (text) => (log = text) });
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const peak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return {
    integratedLufs: Number.isFinite(lufs) && lufs > -70 ? lufs : null,
    truePeakDbtp: Number.isFinite(peak) ? peak : -Infinity,
  };
}
