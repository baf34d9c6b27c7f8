/**
 * Mouth shapes heard in any speech: Rhubarb Lip Sync (WASM) in a worker thread, loaded once,
 * guided by the script when there is one.
 */
import type { MouthCue, MouthShape } from '../../capabilities.ts';
import { ModelWorker } from '../model-worker.ts';

const SHAPES = new Set<MouthShape>(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X']);

export class MouthShapeListener {
  // Rhubarb takes about 0.7 s per second of speech: a long section needs minutes on a busy machine.
  private readonly worker = new ModelWorker<{ pcm: Int16Array; script: string }, { cues: MouthCue[] }>(
    new URL('./rhubarb-worker.mjs', import.meta.url),
    'Hearing the mouth shapes',
    5 * 60_000,
  );

  /** The mouth shapes of 16 kHz mono speech, in order, as Rhubarb hears them. */
  async listen(pcm: Int16Array, script = ''): Promise<MouthCue[]> {
    const { cues } = await this.worker.call({ pcm, script });
    return cues.filter((c) => SHAPES.has(c.shape) && c.end > c.start);
  }

  close() {
    return this.worker.close();
  }
}
