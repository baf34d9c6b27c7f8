import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  IMAGE_UPLOAD_TYPES,
  MODEL_NAME_MAX,
  TRAINING_IMAGES_ADVISED,
  TRAINING_IMAGES_MAX,
  TRAINING_IMAGES_MIN,
  TRAINING_TIERS,
  TrainingMessages,
  imageFileProblem,
  type ImagesNavigationState,
  type TrainedModel,
  type TrainedModelKind,
  AppPaths,
} from '@studio/contracts';
import { errorText, profileAtom, requestUpgrade } from '@studio/session';
import { Banner, ConfirmDialog, FileDrop, useBanner } from '@studio/ui';
import { useDeleteModel, useShareModel, useStartTraining, useTrainedModels } from './api.ts';

/** The problem with a set of training photos (type, size, count), before anything is sent. */
export function trainingPhotosProblem(files: { type: string; size: number }[]): string | null {
  if (files.length < TRAINING_IMAGES_MIN) return TrainingMessages.tooFewImages;
  if (files.length > TRAINING_IMAGES_MAX) return TrainingMessages.tooManyImages;
  return files.map(imageFileProblem).find(Boolean) ?? null;
}

/** `/app/sneaker-clone` → "Sneaker"; the sidebar's `/app/style-clone` suggests nothing. */
export function suggestedName(pathname: string): string {
  const slug = /\/app\/([a-z0-9-]+)-clone\/?$/.exec(pathname)?.[1] ?? '';
  if (!slug || slug === 'style') return '';
  const words = slug.replace(/-/g, ' ');
  return `${words[0]!.toUpperCase()}${words.slice(1)} style`.slice(0, MODEL_NAME_MAX);
}

/** What the two training screens say. */
const SCREENS = {
  style: {
    title: 'Train a style',
    sub: `From about ${TRAINING_IMAGES_ADVISED} images of a look you like — a product shoot, a campaign — learn a style to use in every image you generate.`,
    local: TrainingMessages.localStyle,
    nameLabel: 'Style name',
    formLabel: 'New style',
    listTitle: 'Your styles',
    empty: 'No styles yet.',
  },
  character: {
    title: 'Characters',
    sub: `From about ${TRAINING_IMAGES_ADVISED} clear photos of one person, alone in each, train a character to place in the images you generate.`,
    local: TrainingMessages.localCharacter,
    nameLabel: 'Character name',
    formLabel: 'New character',
    listTitle: 'Your characters',
    empty: 'No characters yet.',
  },
} as const satisfies Record<TrainedModelKind, Record<string, string>>;

/** `/app/{product}-clone` (Train Model → Style). */
export const TrainStylePage = () => <TrainModelPage kind="style" />;
/** `/app/characters` (Train Model → Character). */
export const TrainCharacterPage = () => <TrainModelPage kind="character" />;

/**
 * Training a style (about four images of a look) or a character (about four photos of one person),
 * offered by the prompt bar once ready. Training is a durable job: the user can leave and come back.
 */
function TrainModelPage({ kind }: { kind: TrainedModelKind }) {
  const screen = SCREENS[kind];
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tier = useAtomValue(profileAtom)?.subscription_tier;
  const isPro = tier !== undefined && TRAINING_TIERS.includes(tier);
  const [name, setName] = useState(() => (kind === 'style' ? suggestedName(pathname) : ''));
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { banner, show, clear } = useBanner();
  const training = useStartTraining();
  const models = useTrainedModels();
  const own = (models.data?.models ?? []).filter((m) => m.kind === kind);

  useEffect(() => {
    const urls = files.map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    training.reset();
    const refused = !name.trim() ? TrainingMessages.nameRequired : trainingPhotosProblem(files);
    setProblem(refused);
    if (refused) return;
    training.mutate(
      { kind, name: name.trim(), files },
      {
        onSuccess: () => {
          setFiles([]);
          setName('');
          show('success', TrainingMessages.started);
        },
      },
    );
  };
  const shown = problem ?? (training.error ? errorText(training.error, 'Training could not start. Please try again.') : null);

  return (
    <section className="is-page" aria-labelledby="is-train-title">
      <header>
        <h1 id="is-train-title" className="is-h1">
          {screen.title}
        </h1>
        <p className="is-sub">{screen.sub}</p>
      </header>
      {!isPro && tier !== undefined && (
        <div className="is-panel" role="note">
          <p>{TrainingMessages.proOnly}</p>
          <div className="is-row">
            <button type="button" className="st-btn st-btn-primary" onClick={() => requestUpgrade()}>
              See plans
            </button>
          </div>
        </div>
      )}
      <form className="is-panel" onSubmit={submit} aria-label={screen.formLabel}>
        <p className="is-notice">{screen.local}</p>
        <label className="is-field">
          {screen.nameLabel}
          <input className="st-input" value={name} maxLength={MODEL_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} />
        </label>
        <FileDrop
          label="Add training images"
          hint={`${TRAINING_IMAGES_MIN}–${TRAINING_IMAGES_MAX} images, JPEG, PNG or WebP under 10 MB: click or drop them here`}
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          multiple
          onFiles={(chosen) => setFiles((current) => [...current, ...chosen].slice(0, TRAINING_IMAGES_MAX + 1))}
        />
        {files.length > 0 && (
          <ul className="is-grid" aria-label="Training images">
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`}>
                <button
                  type="button"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles((current) => current.filter((_, j) => j !== i))}
                >
                  {previews[i] && <img src={previews[i]} alt="" />}
                </button>
              </li>
            ))}
          </ul>
        )}
        {shown && (
          <p className="is-error" role="alert">
            {shown}
          </p>
        )}
        <Banner message={banner} />
        <div className="is-row">
          <button type="submit" className="st-btn st-btn-primary" disabled={training.isPending}>
            {training.isPending ? 'Uploading…' : `Start training${files.length ? ` (${files.length} images)` : ''}`}
          </button>
        </div>
      </form>

      <section className="is-panel" aria-labelledby="is-own-styles">
        <h2 id="is-own-styles" className="is-h2">
          {screen.listTitle}
        </h2>
        {models.isPending ? (
          <p className="is-notice">Loading…</p>
        ) : own.length === 0 ? (
          <p className="is-notice">{screen.empty}</p>
        ) : (
          <ul className="is-models">
            {own.map((model) => (
              <ModelCard
                key={model.id}
                model={model}
                onUse={() => {
                  const state: ImagesNavigationState = { modelId: model.id };
                  void navigate(AppPaths.images, { state });
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function ModelCard({ model, onUse }: { model: TrainedModel; onUse: () => void }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const share = useShareModel();
  const remove = useDeleteModel();
  const failed = share.error ?? remove.error;
  const problem = failed ? errorText(failed, 'That did not work. Please try again.') : null;
  return (
    <li className="is-model" aria-label={model.name}>
      {model.sampleImageUrl ? (
        <img src={model.sampleImageUrl} alt={`Sample in ${model.name}`} width={120} height={150} />
      ) : (
        <div className="is-model-placeholder" aria-hidden="true" />
      )}
      <div className="is-model-body">
        <strong>{model.name}</strong>
        {model.status === 'ready' ? (
          <span className="is-success">Ready · {model.provider === 'local' ? 'local model' : 'trained on fal'}</span>
        ) : model.status === 'failed' ? (
          <span className="is-error">{model.error ?? TrainingMessages.failed}</span>
        ) : (
          <label className="is-field">
            {model.status === 'queued' ? 'Waiting to start…' : `Training… ${model.progress}%`}
            <progress max={100} value={model.progress} />
          </label>
        )}
        {problem && (
          <span className="is-error" role="alert">
            {problem}
          </span>
        )}
        <div className="is-row">
          {model.status === 'ready' && (
            <>
              <button type="button" className="st-btn st-btn-primary" onClick={onUse}>
                Use in Content
              </button>
              {model.kind === 'style' && (
                <label className="is-check">
                  <input
                    type="checkbox"
                    checked={model.isShared}
                    onChange={(e) => {
                      remove.reset();
                      share.mutate({ id: model.id, isShared: e.currentTarget.checked });
                    }}
                  />
                  Share with the community
                </label>
              )}
            </>
          )}
          <button type="button" className="st-btn st-btn-secondary" onClick={() => setConfirmingDelete(true)}>
            Delete
          </button>
        </div>
        {confirmingDelete && (
          <ConfirmDialog
            title={`Delete ${model.name}?`}
            description="Images already made with it stay in your gallery. This cannot be undone."
            confirmLabel="Delete"
            danger
            onConfirm={async () => {
              share.reset();
              await remove.mutateAsync(model.id).catch(() => undefined);
              setConfirmingDelete(false);
            }}
            onClose={() => setConfirmingDelete(false)}
          />
        )}
      </div>
    </li>
  );
}
