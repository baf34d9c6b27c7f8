import { randomBytes } from 'node:crypto';
import { Messages, TrainingMessages, type TrainedModel } from '@studio/contracts';
import { renderStyleSample, type MediaEngine } from '@studio/media';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { jobsTotal } from '../../metrics.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { UploadedFile } from '../uploads/gate.ts';
import { acceptImage } from '../uploads/images.ts';
import type { JobEngine } from '../videos/engine.ts';
import { GLOBAL_STYLES } from './global-styles.ts';
import {
  assertCanTrain,
  createModel,
  deleteModel,
  endTraining,
  getOwnModel,
  listOwnModels,
  listStyles,
  readableModel,
  toTrainedModel,
  updateModel,
} from './models.ts';

export interface TrainingServiceDeps {
  db: Db;
  media: MediaEngine;
  objects: ObjectStore;
  jobs: JobEngine;
}

/** Styles (`/app/explore`), and training styles and characters (spec 1 §1–§3, spec 2 §7). */
export function createTrainingService({ db, media, objects, jobs }: TrainingServiceDeps) {
  return {
    styles: () => listStyles(db),

    /** A global style's sample, drawn once and kept. */
    async globalStyleSample(styleId: string): Promise<Buffer> {
      const style = GLOBAL_STYLES.find((s) => s.id === styleId);
      if (!style) throw notFound();
      const key = `styles/global/${style.id}.png`;
      let bytes = await objects.read(key);
      if (!bytes) {
        bytes = (await renderStyleSample(style.grade)).data;
        await objects.put(key, bytes);
      }
      return bytes;
    },

    /** The plan, a running training, the storage quota and the credits, checked before anything is uploaded. */
    assertCanTrain: (userId: string) => assertCanTrain(db, userId),

    /** Starts a training on the accepted images; one the engine never took is ended as failed, which gives its credits back. */
    async start(
      userId: string,
      kind: Parameters<typeof createModel>[2]['kind'],
      name: string,
      files: UploadedFile[],
    ): Promise<TrainedModel> {
      const images = await Promise.all(files.map((file) => acceptImage(file.path, Messages.imageTypeInvalid)));
      // With a hosted trainer the style is also trained as a LoRA, asked for by its trigger word.
      const hosted = Boolean(media.trainLora);
      const triggerWord = hosted ? `stl${randomBytes(4).toString('hex')}` : null;
      const row = await createModel(db, objects, { userId, kind, name, images, provider: hosted ? 'fal' : 'local', triggerWord });
      await jobs.startTraining({ modelId: row.id, userId }).catch(async (error: unknown) => {
        await endTraining(db, row.id, { status: 'failed', error: TrainingMessages.failed });
        throw error;
      });
      jobsTotal.inc({ kind: 'training', engine: jobs.name, event: 'started' });
      return toTrainedModel(row);
    },

    list: async (userId: string): Promise<TrainedModel[]> => (await listOwnModels(db, userId)).map(toTrainedModel),
    get: async (userId: string, modelId: string): Promise<TrainedModel> => toTrainedModel(await getOwnModel(db, userId, modelId)),
    update: async (userId: string, modelId: string, change: Parameters<typeof updateModel>[3]): Promise<TrainedModel> =>
      toTrainedModel(await updateModel(db, userId, modelId, change)),
    remove: (userId: string, modelId: string) => deleteModel(db, objects, userId, modelId),

    /** A model's sample, to its owner, and to everyone once it is shared. */
    async sample(viewerId: string | null, modelId: string): Promise<{ bytes: Buffer; shared: boolean }> {
      const row = await readableModel(db, viewerId, modelId);
      const bytes = row?.sample_key ? await objects.read(row.sample_key) : null;
      if (!row || !bytes) throw notFound();
      return { bytes, shared: row.is_shared };
    },
  };
}
export type TrainingService = ReturnType<typeof createTrainingService>;
