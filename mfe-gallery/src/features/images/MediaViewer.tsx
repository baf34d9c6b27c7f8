import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ANIMATION_ASPECT_RATIOS, ANIMATION_DURATION, PREBUILT_IMAGE_MODELS, type Character, type UserAsset } from '@studio/contracts';
import { Banner, Dialog, Spinner } from '@studio/ui';
import type { AssetActions } from './asset-actions.ts';

/** spec 2 §9: the viewer stops waiting for its image after 10 s and shows what it has. */
export const VIEWER_LOADED_AFTER_MS = 10_000;

const MODEL_NAMES = new Map<string, string>(PREBUILT_IMAGE_MODELS.map((m) => [m.id, m.name]));

/**
 * The tags a viewer shows for how an asset was made: the models chosen in the prompt bar (which can be
 * chosen again) and the engine's own model (shown only).
 */
export function modelTags(asset: UserAsset): { id: string; label: string; selectable: boolean }[] {
  const ids = asset.metadata.selectedLoRAModels;
  const tags = ids.map((id) => ({ id, label: MODEL_NAMES.get(id) ?? id, selectable: true }));
  if (asset.metadata.model && !ids.includes(asset.metadata.model))
    tags.push({ id: asset.metadata.model, label: asset.metadata.model, selectable: false });
  return tags;
}

export interface ViewerHandlers {
  onUsePrompt: (asset: UserAsset) => void;
  onEdit: (asset: UserAsset) => void;
  /** Opens the image in Product Studio (`/app/image-editor`). */
  onStudio: (asset: UserAsset) => void;
  onCreateVideo: (asset: UserAsset) => void;
  onModel: (modelId: string) => void;
  onDelete: (asset: UserAsset) => void;
}

/** A part of the viewer a card's menu opens it at. */
export type ViewerPart = 'animate' | 'character';

/**
 * The media viewer overlay (spec 2 §2): the image or video with its prompt, character, model tags,
 * aspect ratio, resolution and date, and every action on it. A video plays here and keeps only the
 * actions that apply to it (no upscale, edit, Product Studio or animation of a video). Escape
 * closes (the dialog's own handling).
 */
export function MediaViewer({
  asset,
  formats = [asset],
  onFormat,
  variants = [asset],
  part,
  characters,
  adminView,
  actions,
  handlers,
  onClose,
  children,
}: {
  asset: UserAsset;
  /** The formats of the finished ad `asset` is one of (itself alone otherwise), to switch between. */
  formats?: readonly UserAsset[];
  onFormat?: (asset: UserAsset) => void;
  /** The videos of `asset`'s job, one per hook variant (itself alone otherwise), to switch between (through `onFormat`). */
  variants?: readonly UserAsset[];
  /** Opened at this part: its options shown and its first control focused. */
  part?: ViewerPart;
  characters: readonly Character[];
  adminView: boolean;
  actions: AssetActions;
  handlers: ViewerHandlers;
  onClose: () => void;
  /** A dialog opened from the viewer (Delete's confirmation): inside it, so it owns the keys until it closes. */
  children?: ReactNode;
}) {
  const partRef = useRef<HTMLDivElement>(null);
  // After the dialog's own first focus (a child's effect runs first).
  useEffect(() => partRef.current?.querySelector<HTMLElement>('input,select')?.focus(), []);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setLoaded(false);
    const timer = setTimeout(() => setLoaded(true), VIEWER_LOADED_AFTER_MS);
    return () => clearTimeout(timer);
  }, [asset.id]);
  const { metadata } = asset;
  const character = characters.find((c) => c.id === asset.character_id);
  const busy = actions.pending !== null;
  const created = new Date(asset.created_at);
  const video = asset.asset_type === 'video';

  return (
    <Dialog title={video ? 'Video details' : 'Image details'} onClose={onClose} wide closeLabel="Close viewer">
      <div className="ga-viewer">
        <figure className="ga-viewer-media">
          {!loaded && <Spinner label={video ? 'Loading video' : 'Loading image'} />}
          {video ? (
            // A video keeps no caption track: the editor burns captions into the picture when they are chosen, and the prompt is beside the player.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              src={asset.public_url}
              poster={asset.thumbnail_url ?? undefined}
              controls
              playsInline
              preload="metadata"
              aria-label={metadata.prompt ? `Video: ${metadata.prompt}` : 'Generated video'}
              width={metadata.width || undefined}
              height={metadata.height || undefined}
              onLoadedMetadata={() => setLoaded(true)}
              onError={() => setLoaded(true)}
              data-loaded={loaded}
            />
          ) : (
            <img
              src={asset.public_url}
              alt={metadata.prompt || 'Generated image'}
              width={metadata.width || undefined}
              height={metadata.height || undefined}
              onLoad={() => setLoaded(true)}
              onError={() => setLoaded(true)}
              data-loaded={loaded}
            />
          )}
          {onFormat && (
            <>
              <AssetSwitch
                label="Hooks"
                assets={variants}
                pressed={(v) => v.metadata.variant?.id === metadata.variant?.id}
                name={(v) => v.metadata.variant?.label ?? 'Video'}
                onPick={onFormat}
              />
              <AssetSwitch
                label="Formats"
                assets={formats}
                pressed={(f) => f.id === asset.id}
                name={(f) => f.metadata.aspectRatio}
                onPick={onFormat}
              />
            </>
          )}
        </figure>
        <div className="ga-viewer-info">
          <dl className="ga-facts">
            <dt>Prompt</dt>
            <dd className="ga-viewer-prompt">{metadata.prompt || '—'}</dd>
            <dt>Character</dt>
            <dd>{character ? <span className="st-badge">{character.name}</span> : 'None'}</dd>
            <dt>Models</dt>
            <dd className="ga-tags">
              {modelTags(asset).map((tag) =>
                tag.selectable ? (
                  <button
                    key={tag.id}
                    type="button"
                    className="st-badge ga-tag"
                    onClick={() => handlers.onModel(tag.id)}
                    title="Use this model"
                  >
                    {tag.label}
                  </button>
                ) : (
                  <span key={tag.id} className="st-badge">
                    {tag.label}
                  </span>
                ),
              )}
              {metadata.provider === 'local' && <span className="st-badge ga-local">local engine</span>}
            </dd>
            <dt>Aspect ratio</dt>
            <dd>{metadata.aspectRatio}</dd>
            <dt>Resolution</dt>
            <dd>
              {metadata.width} × {metadata.height}
            </dd>
            {video && metadata.duration !== null && (
              <>
                <dt>Duration</dt>
                <dd>{Math.round(metadata.duration)} s</dd>
              </>
            )}
            <dt>Created</dt>
            <dd>
              <time dateTime={asset.created_at}>{created.toLocaleString()}</time>
            </dd>
          </dl>
          <div className="ga-viewer-actions">
            <button type="button" className="st-btn st-btn-primary" onClick={() => handlers.onUsePrompt(asset)} disabled={!metadata.prompt}>
              Use Prompt
            </button>
            <button
              type="button"
              className="st-btn st-btn-secondary"
              onClick={() => void actions.copyPrompt(asset)}
              disabled={!metadata.prompt}
            >
              Copy
            </button>
            {!video && (
              <>
                <button type="button" className="st-btn st-btn-secondary" onClick={() => void actions.upscale(asset)} disabled={busy}>
                  {actions.pending === `upscale:${asset.id}` ? 'Upscaling…' : 'Upscale'}
                </button>
                <button type="button" className="st-btn st-btn-secondary" onClick={() => handlers.onEdit(asset)}>
                  Edit
                </button>
                <button type="button" className="st-btn st-btn-secondary" onClick={() => handlers.onStudio(asset)}>
                  Product Studio
                </button>
              </>
            )}
            <button type="button" className="st-btn st-btn-secondary" onClick={() => handlers.onCreateVideo(asset)}>
              Create Video With Sound
            </button>
            <button type="button" className="st-btn st-btn-secondary" onClick={() => void actions.download([asset])} disabled={busy}>
              Download
            </button>
            <button type="button" className="st-btn st-btn-secondary" onClick={() => handlers.onDelete(asset)} disabled={busy}>
              Delete
            </button>
            {adminView && (
              <button type="button" className="st-btn st-btn-secondary" onClick={() => void actions.toggleFeatured(asset)} disabled={busy}>
                {asset.is_featured ? 'Remove from Discover' : 'Feature on Discover'}
              </button>
            )}
          </div>
          {!video && (
            <>
              <div className="ga-viewer-part" ref={part === 'animate' ? partRef : undefined}>
                <AnimationOptions asset={asset} actions={actions} open={part === 'animate'} />
              </div>
              <div className="ga-viewer-part" ref={part === 'character' ? partRef : undefined}>
                <CharacterChooser asset={asset} characters={characters} actions={actions} />
              </div>
            </>
          )}
          <Banner message={actions.status} />
        </div>
      </div>
      {children}
    </Dialog>
  );
}

/** spec 2 §2 "associate with a character": the character picker's texts. */
/** Buttons that switch the viewer between a job's videos (its hooks, or its formats); none for a single one. */
function AssetSwitch({
  label,
  assets,
  pressed,
  name,
  onPick,
}: {
  label: string;
  assets: readonly UserAsset[];
  pressed: (asset: UserAsset) => boolean;
  name: (asset: UserAsset) => ReactNode;
  onPick: (asset: UserAsset) => void;
}) {
  if (assets.length < 2) return null;
  return (
    <div className="ga-viewer-formats" role="group" aria-label={label}>
      {assets.map((a) => (
        <button key={a.id} type="button" className="st-btn st-btn-secondary" aria-pressed={pressed(a)} onClick={() => onPick(a)}>
          {name(a)}
        </button>
      ))}
    </div>
  );
}

function CharacterChooser({ asset, characters, actions }: { asset: UserAsset; characters: readonly Character[]; actions: AssetActions }) {
  if (characters.length === 0) return <p className="ga-notice">Choose a character: No characters created yet</p>;
  return (
    <label className="ga-character">
      <span>Choose a character:</span>
      <select
        className="st-input"
        value={asset.character_id ?? ''}
        disabled={actions.pending !== null}
        onChange={(e) => e.target.value && void actions.associate(asset, e.target.value)}
      >
        <option value="">None</option>
        {characters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** spec 2 §2 animation controls: 3–12 s (default 5) and five aspect ratios; the clip lands in Videos. */
function AnimationOptions({ asset, actions, open }: { asset: UserAsset; actions: AssetActions; open: boolean }) {
  const [duration, setDuration] = useState<number>(ANIMATION_DURATION.default);
  const [aspectRatio, setAspectRatio] = useState<string>(
    asset.metadata.aspectRatio && (ANIMATION_ASPECT_RATIOS as readonly string[]).includes(asset.metadata.aspectRatio)
      ? asset.metadata.aspectRatio
      : '9:16',
  );
  const running = actions.pending === `animate:${asset.id}`;
  return (
    <details className="ga-animate" open={open || undefined}>
      <summary>Animation options</summary>
      <label className="ga-field">
        <span>
          Duration <output>{duration} s</output>
        </span>
        <input
          type="range"
          aria-label="Animation duration in seconds"
          min={ANIMATION_DURATION.min}
          max={ANIMATION_DURATION.max}
          step={1}
          value={duration}
          onChange={(e) => setDuration(Number(e.target.value))}
        />
      </label>
      <label className="ga-field">
        <span>Aspect ratio</span>
        <select value={aspectRatio} onChange={(e) => setAspectRatio(e.target.value)}>
          {ANIMATION_ASPECT_RATIOS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="st-btn st-btn-secondary"
        disabled={actions.pending !== null}
        onClick={() => void actions.animate(asset, { duration, aspectRatio })}
      >
        {running ? 'Animating…' : 'Animate'}
      </button>
    </details>
  );
}
