import { ApiRoutes, Messages, VOICE_PRESETS } from '@studio/contracts';
import { LOCAL_PRESET_VOICES } from '@studio/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLocalSpeech, speechPool } from '../../../../packages/media/src/local/speech/speaker.ts';
import { startTestStudio, type TestStudio, member, balanceOf } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(() => studio?.stop());

const SENTENCES = [
  'Hi, I tried this serum for two weeks and my skin has never looked better.',
  'It goes on light, it smells like nothing at all, and a single drop covers my whole face.',
  'My friends kept asking what I changed, so I finally told them about it.',
  'Maybe you should try it too, because honestly, it made my mornings so much easier!',
  'Would I buy it again? Absolutely; I already ordered a second bottle for my sister.',
];
/** A script as long as the API takes (5,000 characters). */
const longest = (() => {
  let text = '';
  for (let i = 0; text.length < 5000; i++) text += `${SENTENCES[i % SENTENCES.length]} `;
  return text.slice(0, 5000);
})();

/** How long the studio takes to answer its health check, every 100 ms until `done` settles. */
async function healthWhile(done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.finally(() => (settled = true));
  const client = studio.client();
  const times: number[] = [];
  while (!settled) {
    const started = performance.now();
    expect((await client.get(ApiRoutes.health)).status).toBe(200);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  return times;
}

describe('long scripts on the local voices', () => {
  it('speaks 5,000 characters on every flite preset at once, while the studio keeps answering', async () => {
    const presets = VOICE_PRESETS.filter((p) => LOCAL_PRESET_VOICES[p.id]?.flite).map((p) => p.id);
    expect(presets).toHaveLength(5);
    const { client } = await member(studio);
    const lines = Promise.all(presets.map((voiceId) => client.post(ApiRoutes.generateAudio, { text: longest, voiceId })));
    const health = await healthWhile(lines);
    for (const res of await lines) {
      expect(res.status).toBe(200);
      // About 16 characters a second: 5,000 are several minutes of speech.
      expect(res.body.duration).toBeGreaterThan(180);
      expect(res.body.duration).toBeLessThan(600);
    }
    expect(health.length).toBeGreaterThan(5);
    expect(Math.max(...health)).toBeLessThan(300);
    expect(await balanceOf(client)).toBe(20 - presets.length);
  }, 180_000);

  it('answers a line whose speech engine dies with the spec’s message, and gives the credit back exactly once', async () => {
    const { user, client } = await member(studio);
    // Fresh children, so the ones found below are the ones speaking this line.
    await closeLocalSpeech();
    const pool = speechPool();
    const line = client.post(ApiRoutes.generateAudio, { text: longest, voiceId: 'studioUgcTwo' });
    while (pool.pids.length === 0) await new Promise((r) => setTimeout(r, 10));
    for (const pid of pool.pids) process.kill(pid, 'SIGKILL');
    const failed = await line;
    expect(failed.status).toBe(503);
    expect(failed.body.error.message).toBe(Messages.failedToGenerateAudio);
    expect(await balanceOf(client)).toBe(20);
    const ledger = await studio.deps.db('credit_transactions').where({ user_id: user.id });
    expect(ledger.filter((t) => t.transaction_type === 'TASK_REFUND')).toHaveLength(1);
    expect(ledger.filter((t) => t.transaction_type === 'TASK_DEBIT')).toHaveLength(1);
    // The studio still speaks: a new child takes the next line.
    const next = await client.post(ApiRoutes.generateAudio, { text: SENTENCES[0], voiceId: 'studioUgcTwo' });
    expect(next.status).toBe(200);
    expect(await balanceOf(client)).toBe(19);
  }, 60_000);
});
