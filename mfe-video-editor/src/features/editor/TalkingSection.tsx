import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Messages, type UserAsset } from '@studio/contracts';
import { errorText, RemoteSlot } from '@studio/session';
import { SectionCard } from '../../shared/draft/SectionCard.tsx';
import { useClearAfter } from '../../shared/draft/use-clear-after.ts';
import { isShortOfCredits } from '../../shared/UpgradeSlot.tsx';
import { CharacterPicker } from './CharacterPicker.tsx';
import { ProductCardField } from './ProductCardField.tsx';
import { ProductShotFields } from './ProductShotFields.tsx';
import { SectionVoice } from './SectionVoice.tsx';
import {
  editBlockText,
  emptyBlock,
  renamed,
  scriptWords,
  sectionAudioStatus,
  toggleScript,
  updateBlock,
  type AudioVersion,
  type EditorSection,
  type ScriptBlock,
} from './model.ts';

const BADGES: Record<ScriptBlock['audioStatus'], string> = {
  none: 'No audio',
  generating: 'Generating…',
  generated: 'Awaiting Approval',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Voice off',
};

/** Click to rename: Enter saves, Escape cancels; a blank or unchanged name is ignored (spec 2 §2). */
function SectionName({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null)
    return (
      <button type="button" className="ve-name" onClick={() => setEditing(name)} aria-label={`Rename ${name}`}>
        {name}
      </button>
    );
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      onRename(editing);
      setEditing(null);
    } else if (event.key === 'Escape') setEditing(null);
  };
  return (
    <input
      className="ve-name-input"
      aria-label="Section name"
      ref={(input) => input?.focus()}
      value={editing}
      maxLength={100}
      onChange={(e) => setEditing(e.target.value)}
      onKeyDown={keys}
      onBlur={() => setEditing(null)}
    />
  );
}

function BlockEditor({
  block,
  index,
  sectionName,
  onText,
  onChange,
  speak,
  placeholder,
}: {
  block: ScriptBlock;
  index: number;
  sectionName: string;
  placeholder: string;
  onText: (text: string) => void;
  onChange: (change: Partial<ScriptBlock>) => void;
  speak: (text: string) => Promise<AudioVersion>;
}) {
  useClearAfter(block.error, () => onChange({ error: null }));
  const generate = async () => {
    if (!block.text.trim()) {
      onChange({ error: Messages.blockTextRequired });
      return;
    }
    onChange({ audioStatus: 'generating', error: null });
    try {
      const version = await speak(block.text);
      onChange({
        audioStatus: 'generated',
        audioUrl: version.audioUrl,
        duration: version.duration,
        versions: [...block.versions, version],
      });
    } catch (error) {
      // spec 2 §8: on failure the block returns to none; a short balance is the upgrade dialog's to say (§6).
      const message = errorText(error, Messages.failedToGenerateAudio);
      onChange({ audioStatus: 'none', error: isShortOfCredits(error) ? null : `${Messages.failedToGenerateAudio}: ${message}` });
    }
  };
  const label = `${sectionName}, block ${index + 1}`;
  const disabled = block.audioStatus === 'disabled';
  return (
    <div className="ve-block" data-status={block.audioStatus}>
      <label className="ve-field">
        <span>Script {index > 0 ? index + 1 : ''}</span>
        <textarea
          className="ve-textarea"
          value={block.text}
          maxLength={5000}
          disabled={disabled}
          aria-label={`Script for ${label}`}
          placeholder={placeholder}
          onChange={(e) => onText(e.target.value)}
        />
      </label>
      <div className="ve-row">
        <span className="ve-badge" data-status={block.audioStatus} aria-label={`Audio status of ${label}`}>
          {BADGES[block.audioStatus]}
        </span>
        {block.audioStatus === 'none' ? (
          <button type="button" className="st-btn st-btn-secondary" onClick={() => void generate()}>
            Generate Audio
          </button>
        ) : null}
        {block.audioStatus === 'generated' ? (
          <>
            <button
              type="button"
              className="st-btn st-btn-primary"
              aria-label={`Approve audio of ${label}`}
              onClick={() => onChange({ audioStatus: 'approved' })}
            >
              ✓ Approve
            </button>
            <button
              type="button"
              className="st-btn st-btn-secondary"
              aria-label={`Reject audio of ${label}`}
              onClick={() => onChange({ audioStatus: 'rejected' })}
            >
              ✗ Reject
            </button>
          </>
        ) : null}
        {block.audioStatus === 'rejected' || block.audioStatus === 'approved' ? (
          <button type="button" className="st-btn st-btn-secondary" onClick={() => void generate()}>
            Regenerate
          </button>
        ) : null}
      </div>
      {block.audioUrl && !disabled ? (
        <div className="ve-row">
          {/* The block's script is on screen beside the player, standing in for captions. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio src={block.audioUrl} controls preload="metadata" aria-label={`Audio of ${label}`} />
          {block.versions.length > 1 ? (
            <label className="ve-inline">
              Version
              <select
                value={block.audioUrl}
                onChange={(e) => {
                  const version = block.versions.find((v) => v.audioUrl === e.target.value);
                  if (version) onChange({ audioUrl: version.audioUrl, duration: version.duration, audioStatus: 'generated' });
                }}
              >
                {block.versions.map((v, i) => (
                  <option key={v.id} value={v.audioUrl}>
                    {i + 1} · {v.duration.toFixed(1)} s
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      {block.error ? (
        <p className="ve-error" role="alert">
          {block.error}
        </p>
      ) : null}
    </div>
  );
}

/** One section of the talking-person editor (spec 2 §2): renamed in place, its own voice, script blocks with their audio. */
export function TalkingSection({
  section,
  userId,
  onChange,
  onRemove,
  speak,
  reused = false,
  children,
}: {
  section: EditorSection;
  userId: string;
  onChange: (next: EditorSection) => void;
  onRemove: () => void;
  speak: (text: string) => Promise<AudioVersion>;
  /** It still has its last video and has not changed: Generate reuses that clip, free (issue 40 §1). */
  reused?: boolean;
  /** More controls at the end of the section (the hook's). */
  children?: ReactNode;
}) {
  const chosen = (url: string) => onChange({ ...section, imageFile: null, imageUrl: url, imagePreview: url });
  const pick = (asset: UserAsset) => chosen(asset.public_url);
  const status = sectionAudioStatus(section);
  const product = section.kind === 'product';
  return (
    <SectionCard
      name={section.name}
      heading={
        <span className="ve-row">
          <SectionName name={section.name} onRename={(name) => onChange(renamed(section, name))} />
          {reused ? (
            <span className="ve-badge" data-status="REUSED" title="Unchanged since its last video: reused, not rendered or charged again">
              Reused
            </span>
          ) : null}
        </span>
      }
      imagePreview={section.imagePreview}
      videoPrompt={product ? undefined : section.videoPrompt}
      onImage={(file, preview) => onChange({ ...section, imageFile: file, imageUrl: null, imagePreview: preview })}
      onVideoPrompt={(videoPrompt) => onChange({ ...section, videoPrompt })}
      onRemove={onRemove}
      pickers={
        <>
          {product ? (
            <RemoteSlot id="mfe_gallery/ProductPicker" props={{ onPick: ({ url }) => chosen(url) }} unavailable={() => null} />
          ) : null}
          <CharacterPicker userId={userId} onPick={pick} />
        </>
      }
    >
      <fieldset className="ve-toggle">
        <legend className="ve-visually-hidden">Kind of {section.name}</legend>
        <label>
          <input type="radio" checked={!product} onChange={() => onChange({ ...section, kind: 'talking' })} /> Talking
        </label>
        <label>
          <input type="radio" checked={product} onChange={() => onChange({ ...section, kind: 'product' })} /> Product shot
        </label>
      </fieldset>
      {product ? (
        <ProductShotFields sectionName={section.name} shot={section.shot} onChange={(shot) => onChange({ ...section, shot })} />
      ) : null}
      <fieldset className="ve-toggle">
        <legend className="ve-visually-hidden">Sound of {section.name}</legend>
        <label>
          <input type="radio" checked={section.scriptEnabled} onChange={() => onChange(toggleScript(section, true))} /> Enable voice
        </label>
        <label>
          <input type="radio" checked={!section.scriptEnabled} onChange={() => onChange(toggleScript(section, false))} /> Video only (no
          audio)
        </label>
      </fieldset>
      {section.scriptEnabled ? (
        <SectionVoice sectionName={section.name} voice={section.voice} onChange={(voice) => onChange({ ...section, voice })} />
      ) : null}
      {section.blocks.map((block, i) => (
        <BlockEditor
          key={block.id}
          block={block}
          index={i}
          sectionName={section.name}
          placeholder={product ? 'What the voice says over the shot (optional)' : 'What the person says in this part'}
          onText={(text) => onChange(editBlockText(section, block.id, text))}
          onChange={(change) => onChange(updateBlock(section, block.id, change))}
          speak={speak}
        />
      ))}
      {section.scriptEnabled ? (
        <div className="ve-row">
          <button
            type="button"
            className="st-btn st-btn-ghost"
            onClick={() => onChange({ ...section, blocks: [...section.blocks, emptyBlock()] })}
          >
            Add block
          </button>
          <label className="ve-inline">
            <input type="checkbox" checked={section.captions} onChange={(e) => onChange({ ...section, captions: e.target.checked })} />
            Captions
          </label>
          <span className="ve-meta">Section audio: {status}</span>
        </div>
      ) : null}
      {section.scriptEnabled && !product ? (
        <ProductCardField
          sectionName={section.name}
          card={section.card}
          words={scriptWords(section)}
          onChange={(card) => onChange({ ...section, card })}
        />
      ) : null}
      {children}
    </SectionCard>
  );
}
