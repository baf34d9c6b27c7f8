import type { ReactNode } from 'react';
import { DEFAULT_VIDEO_MODEL, VIDEO_MODELS } from '@studio/contracts';
import { RemoteSlot } from '@studio/session';
import { newId } from '../../shared/draft/ids.ts';
import { SectionCard } from '../../shared/draft/SectionCard.tsx';
import { useClearAfter } from '../../shared/draft/use-clear-after.ts';

/** spec 2 §3 "Simple editor section". */
export interface SimpleSection {
  id: string;
  name: string;
  imageFile: File | null;
  imageUrl: string | null;
  imagePreview: string | null;
  imagePrompt: string;
  videoPrompt: string;
  /** The lipsync toggle. */
  scriptEnabled: boolean;
  scriptText: string;
  audioUrl: string | null;
  audioDuration: number | null;
  audioStatus: 'none' | 'generating' | 'approved';
  audioVersions: { id: string; audioUrl: string; duration: number; source: 'generated' | 'uploaded'; originalFileName?: string }[];
  busy: string | null;
  error: string | null;
}

export function newSimpleSection(index: number, image?: { url: string }): SimpleSection {
  return {
    id: newId('section'),
    name: `Section ${index + 1}`,
    imageFile: null,
    imageUrl: image?.url ?? null,
    imagePreview: image?.url ?? null,
    imagePrompt: '',
    videoPrompt: VIDEO_MODELS[DEFAULT_VIDEO_MODEL].defaultPrompt,
    scriptEnabled: true,
    scriptText: '',
    audioUrl: null,
    audioDuration: null,
    audioStatus: 'none',
    audioVersions: [],
    busy: null,
    error: null,
  };
}

/**
 * One section of the simple editor (spec 2 §2): its image also from a product or a description, a
 * lipsync toggle, one script, and its audio generated or uploaded.
 */
export function SimpleSectionCard({
  section,
  patch,
  onRemove,
  onMakeImage,
  onSpeak,
  onUpload,
}: {
  section: SimpleSection;
  patch: (change: Partial<SimpleSection>) => void;
  onRemove: () => void;
  onMakeImage: () => void;
  onSpeak: () => void;
  onUpload: (file: File | undefined) => void;
}) {
  useClearAfter(section.error, () => patch({ error: null }));
  const pickers: ReactNode = (
    <>
      <RemoteSlot
        id="mfe_gallery/ProductPicker"
        props={{ onPick: ({ url }) => patch({ imageFile: null, imageUrl: url, imagePreview: url }) }}
        unavailable={() => null}
      />
      <label className="ve-field">
        <span>Or describe the image</span>
        <input value={section.imagePrompt} maxLength={2000} onChange={(e) => patch({ imagePrompt: e.target.value })} />
      </label>
      <button type="button" className="st-btn st-btn-secondary" disabled={section.busy === 'image'} onClick={onMakeImage}>
        {section.busy === 'image' ? 'Generating image…' : 'Generate image'}
      </button>
    </>
  );
  return (
    <SectionCard
      name={section.name}
      imagePreview={section.imagePreview}
      videoPrompt={section.videoPrompt}
      onImage={(file, preview) => patch({ imageFile: file, imageUrl: null, imagePreview: preview })}
      onVideoPrompt={(videoPrompt) => patch({ videoPrompt })}
      onRemove={onRemove}
      pickers={pickers}
    >
      <label className="ve-inline">
        <input type="checkbox" checked={section.scriptEnabled} onChange={(e) => patch({ scriptEnabled: e.target.checked })} />
        Lipsync
      </label>
      {section.scriptEnabled ? (
        <>
          <label className="ve-field">
            <span>Script</span>
            <textarea
              className="ve-textarea"
              value={section.scriptText}
              maxLength={5000}
              onChange={(e) => patch({ scriptText: e.target.value })}
            />
          </label>
          <div className="ve-row">
            {section.audioStatus === 'approved' ? (
              <button
                type="button"
                className="st-btn st-btn-secondary"
                onClick={() => patch({ audioStatus: 'none', audioUrl: null, audioDuration: null, audioVersions: [] })}
              >
                Generate New Audio
              </button>
            ) : (
              <button
                type="button"
                className="st-btn st-btn-secondary"
                disabled={section.audioStatus === 'generating'}
                onClick={() => onSpeak()}
              >
                {section.audioStatus === 'generating' ? 'Working…' : 'Generate Audio'}
              </button>
            )}
            <label className="st-btn st-btn-ghost">
              Upload audio
              <input
                type="file"
                className="ve-visually-hidden"
                accept="audio/mpeg,audio/wav,audio/ogg,audio/webm"
                onChange={(e) => {
                  onUpload(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          </div>
          {/* The script is on screen above the player, standing in for captions. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          {section.audioUrl ? <audio src={section.audioUrl} controls aria-label={`Audio of ${section.name}`} /> : null}
        </>
      ) : null}
      {section.error ? (
        <p className="ve-error" role="alert">
          {section.error}
        </p>
      ) : null}
    </SectionCard>
  );
}
