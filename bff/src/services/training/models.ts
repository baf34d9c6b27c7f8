/**
 * Trained models (styles and characters) in Postgres: rows of `trained_models`, their training
 * photos and sample in the object store. Owners see and change only their own; shared styles are
 * read by everyone as the community's.
 */
import {
  Messages,
  TRAINING_TIERS,
  TrainingMessages,
  TrainingRoutes,
  type ModelEntry,
  type StyleEntry,
  type SubscriptionTierName,
  type TrainedModel,
  type TrainedModelKind,
} from '@studio/contracts';
import type { ColourGrade, ImageData } from '@studio/media';
import type { Db, Queryable } from '../../db/index.ts';
import { AppError, conflict, DbErrorCodes, insufficientCredits, isDbError, notFound } from '../../errors.ts';
import type { HostedLora } from '../images/engine-call.ts';
import { fileExtension } from '../assets/files.ts';
import { assertStorageAvailable } from '../assets/quota.ts';
import { refundChargedTask, type ChargedTask } from '../credits/charged-task.ts';
import { debitCredits } from '../credits/ledger.ts';
import { quoteTask } from '../credits/quotes.ts';
import { isUuid } from '../ids.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { GLOBAL_STYLES } from './global-styles.ts';

export interface ModelRow {
  id: string;
  user_id: string;
  kind: TrainedModelKind;
  name: string;
  status: TrainedModel['status'];
  progress: number;
  error: string | null;
  provider: 'local' | 'fal';
  image_keys: string[];
  grade: ColourGrade | null;
  lora_url: string | null;
  trigger_word: string | null;
  sample_key: string | null;
  character_id: string | null;
  descriptor: number[] | null;
  reference_key: string | null;
  is_shared: boolean;
  /** What the training was charged, and the key of that debit (its refund is keyed by it). */
  credits: number;
  charge_key: string | null;
  /** Bytes kept in the object store: photos, sample and reference, counted in the storage quota. */
  file_size: string | number;
  created_at: Date;
}

/** The `task_pricing` task type of a training (seeded at spec 1 §9's price of any other task). */
export const TRAINING_TASK = 'training';
const chargeKeyOf = (modelId: string) => `training:${modelId}`;
/** A training still running: one per user at a time (index `trained_models_one_running`). */
export const TRAINING_RUNNING = ['queued', 'training'] as const;

/** A training as the ledger knows it; `job_id` lets the admins' jobs console show its debit and refund. */
const trainingTask = (row: Pick<ModelRow, 'id' | 'user_id' | 'name' | 'kind'>): ChargedTask => ({
  userId: row.user_id,
  taskType: TRAINING_TASK,
  description: `Training: ${row.name}`,
  idempotencyKey: chargeKeyOf(row.id),
  taskMetadata: { job_id: row.id, kind: row.kind },
});

/** A second start while one runs: the partial unique index says so, even for two at once. */
function trainingInProgress(error: unknown): never {
  if (isDbError(error, DbErrorCodes.uniqueViolation) && error.constraint === 'trained_models_one_running')
    throw conflict(Messages.trainingInProgress);
  throw error;
}

export const ownSampleUrl = (id: string) => `${TrainingRoutes.models}/${id}/sample`;
export const globalSampleUrl = (id: string) => `${TrainingRoutes.styles}/${id}/sample`;

export function toTrainedModel(row: ModelRow): TrainedModel {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    progress: row.progress,
    error: row.error,
    sampleImageUrl: row.sample_key ? ownSampleUrl(row.id) : null,
    provider: row.provider,
    triggerWord: row.trigger_word,
    isShared: row.is_shared,
    palette: row.grade?.palette ?? [],
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Whether a training may start, asked before its photos are uploaded (a refusal after some 80 MB
 * of photos wastes the user's time): spec 1 §3, training is a Pro feature (others get a 402 that
 * the app answers with the upgrade dialog); one training at a time; room left in the storage quota;
 * credits for its price. `createModel` holds each of these again when it writes.
 */
export async function assertCanTrain(db: Db, userId: string): Promise<void> {
  const profile = await db('profiles')
    .where({ id: userId })
    .first<{ subscription_tier: SubscriptionTierName; credits_remaining: number } | undefined>('subscription_tier', 'credits_remaining');
  if (!TRAINING_TIERS.includes(profile?.subscription_tier ?? 'trial'))
    throw new AppError(402, 'payment_required', TrainingMessages.proOnly);
  const running = await db('trained_models').where({ user_id: userId }).whereIn('status', TRAINING_RUNNING).first('id');
  if (running) throw conflict(Messages.trainingInProgress);
  await assertStorageAvailable(db, userId);
  const { credits } = await quoteTask(db, TRAINING_TASK, null, 1);
  if ((profile?.credits_remaining ?? 0) < credits) throw insufficientCredits(undefined, { creditsNeeded: credits });
}

/**
 * Keeps the photos, then, in one transaction, the row (queued) and the training's debit (spec 1
 * §1: every generation consumes credits); the photos go again if either is refused: a second
 * training while one runs (409), credits short (402), photos past the storage quota (403).
 */
export async function createModel(
  db: Db,
  objects: ObjectStore,
  input: {
    userId: string;
    kind: TrainedModelKind;
    name: string;
    images: ImageData[];
    provider: 'local' | 'fal';
    triggerWord: string | null;
  },
): Promise<ModelRow> {
  const id = crypto.randomUUID();
  const keys = input.images.map((image, i) => `models/${input.userId}/${id}/${i}.${fileExtension(image.mime)}`);
  const bytes = input.images.reduce((sum, image) => sum + image.data.length, 0);
  await assertStorageAvailable(db, input.userId, bytes);
  try {
    await Promise.all(input.images.map((image, i) => objects.put(keys[i]!, image.data)));
    return await db.transaction(async (trx) => {
      const quote = await quoteTask(trx, TRAINING_TASK, null, 1);
      // A character is trained for a studio character of the same name (spec 2 §3), created with it.
      const [character] =
        input.kind === 'character'
          ? await trx('characters').insert({ user_id: input.userId, name: input.name }).returning<{ id: string }[]>('id')
          : [];
      const [row] = await trx('trained_models')
        .insert({
          id,
          user_id: input.userId,
          kind: input.kind,
          name: input.name,
          provider: input.provider,
          trigger_word: input.triggerWord,
          image_keys: JSON.stringify(keys),
          character_id: character?.id ?? null,
          credits: quote.credits,
          charge_key: chargeKeyOf(id),
          file_size: bytes,
        })
        .returning<ModelRow[]>('*')
        .catch(trainingInProgress);
      const task = trainingTask(row!);
      await debitCredits(trx, {
        userId: input.userId,
        credits: quote.credits,
        description: task.description,
        taskType: TRAINING_TASK,
        taskMetadata: task.taskMetadata,
        rawCostUsd: quote.rawCostUsd,
        idempotencyKey: task.idempotencyKey,
      });
      return row!;
    });
  } catch (error) {
    await Promise.all(keys.map((key) => objects.remove(key)));
    throw error;
  }
}

export async function listOwnModels(db: Db, userId: string): Promise<ModelRow[]> {
  return db('trained_models').where({ user_id: userId }).orderBy('created_at', 'desc').select<ModelRow[]>('*');
}

/** One of the caller's models; anyone else's is "not found". */
export async function getOwnModel(db: Queryable, userId: string, id: string): Promise<ModelRow> {
  const row = isUuid(id) ? await db('trained_models').where({ id, user_id: userId }).first<ModelRow | undefined>() : undefined;
  if (!row) throw notFound(TrainingMessages.notFound);
  return row;
}

export async function updateModel(db: Db, userId: string, id: string, change: { name?: string; isShared?: boolean }): Promise<ModelRow> {
  const row = await getOwnModel(db, userId, id);
  if (change.isShared && (row.kind !== 'style' || row.status !== 'ready')) throw new AppError(409, 'conflict', TrainingMessages.notReady);
  const [updated] = await db('trained_models')
    .where({ id: row.id })
    .update({
      ...(change.name !== undefined && { name: change.name }),
      ...(change.isShared !== undefined && { is_shared: change.isShared }),
      updated_at: db.fn.now(),
    })
    .returning<ModelRow[]>('*');
  return updated!;
}

/**
 * Ends a running training as ready or failed; a failed one is given back what it was charged, in
 * the same transaction, so a crash cannot end it without its refund (and the refund's key grants
 * it once). Answers whether this call ended it.
 */
export async function endTraining(
  db: Db,
  modelId: string,
  outcome: { status: 'ready' | 'failed'; error: string | null },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [ended] = await trx('trained_models')
      .where({ id: modelId })
      .whereIn('status', TRAINING_RUNNING)
      .update({
        status: outcome.status,
        error: outcome.error,
        progress: outcome.status === 'ready' ? 100 : 0,
        finished_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      })
      .returning<ModelRow[]>('*');
    if (!ended) return false;
    if (outcome.status === 'failed') await refundTraining(trx, ended);
    return true;
  });
}

async function refundTraining(db: Db, row: ModelRow): Promise<void> {
  if (row.charge_key) await refundChargedTask(db, trainingTask(row), row.credits);
}

/** Deleting a model still training cancels it: it is given back what it was charged. */
export async function deleteModel(db: Db, objects: ObjectStore, userId: string, id: string): Promise<void> {
  const row = await getOwnModel(db, userId, id);
  await db.transaction(async (trx) => {
    const [deleted] = await trx('trained_models').where({ id: row.id }).delete().returning<ModelRow[]>('*');
    if (deleted && (TRAINING_RUNNING as readonly string[]).includes(deleted.status)) await refundTraining(trx, deleted);
  });
  const files = [...row.image_keys, row.sample_key, row.reference_key].filter((key): key is string => Boolean(key));
  await Promise.all(files.map((key) => objects.remove(key)));
}

/** A model readable by `userId`: their own, or a shared ready style. */
export async function readableModel(db: Db, userId: string | null, id: string): Promise<ModelRow | null> {
  if (!isUuid(id)) return null;
  const row = await db('trained_models').where({ id }).first<ModelRow | undefined>();
  if (!row) return null;
  return row.user_id === userId || (row.is_shared && row.status === 'ready') ? row : null;
}

const communityRows = (db: Db) =>
  db('trained_models as m')
    .join('profiles as p', 'p.id', 'm.user_id')
    .where({ 'm.is_shared': true, 'm.status': 'ready', 'm.kind': 'style' })
    .orderBy('m.created_at', 'desc')
    .limit(100)
    .select<(ModelRow & { username: string | null })[]>('m.*', 'p.username');

/** `/app/explore`: the global styles, then the community's shared ones, newest first. */
export async function listStyles(db: Db): Promise<{ global: StyleEntry[]; community: StyleEntry[] }> {
  const community = await communityRows(db);
  return {
    global: GLOBAL_STYLES.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      type: 'global' as const,
      sampleImageUrl: globalSampleUrl(s.id),
      palette: s.grade.palette,
      creatorName: null,
    })),
    community: community.map((row) => ({
      id: row.id,
      name: row.name,
      description: `A style shared by ${row.username ?? 'a creator'}.`,
      type: 'community' as const,
      sampleImageUrl: ownSampleUrl(row.id),
      palette: row.grade?.palette ?? [],
      creatorName: row.username,
    })),
  };
}

const entryOf = (id: string, name: string, type: ModelEntry['type'], sampleImageUrl: string | null): ModelEntry => ({
  id,
  name,
  type,
  sampleImageUrl,
  isPremium: false,
  requiresMultipleImages: false,
  mode: null,
});

/** The global and community styles as model entries (the prompt bar's list merges them with the pre-built ones). */
export async function sharedModelEntries(db: Db): Promise<ModelEntry[]> {
  const { global, community } = await listStyles(db);
  return [...global, ...community].map((s) => entryOf(s.id, s.name, s.type, s.sampleImageUrl));
}

/** The caller's own models as model entries with their training state (spec 2 §7 `user-lora-models`). */
export async function ownModelEntries(db: Db, userId: string) {
  return (await listOwnModels(db, userId)).map((row) => ({
    ...entryOf(row.id, row.name, row.kind, row.sample_key ? ownSampleUrl(row.id) : null),
    status: row.status,
    progress: row.progress,
  }));
}

/** What a selected model does to a generation: a style's colour grade, a character's person in the scene. */
export interface SelectedStyle {
  id: string;
  name: string;
  grade: ColourGrade | null;
  /** A trained character: its studio character and the key of its reference cut-out. */
  character?: { characterId: string; referenceKey: string };
  /** How fully it is applied: the studio's styles are designed looks (1); a learned one keeps a little of the image's own colour. */
  strength: number;
  /** Styles trained on the hosted trainer: the LoRA a hosted generator takes instead of the grade. */
  lora?: HostedLora;
}

const LEARNED_STRENGTH = 0.85;

/**
 * The models a user may select besides the pre-built ones: every global style, the community's,
 * and their own ready ones. Returned by id, each with what the engine applies.
 */
export async function usableStyles(db: Db, userId: string): Promise<Map<string, SelectedStyle>> {
  // Own ready models, and the styles others share (characters are never shared).
  const rows = await db('trained_models')
    .where({ status: 'ready' })
    .andWhere((q) => void q.where({ user_id: userId }).orWhere({ is_shared: true, kind: 'style' }))
    .select<Pick<ModelRow, 'id' | 'name' | 'grade' | 'lora_url' | 'trigger_word' | 'character_id' | 'reference_key'>[]>(
      'id',
      'name',
      'grade',
      'lora_url',
      'trigger_word',
      'character_id',
      'reference_key',
    );
  const usable = new Map<string, SelectedStyle>(GLOBAL_STYLES.map((s) => [s.id, { id: s.id, name: s.name, grade: s.grade, strength: 1 }]));
  for (const row of rows) {
    const lora = row.lora_url && row.trigger_word ? { url: row.lora_url, triggerWord: row.trigger_word } : undefined;
    const character =
      row.character_id && row.reference_key ? { characterId: row.character_id, referenceKey: row.reference_key } : undefined;
    if (!row.grade && !character) continue;
    usable.set(row.id, { id: row.id, name: row.name, grade: row.grade, strength: LEARNED_STRENGTH, lora, character });
  }
  return usable;
}
