/**
 * Drafting an ad from a product (issue 40 §3): the product's facts (one of the caller's products, or
 * a name, words and one of the caller's photos), who presents it (optional: one of the caller's
 * images), the brand kit's call to action, scripts from the configured writer, and the plan. Nothing
 * is stored and no credit is spent: the draft goes to the editor, and only Generate charges.
 */
import { AdDraftMessages, Messages, type AdDraft, type AdDraftRequest } from '@studio/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { invalidRequest } from '../../errors.ts';
import { ownFileAt, ownsAllMediaAt } from '../assets/own-media.ts';
import type { BrandKitService } from '../brand-kit/service.ts';
import type { ProductService } from '../products/service.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { planAd, type PlanInput } from './plan.ts';
import type { ScriptWriter } from './scripts.ts';

export interface AdDraftServiceDeps {
  db: Db;
  objects: ObjectStore;
  appUrl: string;
  products: Pick<ProductService, 'get'>;
  brandKit: Pick<BrandKitService, 'get'>;
  /** Templates offline, or the configured language model. */
  writer: ScriptWriter;
}

export function createAdDraftService({ db, objects, appUrl, products, brandKit, writer }: AdDraftServiceDeps) {
  /** What the scripts are written from; another user's product is the 404 of one that does not exist. */
  const productOf = async (userId: string, request: z.output<typeof AdDraftRequest>): Promise<PlanInput['product']> => {
    if (request.productId) {
      const product = await products.get(userId, request.productId);
      const imageUrl = request.imageUrl ?? product.images[0]!;
      if (!product.images.includes(imageUrl)) throw invalidRequest(AdDraftMessages.photoNotOfProduct);
      return { productId: product.id, title: product.title, description: request.description ?? product.description, imageUrl };
    }
    const imageUrl = request.imageUrl!;
    if (!(await ownsAllMediaAt({ db, appUrl }, userId, [{ url: imageUrl, type: 'image' }]))) throw invalidRequest(Messages.imageNotYours);
    return { productId: null, title: request.title!, description: request.description ?? '', imageUrl };
  };

  /**
   * The presenter, checked as the generate route checks a section's `imageUrl` (the caller's own
   * image, product photo, video poster or temporary upload, and its file still there), so the draft
   * it goes into starts as it is; anything else is refused before a script is written.
   */
  const presenterOf = async (userId: string, url: string | undefined): Promise<string | null> => {
    if (url === undefined) return null;
    if (!(await ownFileAt({ db, objects, appUrl }, userId, url, 'image'))) throw invalidRequest(AdDraftMessages.presenterNotYours);
    return url;
  };

  return {
    /** Which writer drafts the scripts: the editor tells the user. */
    writer: writer.kind,
    async draft(userId: string, request: z.output<typeof AdDraftRequest>): Promise<AdDraft> {
      const [product, presenterImageUrl, kit] = await Promise.all([
        productOf(userId, request),
        presenterOf(userId, request.presenterImageUrl),
        brandKit.get(userId),
      ]);
      const scripts = await writer.write({ title: product.title, description: product.description, ctaText: kit.ctaText });
      return planAd({ product, scripts, brandKit: kit, writtenBy: writer.kind, presenterImageUrl });
    },
  };
}
export type AdDraftService = ReturnType<typeof createAdDraftService>;
