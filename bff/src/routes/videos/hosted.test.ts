/**
 * With FAL_KEY the same job runs on the hosted models (here: the fal double): each section's
 * image goes to seedance, the spoken one to lip-sync, and the joined video lands in the gallery.
 */
import { ApiRoutes, isJobFinished, type JobView } from '@studio/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFalDouble, type FalDouble } from '../../../../packages/media/test/fal-double.ts';
import { ensureProfile, signedInUser, startTestStudio, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
let fal: FalDouble;
beforeAll(async () => {
  fal = await startFalDouble();
  studio = await startTestStudio({ FAL_KEY: 'test-key', FAL_BASE_URL: fal.url });
}, 120_000);
afterAll(async () => {
  await studio?.stop();
  await fal?.close();
});

describe('a video job on the hosted models', () => {
  it('animates each section on seedance, lip-syncs the spoken one, and stores the joined video', async () => {
    const { user, client } = await signedInUser(studio);
    await ensureProfile(studio, user, 20);
    const spoken = await client.post(ApiRoutes.generateAudio, { text: 'Hello from the hosted models.', voiceId: 'studioAdam01' });
    const form = new FormData();
    form.set(
      'sections',
      JSON.stringify([
        {
          id: 'talk',
          name: 'Talk',
          scriptEnabled: true,
          scriptBlocks: [
            {
              text: 'Hello from the hosted models.',
              audioStatus: 'approved',
              audioUrl: spoken.body.audioUrl,
              duration: spoken.body.duration,
            },
          ],
        },
        { id: 'shot', name: 'Shot', scriptEnabled: false, videoDuration: 3 },
      ]),
    );
    const image = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#777' } })
      .png()
      .toBuffer();
    for (const i of [0, 1]) form.set(`image_${i}`, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'i.png');
    const started = await client.post(ApiRoutes.generateVideo, form);
    expect(started.status).toBe(200);
    let job: JobView;
    for (;;) {
      job = (await client.get(`${ApiRoutes.jobStatus}/${started.body.jobId}`)).body.job;
      if (isJobFinished(job.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.status).toBe('COMPLETED');
    const posted = fal.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posted.filter((p) => p.endsWith('seedance/v1/pro/image-to-video'))).toHaveLength(2);
    expect(posted.filter((p) => p.endsWith('sync-lipsync/v2'))).toHaveLength(1);
    const final = await client.get(job.result!.finalVideo!);
    expect(final.headers.get('content-type')).toBe('video/mp4');
  }, 120_000);
});
