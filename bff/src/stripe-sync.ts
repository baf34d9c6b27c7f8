/**
 * `npm run stripe:sync`: finds or creates the catalog's prices in Stripe by lookup key and writes
 * their ids to the database (the studio also does this at every start). Needs STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET and DATABASE_URL.
 */
import { ConfigError, loadConfig } from './config.ts';
import { createDb, migrateAndSeed } from './db/index.ts';
import { createLogger } from './logger.ts';
import { syncCatalogPrices } from './services/payments/catalog-sync.ts';
import { createPayments } from './services/payments/stripe.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.stripe) throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY: required to sync prices to Stripe');
  if (!config.databaseUrl) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required (the studio’s database)');
  const db = createDb(config.databaseUrl, 2);
  try {
    await migrateAndSeed(db);
    const payments = (await createPayments(config, createLogger(config.logLevel)))!;
    const { created, total } = await syncCatalogPrices(db, payments.stripe);
    console.log(`${total} prices in Stripe, ${created} created`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
