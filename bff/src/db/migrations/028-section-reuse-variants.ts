import type { Knex } from 'knex';

/**
 * A section is made once (DESIGN decision 17), and one job may make several videos (hook variants):
 * - `video_sections.render_key`: the hash of everything its clip is made from (with its owner), so a
 *   later section with the same key reuses the clip; `reused_from` names the section (`<job>/<section>`)
 *   whose clip it reused, rendering and charging nothing;
 * - `video_variants`: one row per video of a job with hook variants — its sections in order, its
 *   finished files and gallery asset, its finished ad's formats and finishing stage — announced to
 *   the job's event streams like its sections;
 * - the ledger records a reused section as a TASK_DEBIT of 0 credits (its metadata names the clip it
 *   reused), so the credit history says what a job reused; any other zero row is still refused.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('video_sections', (t) => {
    t.text('render_key');
    t.text('reused_from');
  });
  await db.raw('CREATE INDEX video_sections_render_key ON video_sections (render_key) WHERE render_key IS NOT NULL');
  await db.schema.createTable('video_variants', (t) => {
    t.uuid('job_id').notNullable().references('generated_videos.id').onDelete('CASCADE');
    t.text('variant_id').notNullable();
    t.integer('position').notNullable();
    t.text('label').notNullable();
    /** Its sections' ids, in the order it plays them. */
    t.jsonb('section_ids').notNullable();
    t.text('final_key');
    t.text('poster_key');
    t.decimal('duration', 8, 2);
    t.uuid('asset_id').references('user_assets.id').onDelete('SET NULL');
    t.jsonb('ad_formats');
    t.jsonb('ad_finishing');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['job_id', 'variant_id']);
  });
  await db.raw(`
    CREATE TRIGGER video_variants_notify AFTER UPDATE ON video_variants
      FOR EACH ROW EXECUTE FUNCTION notify_job_change();
  `);
  await db.raw(addCreditTransaction(REUSED_SECTION_MAY_BE_ZERO));
}

export async function down(db: Knex): Promise<void> {
  await db.raw(addCreditTransaction(''));
  await db.raw('DROP TRIGGER IF EXISTS video_variants_notify ON video_variants');
  await db.schema.dropTable('video_variants');
  await db.raw('DROP INDEX IF EXISTS video_sections_render_key');
  await db.schema.alterTable('video_sections', (t) => {
    t.dropColumn('reused_from');
    t.dropColumn('render_key');
  });
}

/** The zero-credit debit of a reused section (its metadata names the clip reused). */
const REUSED_SECTION_MAY_BE_ZERO = ` AND NOT (transaction_type_param = 'TASK_DEBIT' AND (task_metadata_param -> 'reused_from') IS NOT NULL)`;

/** `add_credit_transaction` as migration 003 made it, with `zeroException` added to the rows that may move 0 credits. */
const addCreditTransaction = (zeroException: string) => `
CREATE OR REPLACE FUNCTION add_credit_transaction(
  user_id_param uuid,
  transaction_type_param text,
  amount_param integer,
  description_param text,
  task_type_param text,
  task_metadata_param jsonb,
  raw_cost_usd_param numeric,
  idempotency_key_param text
) RETURNS credit_transactions LANGUAGE plpgsql AS $fn$
DECLARE
  existing credit_transactions%ROWTYPE;
  result credit_transactions%ROWTYPE;
  new_balance integer;
BEGIN
  IF idempotency_key_param IS NULL OR length(idempotency_key_param) = 0 THEN
    RAISE EXCEPTION 'an idempotency key is required' USING ERRCODE = 'CR003';
  END IF;
  -- A tier change sets the balance, so its difference may be 0: the row still records the key.
  IF amount_param IS NULL OR (amount_param = 0 AND transaction_type_param <> 'TIER_CHANGE'${zeroException})
     OR (transaction_type_param = 'TASK_DEBIT' AND amount_param > 0)
     OR (transaction_type_param IN ('TASK_REFUND', 'MANUAL_CREDIT', 'PLAN_MONTHLY_CREDIT', 'TOPUP_CREDIT', 'TRIAL_CREDIT')
         AND amount_param < 0) THEN
    RAISE EXCEPTION 'amount % does not fit a % transaction', amount_param, transaction_type_param USING ERRCODE = 'CR003';
  END IF;
  -- Serialise changes per user: whoever holds the profile row decides; the next caller then sees
  -- the committed ledger row of a repeated idempotency key (each statement takes a fresh snapshot).
  PERFORM 1 FROM profiles WHERE id = user_id_param FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'profile % not found', user_id_param USING ERRCODE = 'CR002';
  END IF;
  SELECT * INTO existing FROM credit_transactions
   WHERE user_id = user_id_param AND idempotency_key = idempotency_key_param;
  IF FOUND THEN
    RETURN existing;
  END IF;
  UPDATE profiles SET credits_remaining = credits_remaining + amount_param, updated_at = now()
   WHERE id = user_id_param AND credits_remaining + amount_param >= 0
   RETURNING credits_remaining INTO new_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insufficient credits' USING ERRCODE = 'CR001';
  END IF;
  INSERT INTO credit_transactions
    (user_id, transaction_type, amount, balance_after, description, task_type, task_metadata, raw_cost_usd, idempotency_key)
  VALUES
    (user_id_param, transaction_type_param, amount_param, new_balance, description_param, task_type_param,
     task_metadata_param, raw_cost_usd_param, idempotency_key_param)
  RETURNING * INTO result;
  RETURN result;
END
$fn$`;
