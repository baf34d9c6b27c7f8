import { ProjectDraft } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import type { AdOptions } from '../../shared/ad/ad-options.ts';
import { fromEditorDraft, toEditorDraft } from './draft.ts';
import { addSection, editBlockText, newSection, updateBlock, type EditorSection } from './model.ts';

const defaults = { videoPrompt: 'person talking calmly into the camera' };
const settings = { aspectRatio: '9:16', duration: 12 };
const ad: AdOptions = {
  captionStyle: 'karaoke',
  alsoFormats: ['1:1', '16:9'],
  tightCuts: false,
  music: { trackId: 'calm', volume: 0.3 },
  endCard: true,
};

/** Through JSON and the server's schema, as a saved project comes back. */
const reopened = (sections: EditorSection[]) =>
  fromEditorDraft(ProjectDraft.parse(JSON.parse(JSON.stringify(toEditorDraft({ sections, model: 'seedance', settings, ad })))))!;

describe('the editor draft kept as a project', () => {
  it('brings back every section, its script, its voice and its approved audio', () => {
    let [first, second] = addSection([newSection(0, defaults)], defaults) as [EditorSection, EditorSection];
    first = editBlockText(
      { ...first, name: 'Hook', imageUrl: '/media/assets/a.png', imagePreview: '/media/assets/a.png' },
      first.blocks[0]!.id,
      'Meet the serum.',
    );
    first = updateBlock(first, first.blocks[0]!.id, { audioStatus: 'approved', audioUrl: '/media/assets/b.mp3', duration: 2.4 });
    second = editBlockText(
      { ...second, voice: { ...second.voice, voiceId: 'studioUgcOne', name: 'UGC1', speed: 1.1 } },
      second.blocks[0]!.id,
      'Two drops a day.',
    );

    const back = reopened([first, second]);
    expect(back.model).toBe('seedance');
    expect(back.settings).toEqual(settings);
    expect(back.ad).toEqual(ad);
    expect(back.sections.map((s) => [s.name, s.blocks.map((b) => b.text)])).toEqual([
      ['Hook', ['Meet the serum.']],
      ['Section 2', ['Two drops a day.']],
    ]);
    expect(back.sections[0]).toMatchObject({ imageUrl: '/media/assets/a.png', imagePreview: '/media/assets/a.png', imageFile: null });
    expect(back.sections[0]!.blocks[0]).toMatchObject({ audioStatus: 'approved', audioUrl: '/media/assets/b.mp3', duration: 2.4 });
    expect(back.sections[0]!.blocks[0]!.versions).toHaveLength(1);
    expect(back.sections[1]!.voice).toMatchObject({ voiceId: 'studioUgcOne', name: 'UGC1', speed: 1.1 });
  });

  it('keeps a product shot’s kind, set, move and length; a draft from before product shots opens with talking sections', () => {
    const shot: EditorSection = {
      ...newSection(0, defaults),
      kind: 'product',
      shot: { scene: 'on a beach towel', motion: 'slide', duration: 5 },
    };
    expect(reopened([shot]).sections[0]).toMatchObject({
      kind: 'product',
      shot: { scene: 'on a beach towel', motion: 'slide', duration: 5 },
    });
    const describing: EditorSection = { ...shot, shot: { ...shot.shot, scene: '' } };
    expect(reopened([describing]).sections[0]!.shot.scene).toBe('');
    const card = { imageUrl: '/media/assets/bottle.png', atWord: 'serum' };
    expect(reopened([{ ...newSection(0, defaults), card }]).sections[0]!.card).toEqual(card);
    const old = ProjectDraft.parse({ sections: [{ id: 'old-1', name: 'Hook', scriptBlocks: [] }] });
    expect(fromEditorDraft(old)!.sections[0]).toMatchObject({
      kind: 'talking',
      shot: { scene: 'marble', motion: 'push-in', duration: 4 },
      card: null,
    });
  });

  it('opens a draft saved before the finished ad with captions on, no further format and jump cuts', () => {
    const older = ProjectDraft.parse({ sections: [{ id: 's1', name: 'Hook' }], model: 'seedance', settings });
    expect(fromEditorDraft(older)!.ad).toEqual({ captionStyle: 'bold-pop', alsoFormats: [], tightCuts: true, music: null, endCard: false });
  });

  it('keeps a photo from the computer by its kept upload, none before it is uploaded, and no audio still being made', () => {
    const chosen = { ...newSection(0, defaults), imageFile: new Blob(['x']) as File, imagePreview: 'blob:local' };
    const kept = reopened([{ ...chosen, imageUrl: '/media/temp/u-abcdefghijklmnop.png' }]);
    expect(kept.sections[0]).toMatchObject({
      imageFile: null,
      imageUrl: '/media/temp/u-abcdefghijklmnop.png',
      imagePreview: '/media/temp/u-abcdefghijklmnop.png',
    });

    const section = newSection(0, defaults);
    const uploading: EditorSection = {
      ...updateBlock(editBlockText(section, section.blocks[0]!.id, 'Hi'), section.blocks[0]!.id, { audioStatus: 'generating' }),
      imageFile: new Blob(['x']) as File,
      imagePreview: 'blob:local',
      imageUrl: null,
    };
    const back = reopened([uploading]);
    expect(back.sections[0]).toMatchObject({ imageFile: null, imageUrl: null, imagePreview: null });
    expect(back.sections[0]!.blocks[0]).toMatchObject({ text: 'Hi', audioStatus: 'none', audioUrl: null });
  });
});
