/**
 * The training's activities (the durable engine runs them as checkpointed steps). Each is
 * idempotent for its model: running one twice writes the same result.
 */
import { TrainingMessages } from '@studio/contracts';
import { isMediaError, learnGrade, renderCharacterSample, renderStyleSample, type ImageData, type MediaEngine } from '@studio/media';
import { StepError, type TrainingActivities } from '@studio/workflows';
import { jobsTotal } from '../../metrics.ts';
import type { Db } from '../../db/index.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { readImageData } from '../uploads/images.ts';
import { endTraining, type ModelRow } from './models.ts';

/** What a hosted training is expected to take (the progress shown moves toward it). */
const HOSTED_TRAINING_S = 180;
const PROGRESS_EVERY_MS = 5000;

export function createTrainingActivities({
  db,
  objects,
  media,
  engine,
}: {
  db: Db;
  objects: ObjectStore;
  media: MediaEngine;
  /** The durable engine running the trainings, for `studio_jobs_total`. */
  engine: 'dbos' | 'temporal';
}): TrainingActivities {
  const rowOf = async (modelId: string) => {
    const row = await db('trained_models').where({ id: modelId }).first<ModelRow | undefined>();
    // Deleted while training: nothing left to do.
    if (!row) throw new StepError('bad_input', TrainingMessages.notFound);
    return row;
  };
  /** What the local engine learns: a style's colour grade, or a character's descriptor and reference cut-out. */
  const learnLocally = async (row: ModelRow, images: ImageData[]) => {
    if (row.kind === 'style') return { grade: JSON.stringify(await learnGrade(images)) };
    const character = await media.learnCharacter(images).catch((error: unknown) => {
      throw isMediaError(error) && error.kind === 'bad_input' ? new StepError('bad_input', error.message) : error;
    });
    const key = `models/${row.user_id}/${row.id}/reference.png`;
    await objects.put(key, character.reference.data);
    // Written with the key it adds: a step run again puts the same file and counts it once.
    return {
      descriptor: JSON.stringify(character.descriptor),
      reference_key: key,
      file_size: db.raw('file_size + ?', [character.reference.data.length]),
    };
  };

  return {
    async learnModel(modelId) {
      const row = await rowOf(modelId);
      const learned = row.kind === 'style' ? Boolean(row.grade) : Boolean(row.descriptor);
      if (learned && (row.lora_url || !media.trainLora)) return;
      const images = await Promise.all(
        row.image_keys.map(async (key) => {
          const bytes = await objects.read(key);
          if (!bytes) throw new Error(TrainingMessages.failed);
          return readImageData(bytes, TrainingMessages.failed);
        }),
      ).catch((error: unknown) => {
        throw new StepError('bad_input', error instanceof Error ? error.message : TrainingMessages.failed);
      });
      // The local model is learned in any case: it is what the local engine applies (a style's colour
      // grade, a character's face descriptor and cut-out), and edits use it.
      if (!learned)
        await db('trained_models')
          .where({ id: modelId })
          .update({ ...(await learnLocally(row, images)), progress: 15, updated_at: db.fn.now() });
      if (!media.trainLora || row.lora_url || !row.trigger_word) return;
      // The hosted trainer takes minutes: the progress moves on meanwhile.
      const started = Date.now();
      const ticker = setInterval(() => {
        const progress = Math.min(75, 15 + Math.round(((Date.now() - started) / 1000 / HOSTED_TRAINING_S) * 60));
        void db('trained_models')
          .where({ id: modelId, status: 'training' })
          .update({ progress })
          .catch(() => undefined);
      }, PROGRESS_EVERY_MS);
      try {
        const lora = await media
          .trainLora({ images, triggerWord: row.trigger_word, isStyle: row.kind === 'style' })
          .catch((error: unknown) => {
            throw isMediaError(error) && error.kind === 'bad_input' ? new StepError('bad_input', TrainingMessages.failed) : error;
          });
        await db('trained_models').where({ id: modelId }).update({ lora_url: lora.loraUrl, progress: 80, updated_at: db.fn.now() });
      } finally {
        clearInterval(ticker);
      }
    },

    async renderSample(modelId) {
      const row = await rowOf(modelId);
      if (row.sample_key) return;
      const reference = row.reference_key ? await objects.read(row.reference_key) : null;
      const sample = row.grade
        ? await renderStyleSample(row.grade)
        : reference
          ? await renderCharacterSample(await readImageData(reference, TrainingMessages.failed))
          : null;
      if (!sample) return;
      const key = `models/${row.user_id}/${row.id}/sample.png`;
      await objects.put(key, sample.data);
      await db('trained_models')
        .where({ id: modelId })
        .update({ sample_key: key, file_size: db.raw('file_size + ?', [sample.data.length]), progress: 95, updated_at: db.fn.now() });
    },

    async trainingProgress(modelId, progress) {
      await db('trained_models')
        .where({ id: modelId })
        .whereIn('status', ['queued', 'training'])
        .update({ status: 'training', progress, updated_at: db.fn.now() });
    },

    async finishTraining(modelId, outcome) {
      // A failed training is refunded with its end (spec 1 §1: credits pay for what was made).
      const ended = await endTraining(db, modelId, outcome);
      if (ended) jobsTotal.inc({ kind: 'training', engine, event: outcome.status === 'ready' ? 'completed' : 'failed' });
    },
  };
}
