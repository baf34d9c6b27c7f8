import { describe, expect, it } from 'vitest';
import {
  addSection,
  approvedCount,
  DEFAULT_SECTION_VOICE,
  editBlockText,
  generateButton,
  isSectionValid,
  newSection,
  removeSection,
  renamed,
  scriptWords,
  sectionAudioStatus,
  toRequestSections,
  toggleScript,
  updateBlock,
  type EditorSection,
} from './model.ts';

const defaults = { videoPrompt: 'person talking calmly into the camera' };
const withImage = (s: EditorSection): EditorSection => ({ ...s, imageUrl: '/media/assets/x.png' });
const approved = (s: EditorSection, text = 'Hello there'): EditorSection =>
  updateBlock(editBlockText(s, s.blocks[0]!.id, text), s.blocks[0]!.id, { audioStatus: 'approved', audioUrl: '/a.mp3', duration: 1.2 });

describe('the talking-person editor’s rules', () => {
  it('renames on a new non-blank name only', () => {
    const s = newSection(0, defaults);
    expect(s.name).toBe('Section 1');
    expect(renamed(s, '  Hook ').name).toBe('Hook');
    expect(renamed(s, '   ')).toBe(s);
    expect(renamed(s, 'Section 1')).toBe(s);
  });

  it('gives each section a voice of its own: the default UGC2 at 30/80/1, a new one the voice of the one before, sent with it', () => {
    const first = newSection(0, defaults);
    expect(first.voice).toEqual({ voiceId: 'studioUgcTwo', name: 'UGC2', stability: 0.3, similarityBoost: 0.8, speed: 1 });
    const adam = { voiceId: 'studioAdam01', name: 'Adam', stability: 0.5, similarityBoost: 0.7, speed: 1.4 };
    const [, second] = addSection([{ ...first, voice: adam }], defaults);
    expect(second!.name).toBe('Section 2');
    expect(second!.voice).toEqual(adam);
    expect(addSection([], defaults)[0]!.voice).toBe(DEFAULT_SECTION_VOICE);
    const [sent] = toRequestSections([{ ...first, voice: adam }]);
    expect(sent!.voice).toEqual({ voiceId: 'studioAdam01', stability: 0.5, similarityBoost: 0.7, speed: 1.4 });
  });

  it('replaces the last removed section with a fresh one', () => {
    const only = newSection(0, defaults);
    const after = removeSection([only], only.id, defaults);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(only.id);
    const two = [only, newSection(1, defaults)];
    expect(removeSection(two, only.id, defaults)).toEqual([two[1]]);
  });

  it('disables blocks with the script off and brings them back to none', () => {
    const s = approved(newSection(0, defaults));
    const off = toggleScript(s, false);
    expect(off.blocks.map((b) => b.audioStatus)).toEqual(['disabled']);
    expect(toggleScript(off, true).blocks.map((b) => b.audioStatus)).toEqual(['none']);
  });

  it('needs new audio when a block’s text changes; a blank script is a single empty block', () => {
    const s = approved(newSection(0, defaults));
    const edited = editBlockText(s, s.blocks[0]!.id, 'Something else');
    expect(edited.blocks[0]).toMatchObject({ audioStatus: 'none', audioUrl: null });
    expect(editBlockText(s, s.blocks[0]!.id, '').blocks).toHaveLength(1);
  });

  it('counts a section valid with an image and, when it speaks, approved audio (veo3 speaks itself)', () => {
    const spoken = withImage(editBlockText(newSection(0, defaults), newSection(0, defaults).blocks[0]!.id, 'Hi'));
    expect(isSectionValid(spoken, 'seedance')).toBe(false);
    expect(isSectionValid(spoken, 'veo3')).toBe(true);
    expect(isSectionValid(withImage(approved(newSection(0, defaults))), 'seedance')).toBe(true);
    expect(isSectionValid(toggleScript(withImage(newSection(0, defaults)), false), 'seedance')).toBe(true);
    expect(isSectionValid(approved(newSection(0, defaults)), 'seedance')).toBe(false);
  });

  it('makes a product shot of a section: valid with its photo and no script, or approved audio for one; sent with its set, move and length', () => {
    const shot: EditorSection = { ...newSection(0, defaults), kind: 'product', shot: { scene: 'wood', motion: 'orbit', duration: 6 } };
    expect(isSectionValid(shot, 'seedance')).toBe(false);
    expect(isSectionValid(withImage(shot), 'seedance')).toBe(true);
    // "Describe a set…" with nothing written yet is not a set.
    expect(isSectionValid(withImage({ ...shot, shot: { ...shot.shot, scene: ' ' } }), 'seedance')).toBe(false);
    const spoken = withImage(editBlockText(shot, shot.blocks[0]!.id, 'Grab yours today.'));
    expect(isSectionValid(spoken, 'seedance')).toBe(false);
    expect(isSectionValid(approved(spoken), 'seedance')).toBe(true);
    const [sent, talking] = toRequestSections([withImage(shot), withImage(newSection(1, defaults))]);
    expect(sent).toMatchObject({ kind: 'product', scene: 'wood', motion: 'orbit', duration: 6, imageUrl: '/media/assets/x.png' });
    expect(talking).toMatchObject({ kind: 'talking' });
    expect(talking).not.toHaveProperty('scene');
  });

  it('brings a product card in on a word of the script: offered each word once, sent with the section, incomplete once the word is gone', () => {
    const hook = withImage(approved(newSection(0, defaults), 'Meet the serum. The serum works!'));
    expect(scriptWords(hook)).toEqual(['Meet', 'the', 'serum', 'The', 'works']);
    const carded: EditorSection = { ...hook, card: { imageUrl: '/media/assets/bottle.png', atWord: 'serum' } };
    expect(isSectionValid(carded, 'seedance')).toBe(true);
    expect(toRequestSections([carded])[0]).toMatchObject({
      productOverlay: { productImageUrl: '/media/assets/bottle.png', atWord: 'serum' },
    });
    const rewritten = approved(carded, 'Meet the cream.');
    expect(isSectionValid(rewritten, 'seedance')).toBe(false);
    // A product shot has no card.
    expect(toRequestSections([{ ...carded, kind: 'product' }])[0]).not.toHaveProperty('productOverlay');
  });

  it('labels the Generate button as the spec says', () => {
    const ready = withImage(approved(newSection(0, defaults)));
    expect(generateButton([ready], 'seedance', true)).toEqual({ label: 'Generating Video...', disabled: true });
    expect(generateButton([], 'seedance', false)).toEqual({ label: 'Add at least one section first', disabled: true });
    const pending = updateBlock(ready, ready.blocks[0]!.id, { audioStatus: 'generated' });
    expect(generateButton([pending, pending], 'seedance', false)).toEqual({
      label: 'Approve audio for all sections (2 pending)',
      disabled: true,
    });
    expect(generateButton([ready, newSection(1, defaults)], 'seedance', false)).toEqual({ label: 'Complete all sections', disabled: true });
    expect(generateButton([ready], 'seedance', false)).toEqual({ label: 'Generate Video', disabled: false });
  });

  it('follows the blocks in the section’s audio status and the approved count', () => {
    const s = approved(newSection(0, defaults));
    expect(sectionAudioStatus(s)).toBe('approved');
    expect(sectionAudioStatus(updateBlock(s, s.blocks[0]!.id, { audioStatus: 'generating' }))).toBe('generating');
    expect(approvedCount([s, newSection(1, defaults)])).toEqual({ approved: 1, total: 2 });
    // A new editor's one empty block is a block to approve; a section without a script has none.
    expect(approvedCount([newSection(0, defaults)])).toEqual({ approved: 0, total: 1 });
    expect(approvedCount([toggleScript(newSection(0, defaults), false)])).toEqual({ approved: 0, total: 0 });
  });
});
