import { ProjectDraft, type JobView } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AD_OPTIONS } from '../../shared/ad/ad-options.ts';
import { fromEditorDraft, toEditorDraft } from './draft.ts';
import { addAlternative, saveAsMain, sectionsToSend, toVariants, type HookState } from './hooks.ts';
import { editBlockText, newSection, toRequestSections, updateBlock, type EditorSection } from './model.ts';
import { priceLine, renderSignature, videoPrice, willReuse, withLastVideos, type RenderSettings } from './reuse.ts';

const defaults = { videoPrompt: 'person talking calmly into the camera' };
const settings: RenderSettings = { model: 'seedance', aspectRatio: '9:16', duration: 12, formats: ['9:16'] };

/** A section ready to generate: a picture, and a line with approved audio. */
function ready(index: number, line = `Line ${index + 1}.`): EditorSection {
  let section: EditorSection = {
    ...newSection(index, defaults),
    imageUrl: `/media/assets/${index}.png`,
    imagePreview: `/media/assets/${index}.png`,
  };
  section = editBlockText(section, section.blocks[0]!.id, line);
  return updateBlock(section, section.blocks[0]!.id, { audioStatus: 'approved', audioUrl: `/media/assets/${index}.mp3`, duration: 2 });
}

/** The section as a finished job leaves it: its clip kept with what it was made from. */
const rendered = (section: EditorSection, as = settings): EditorSection => ({
  ...section,
  lastVideo: {
    url: `/media/jobs/00000000-0000-4000-8000-000000000001/${section.id}.mp4`,
    posterUrl: null,
    signature: renderSignature(section, as)!,
  },
});

describe('sections reused instead of made again (issue 40 §1)', () => {
  it('reuses a section with its last video while nothing that makes it changed; any change renders it again', () => {
    const section = rendered(ready(0));
    expect(willReuse(section, settings)).toBe(true);
    expect(willReuse(ready(0), settings)).toBe(false);
    const changes: [string, EditorSection, RenderSettings][] = [
      ['image', { ...section, imageUrl: '/media/assets/other.png' }, settings],
      ['script and audio', editBlockText(section, section.blocks[0]!.id, 'Another line.'), settings],
      ['prompt', { ...section, videoPrompt: 'a slow push in' }, settings],
      ['kind', { ...section, kind: 'product' }, settings],
      ['model', section, { ...settings, model: 'veo3', aspectRatio: '16:9' }],
      ['format', section, { ...settings, aspectRatio: '1:1' }],
    ];
    for (const [what, changed, as] of changes) expect(willReuse(changed, as), what).toBe(false);
    // What does not make the clip does not count: its name, or (for a spoken section) the silent length.
    expect(willReuse({ ...section, name: 'Hook' }, { ...settings, duration: 6 })).toBe(true);
    // A silent section's length, a product shot's set and the formats it is drawn in do.
    const silent = rendered({ ...ready(1), scriptEnabled: false });
    expect(willReuse(silent, { ...settings, duration: 6 })).toBe(false);
    const shot = rendered({ ...ready(2), kind: 'product' });
    expect(willReuse({ ...shot, shot: { ...shot.shot, motion: 'orbit' } }, settings)).toBe(false);
    expect(willReuse(shot, { ...settings, formats: ['9:16', '1:1'] })).toBe(false);
    // veo3 speaks the script itself: its voice counts.
    const veo = { ...settings, model: 'veo3' as const, aspectRatio: '16:9' };
    const said = rendered(ready(3), veo);
    expect(willReuse({ ...said, voice: { ...said.voice, speed: 1.2 } }, veo)).toBe(false);
  });

  it('names the last video of each reused section in the request, and only theirs', () => {
    const [kept, fresh] = [rendered(ready(0)), ready(1)];
    const sent = toRequestSections([kept, fresh], (s) => willReuse(s, settings));
    expect(sent.map((s) => [s.isCached, s.cachedVideoUrl])).toEqual([
      [true, kept.lastVideo!.url],
      [false, null],
    ]);
    // Without the editor's say, nothing is named.
    expect(toRequestSections([kept]).map((s) => s.isCached)).toEqual([false]);
  });

  it('prices only the sections Generate renders, in every format, and says what it reuses', () => {
    const sections = [rendered(ready(0)), ready(1), ready(2)];
    const price = videoPrice(sections, settings);
    expect(price).toEqual({ rendered: 2, reused: 1, credits: 4 });
    expect(priceLine(price, 1)).toBe('4 credits for 2 sections to render (1 section reused: free).');
    // 2 a section for the first format, 1 a section for each further one: the two sections it renders.
    expect(videoPrice(sections, { ...settings, formats: ['9:16', '1:1', '16:9'] }).credits).toBe(2 * (2 + 1 + 1));
    const all = videoPrice([rendered(ready(0))], settings);
    expect([all.credits, priceLine(all, 1)]).toEqual([0, '0 credits for 0 sections to render (1 section reused: free).']);
  });

  it('keeps the clip of each section a job finished, with what it was made from when the job started', () => {
    const [a, b] = [ready(0), ready(1)];
    const job = {
      sections: [
        { section: a.id, status: 'COMPLETED', outputUrl: `/media/jobs/j/${a.id}.mp4`, posterUrl: `/media/jobs/j/${a.id}.jpg` },
        { section: b.id, status: 'FAILED', outputUrl: null, posterUrl: null },
      ],
    } as unknown as JobView;
    const sent = new Map([a, b].map((s) => [s.id, renderSignature(s, settings)]));
    const [keptA, keptB] = withLastVideos([a, b], job, sent);
    expect(keptA!.lastVideo).toEqual({
      url: `/media/jobs/j/${a.id}.mp4`,
      posterUrl: `/media/jobs/j/${a.id}.jpg`,
      signature: sent.get(a.id),
    });
    expect(keptB!.lastVideo).toBeNull();
    expect(willReuse(keptA!, settings)).toBe(true);
  });
});

describe('hook variants in the editor (issue 40 §2)', () => {
  const body = [ready(0, 'Hook one.'), ready(1), ready(2)];

  it('makes one video per hook: each alternative followed by the shared sections; credits count each section once', () => {
    let hook: HookState = { alternatives: [] };
    expect(toVariants(body, hook)).toBeNull();
    hook = addAlternative(addAlternative(hook, body[0]!), body[0]!);
    expect(hook.alternatives.map((a) => a.name)).toEqual(['Hook 2', 'Hook 3']);
    const [first, second, third] = [body[0]!, ...hook.alternatives];
    const shared = [body[1]!.id, body[2]!.id];
    expect(toVariants(body, hook)).toEqual([
      { id: first.id, label: first.name, sections: [first.id, ...shared] },
      { id: second!.id, label: 'Hook 2', sections: [second!.id, ...shared] },
      { id: third!.id, label: 'Hook 3', sections: [third!.id, ...shared] },
    ]);
    // Five sections to render for three videos: 2 × 5 credits, shown before the start.
    const sent = sectionsToSend(body, hook);
    expect(sent).toHaveLength(5);
    expect(videoPrice(sent, settings).credits).toBe(10);
    expect(priceLine(videoPrice(sent, settings), 3)).toBe('3 videos: 10 credits for 5 sections to render.');
    // Once made, only a changed hook costs anything.
    const made = sent.map((s) => rendered(s));
    const changedHook = editBlockText(made[3]!, made[3]!.blocks[0]!.id, 'A bolder claim.');
    expect(videoPrice([...made.slice(0, 3), changedHook, made[4]!], settings)).toEqual({ rendered: 1, reused: 4, credits: 2 });
  });

  it('gives the hook at most four alternatives, and "Save as main" swaps the chosen one in', () => {
    let hook: HookState = { alternatives: [] };
    for (let i = 0; i < 6; i++) hook = addAlternative(hook, body[0]!);
    expect(hook.alternatives).toHaveLength(4);
    const chosen = hook.alternatives[2]!;
    const swapped = saveAsMain(body, hook, chosen.id);
    expect(swapped.sections.map((s) => s.id)).toEqual([chosen.id, body[1]!.id, body[2]!.id]);
    expect(swapped.hook!.alternatives[2]!.id).toBe(body[0]!.id);
  });

  it('keeps the hook’s alternatives and each section’s last video in the saved draft', () => {
    const hook = addAlternative({ alternatives: [] }, body[0]!);
    const sections = [rendered(body[0]!), body[1]!];
    const saved = ProjectDraft.parse(
      JSON.parse(
        JSON.stringify(
          toEditorDraft({
            sections,
            model: 'seedance',
            settings,
            ad: DEFAULT_AD_OPTIONS,
            hook: { alternatives: [rendered(hook.alternatives[0]!)] },
          }),
        ),
      ),
    );
    const back = fromEditorDraft(saved)!;
    expect(back.hook!.alternatives.map((a) => [a.name, a.blocks[0]!.text])).toEqual([['Hook 2', 'Hook one.']]);
    expect(back.sections[0]!.lastVideo).toEqual(sections[0]!.lastVideo);
    expect(willReuse(back.sections[0]!, settings)).toBe(true);
    expect(willReuse(back.hook!.alternatives[0]!, settings)).toBe(true);
    // A draft without a hook has none; a last video that is not a job's clip is dropped, not trusted.
    const plain = ProjectDraft.parse({ sections: [{ id: 's', lastVideo: { url: 'https://elsewhere/x.mp4', signature: '{}' } }] });
    expect([plain.hook, plain.sections[0]!.lastVideo]).toEqual([null, null]);
  });
});
