/**
 * Voice benchmarks (prints numbers and ratios, not a test):
 *   - local speech: seconds of compute per second of audio (real-time factor; target ≤ 0.5, i.e.
 *     at least twice real time), for a short and a paragraph-long script, through the whole
 *     generate-audio route (synthesis, loudness normalisation, MP3, storage, ledger),
 *   - the voice library route's latency (target ≤ 20 ms).
 *
 * Run: `npm run bench` (root) or `npm run bench -w bff`. Env: BENCH_SMOKE.
 */
import { ApiRoutes } from '@studio/contracts';
import { ensureProfile, signedInUser, startTestStudio } from '../test/harness.ts';
import { SMOKE, sized } from './smoke.ts';

const SCRIPTS = {
  short: 'This serum changed my morning routine.',
  paragraph:
    'I have tried a lot of moisturisers, and most of them either feel greasy or disappear in an hour. ' +
    'This one sinks in fast, keeps my skin soft all day, and the bottle lasts for months. ' +
    'If you are looking for one product to simplify your routine, start here.',
};

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const studio = await startTestStudio();
try {
  const { user, client } = await signedInUser(studio);
  await ensureProfile(studio, user, 1000);
  for (const [name, text] of Object.entries(SCRIPTS).slice(0, SMOKE ? 1 : undefined)) {
    const ratios: number[] = [];
    let audioS = 0;
    for (let i = 0; i < sized(5, 1); i++) {
      const started = performance.now();
      const res = await client.post(ApiRoutes.generateAudio, { text, voiceId: 'studioAdam01' });
      if (res.status !== 200) throw new Error(`generate-audio answered ${res.status}`);
      audioS = res.body.duration as number;
      ratios.push((performance.now() - started) / 1000 / audioS);
    }
    const rtf = median(ratios);
    console.log(
      `local speech, ${name.padEnd(9)} (${audioS.toFixed(1)} s of audio)`.padEnd(52) +
        ` real-time factor ${rtf.toFixed(3)}  (${(1 / rtf).toFixed(1)}× real time)  target 0.5  ratio ${(rtf / 0.5).toFixed(2)}`,
    );
  }
  const library: number[] = [];
  for (let i = 0; i < (SMOKE ? 1 : 50); i++) {
    const started = performance.now();
    await client.get(ApiRoutes.voiceLibrary);
    library.push(performance.now() - started);
  }
  const ms = median(library);
  console.log(`${'GET /api/voices/library'.padEnd(52)} median ${ms.toFixed(2)} ms  target 20 ms  ratio ${(ms / 20).toFixed(2)}`);
} finally {
  await studio.stop();
}
