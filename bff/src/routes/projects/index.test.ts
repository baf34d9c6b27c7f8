import {
  ApiRoutes,
  MAX_VIDEO_SECTIONS,
  Messages,
  PROJECT_DRAFT_MAX_BYTES,
  ProjectMessages,
  ProjectRoutes,
  SCRIPT_BLOCK_MAX_CHARS,
  projectPath,
  type ProjectDraftInput,
} from '@studio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageAsset, member, startTestStudio, type TestClient, type TestStudio } from '../../../test/harness.ts';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);
afterAll(async () => {
  await studio?.stop();
});

const section = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Section ${id}`,
  videoPrompt: 'person talking calmly into the camera',
  scriptBlocks: [{ id: `${id}-b1`, text }],
  ...extra,
});
const draftOf = (...sections: ReturnType<typeof section>[]): ProjectDraftInput => ({
  sections,
  model: 'seedance',
  settings: { aspectRatio: '9:16', duration: 12 },
});
const put = (client: TestClient, id: string, body: unknown) => client.request('PUT', projectPath(id), body);

describe('projects', () => {
  it('keep an editor draft: created, listed latest change first, reopened, saved again and deleted, by their owner only', async () => {
    const { user, client } = await member(studio);
    const other = await member(studio);
    const image = await createImageAsset(studio, user.id);
    const spoken = await client.post(ApiRoutes.generateAudio, { text: 'Meet the amber serum.', voiceId: 'studioUgcTwo' });
    expect(spoken.status).toBe(200);

    const draft = draftOf(
      section('s1', 'Meet the amber serum.', {
        imageUrl: image.public_url,
        voice: { voiceId: 'studioUgcTwo', name: 'UGC2', stability: 0.3, similarityBoost: 0.8, speed: 1 },
      }),
      section('s2', 'Two drops, every morning.'),
    );
    draft.sections[0]!.scriptBlocks = [
      { id: 's1-b1', text: 'Meet the amber serum.', audioStatus: 'approved', audioUrl: spoken.body.audioUrl, duration: 2 },
    ];
    const made = await client.post(ProjectRoutes.projects, { kind: 'editor', draft });
    expect(made.status).toBe(200);
    const { project } = made.body;
    // Named after its first script, so the recent list tells drafts apart.
    expect(project).toMatchObject({ kind: 'editor', title: 'Meet the amber serum.' });
    expect(project.draft.sections.map((s: { scriptBlocks: { text: string }[] }) => s.scriptBlocks[0]!.text)).toEqual([
      'Meet the amber serum.',
      'Two drops, every morning.',
    ]);
    expect(project.draft.sections[0].scriptBlocks[0]).toMatchObject({ audioStatus: 'approved', audioUrl: spoken.body.audioUrl });

    const second = (await client.post(ProjectRoutes.projects, { kind: 'create', title: 'Launch teaser', draft: draftOf(section('a', '')) }))
      .body.project;
    expect((await client.get(ProjectRoutes.projects)).body.items.map((p: { id: string }) => p.id)).toEqual([second.id, project.id]);

    const saved = await put(client, project.id, {
      draft: draftOf(section('s2', 'Two drops, every morning.'), section('s3', 'Glow all day.')),
    });
    expect(saved.status).toBe(200);
    const reopened = (await client.get(projectPath(project.id))).body.project;
    expect(reopened.draft.sections.map((s: { id: string }) => s.id)).toEqual(['s2', 's3']);
    expect(reopened.title).toBe('Two drops, every morning.');
    const list = (await client.get(`${ProjectRoutes.projects}?limit=1`)).body;
    expect(list.items).toEqual([expect.objectContaining({ id: project.id, kind: 'editor', sections: 2 })]);
    expect(list.items[0]).not.toHaveProperty('draft');
    const next = (await client.get(`${ProjectRoutes.projects}?limit=1&cursor=${list.nextCursor}`)).body;
    expect(next.items.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expect(next.nextCursor).toBeNull();
    // The `[time, id]` form of a page cursor reads the same page.
    const [at, lastId] = [list.items[0].updatedAt, list.items[0].id];
    const pair = Buffer.from(JSON.stringify([at, lastId])).toString('base64url');
    expect((await client.get(`${ProjectRoutes.projects}?limit=1&cursor=${pair}`)).body.items.map((p: { id: string }) => p.id)).toEqual([
      second.id,
    ]);
    expect((await client.get(`${ProjectRoutes.projects}?cursor=not-a-cursor`)).body.error.message).toBe(Messages.invalidCursor);
    expect((await client.get(`${ProjectRoutes.projects}?kind=create`)).body.items.map((p: { id: string }) => p.id)).toEqual([second.id]);

    // Someone else's project is not found, for every verb, and stays as it was.
    expect((await other.client.get(projectPath(project.id))).status).toBe(404);
    expect((await put(other.client, project.id, { draft: draftOf(section('x', 'Mine now')) })).status).toBe(404);
    expect((await other.client.delete(projectPath(project.id))).status).toBe(404);
    expect((await other.client.get(ProjectRoutes.projects)).body.items).toEqual([]);
    expect((await client.get(projectPath(project.id))).body.project.draft.sections).toHaveLength(2);

    expect((await client.delete(projectPath(project.id))).status).toBe(200);
    expect((await client.get(projectPath(project.id))).status).toBe(404);
    expect((await client.delete(projectPath(project.id))).status).toBe(404);
  });

  it('refuse a malformed id, kind or draft, too many sections and a script over its limit with a clear 400', async () => {
    const { client } = await member(studio);
    const badId = await client.get(`${ProjectRoutes.projects}/not-a-uuid`);
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toBe(Messages.invalidId);
    expect((await client.post(ProjectRoutes.projects, { kind: 'movie', draft: draftOf(section('a', '')) })).body.error.message).toBe(
      ProjectMessages.kindInvalid,
    );
    const notADraft = await client.post(ProjectRoutes.projects, { kind: 'editor', draft: { sections: 'Section 1' } });
    expect(notADraft.status).toBe(400);
    expect(notADraft.body.error.message).toBe(ProjectMessages.draftInvalid);
    const many = Array.from({ length: MAX_VIDEO_SECTIONS + 1 }, (_, i) => section(`s${i}`, 'Hello'));
    const tooMany = await client.post(ProjectRoutes.projects, { kind: 'editor', draft: draftOf(...many) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(ProjectMessages.tooManySections);
    const long = await client.post(ProjectRoutes.projects, {
      kind: 'editor',
      draft: draftOf(section('a', 'x'.repeat(SCRIPT_BLOCK_MAX_CHARS + 1))),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(Messages.scriptTooLong);
    expect((await client.get(ProjectRoutes.projects)).body.items).toEqual([]);
  });

  it("refuse a draft that points to someone else's image or audio, or to a file of the wrong kind", async () => {
    const owner = await member(studio);
    const { user, client } = await member(studio);
    const theirs = await createImageAsset(studio, owner.user.id);
    const mine = await createImageAsset(studio, user.id);
    const project = (
      await client.post(ProjectRoutes.projects, { kind: 'simple', draft: draftOf(section('a', 'Hi', { imageUrl: mine.public_url })) })
    ).body.project;

    for (const change of [
      { imageUrl: theirs.public_url },
      { imageUrl: `${studio.deps.config.appUrl}${theirs.public_url}` },
      { imageUrl: 'https://elsewhere.example/cat.png' },
      { imageUrl: `/media/temp/${owner.user.id}-abcdefghijklmnop.png` },
      // An image is not approved audio.
      { audioUrl: mine.public_url },
    ]) {
      const refused = await put(client, project.id, { draft: draftOf(section('a', 'Hi', change)) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(ProjectMessages.mediaNotYours);
    }
    const created = await client.post(ProjectRoutes.projects, {
      kind: 'editor',
      draft: draftOf(section('a', 'Hi', { imageUrl: theirs.public_url })),
    });
    expect(created.body.error.message).toBe(ProjectMessages.mediaNotYours);
    expect((await client.get(projectPath(project.id))).body.project.draft.sections[0].imageUrl).toBe(mine.public_url);
    // One's own temporary upload is fine: an uploaded photo is kept there until it is used.
    expect(
      (await put(client, project.id, { draft: draftOf(section('a', 'Hi', { imageUrl: `/media/temp/${user.id}-abcdefghijklmnop.png` })) }))
        .status,
    ).toBe(200);
  });

  it('refuse a draft over 256 KB with a 413 that says so, and keep the last saved one', async () => {
    const { client } = await member(studio);
    const project = (await client.post(ProjectRoutes.projects, { kind: 'editor', draft: draftOf(section('a', 'Short and sweet.')) })).body
      .project;
    const blocks = Array.from({ length: 6 }, (_, i) => ({ id: `b${i}`, text: 'y'.repeat(SCRIPT_BLOCK_MAX_CHARS) }));
    const huge = draftOf(...Array.from({ length: MAX_VIDEO_SECTIONS }, (_, i) => ({ ...section(`s${i}`, ''), scriptBlocks: blocks })));
    expect(JSON.stringify(huge).length).toBeGreaterThan(PROJECT_DRAFT_MAX_BYTES);
    const refused = await put(client, project.id, { draft: huge });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe(ProjectMessages.draftTooLarge);
    expect((await client.post(ProjectRoutes.projects, { kind: 'editor', draft: huge })).status).toBe(413);
    expect((await client.get(projectPath(project.id))).body.project.title).toBe('Short and sweet.');
    expect((await client.get(ProjectRoutes.projects)).body.items).toHaveLength(1);
  });

  it('are writes like any other: refused without the studio’s origin', async () => {
    const { client } = await member(studio);
    const refused = await client.post(
      ProjectRoutes.projects,
      { kind: 'editor', draft: draftOf(section('a', '')) },
      { origin: 'https://elsewhere.example' },
    );
    expect(refused.status).toBe(403);
    expect((await client.get(ProjectRoutes.projects)).body.items).toEqual([]);
  });
});
