import { ProjectDraft } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AD_OPTIONS, type AdOptions } from '../../shared/ad/ad-options.ts';
import { fromSimpleDraft, toSimpleDraft, type SimpleDraftState } from './draft.ts';
import { newSimpleSection, type SimpleSection } from './SimpleSection.tsx';

const reopened = (state: SimpleDraftState) => fromSimpleDraft(ProjectDraft.parse(JSON.parse(JSON.stringify(toSimpleDraft(state)))))!;
const voiceSettings = { stability: 0.5, similarityBoost: 0.75, speed: 1 };

describe('the simple editor draft kept as a project', () => {
  it('brings back the sections, their scripts and approved audio, the model and the voice', () => {
    const first: SimpleSection = {
      ...newSimpleSection(0, { url: '/media/assets/a.png' }),
      scriptText: 'Soft skin in one week.',
      audioStatus: 'approved',
      audioUrl: '/media/assets/b.mp3',
      audioDuration: 2.1,
    };
    const second: SimpleSection = { ...newSimpleSection(1), imagePrompt: 'a serum bottle on marble', scriptEnabled: false };
    const ad: AdOptions = { ...DEFAULT_AD_OPTIONS, captionStyle: 'boxed', alsoFormats: ['9:16', '1:1'], endCard: true };
    const back = reopened({
      sections: [first, second],
      model: 'veo3',
      voiceId: 'studioUgcOne',
      voiceSettings,
      ad,
    });
    expect(back).toMatchObject({ model: 'veo3', voiceId: 'studioUgcOne', voiceSettings, ad });
    expect(back.sections[0]).toMatchObject({
      name: 'Section 1',
      imageUrl: '/media/assets/a.png',
      imagePreview: '/media/assets/a.png',
      scriptText: 'Soft skin in one week.',
      audioStatus: 'approved',
      audioUrl: '/media/assets/b.mp3',
      audioDuration: 2.1,
    });
    expect(back.sections[1]).toMatchObject({
      name: 'Section 2',
      imagePrompt: 'a serum bottle on marble',
      scriptEnabled: false,
      audioStatus: 'none',
    });
  });

  it('keeps no file from the computer and no audio still being made', () => {
    const section: SimpleSection = {
      ...newSimpleSection(0),
      imageFile: new Blob(['x']) as File,
      imagePreview: 'blob:local',
      scriptText: 'Hi',
      audioStatus: 'generating',
      audioUrl: '/media/assets/old.mp3',
    };
    const back = reopened({ sections: [section], model: 'seedance', voiceId: 'studioUgcTwo', voiceSettings, ad: DEFAULT_AD_OPTIONS });
    expect(back.sections[0]).toMatchObject({ imageFile: null, imageUrl: null, imagePreview: null, audioStatus: 'none', audioUrl: null });
  });
});
