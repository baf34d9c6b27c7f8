import type { Knex } from 'knex';
import * as accounts from './001-accounts.ts';
import * as billingCatalog from './002-billing-catalog.ts';
import * as creditLedger from './003-credit-ledger.ts';
import * as rateLimits from './004-rate-limits.ts';
import * as generationRequests from './006-generation-requests.ts';
import * as userAssets from './007-user-assets.ts';
import * as welcome from './008-welcome.ts';
import * as voices from './009-voices.ts';
import * as videos from './010-videos.ts';
import * as payments from './011-payments.ts';
import * as products from './012-products.ts';
import * as trainedModels from './013-trained-models.ts';
import * as requestFingerprints from './014-request-fingerprints.ts';
import * as temporaryUploads from './015-temporary-uploads.ts';
import * as rateLimitPoints from './016-rate-limit-points.ts';
import * as adminAudit from './017-admin-audit.ts';
import * as planStatusNotices from './018-plan-status-notices.ts';
import * as ledgerBatches from './019-ledger-batches.ts';
import * as trainingCharges from './020-training-charges.ts';
import * as adminAuditActions from './022-admin-audit-actions.ts';
import * as projects from './023-projects.ts';
import * as brandKits from './024-brand-kits.ts';
import * as adFormats from './025-ad-formats.ts';
import * as adProgressNotes from './026-ad-progress-notes.ts';
import * as productDescriptions from './027-product-descriptions.ts';
import * as sectionReuseVariants from './028-section-reuse-variants.ts';
import * as renderWorkers from './029-render-workers.ts';

const migrations: Record<string, Knex.Migration> = {
  '001-accounts': accounts,
  '002-billing-catalog': billingCatalog,
  '003-credit-ledger': creditLedger,
  '004-rate-limits': rateLimits,
  '006-generation-requests': generationRequests,
  '007-user-assets': userAssets,
  '008-welcome': welcome,
  '009-voices': voices,
  '010-videos': videos,
  '011-payments': payments,
  '012-products': products,
  '013-trained-models': trainedModels,
  '014-request-fingerprints': requestFingerprints,
  '015-temporary-uploads': temporaryUploads,
  '016-rate-limit-points': rateLimitPoints,
  '017-admin-audit': adminAudit,
  '018-plan-status-notices': planStatusNotices,
  '019-ledger-batches': ledgerBatches,
  '020-training-charges': trainingCharges,
  '022-admin-audit-actions': adminAuditActions,
  '023-projects': projects,
  '024-brand-kits': brandKits,
  '025-ad-formats': adFormats,
  '026-ad-progress-notes': adProgressNotes,
  '027-product-descriptions': productDescriptions,
  '028-section-reuse-variants': sectionReuseVariants,
  '029-render-workers': renderWorkers,
};

/** Migrations are imported, not read from disk, so tsx, vitest and a bundle all see the same list. */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
