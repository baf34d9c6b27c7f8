import type { Knex } from 'knex';

/**
 * One user's ledger changes that arrive together are written together: each debit of
 * a user waits for the same profile row, so twenty at once spent most of their time queueing for
 * it, one lock and one commit each. `add_credit_transactions` takes one user's entries in order,
 * locks the profile once, and applies each exactly as `add_credit_transaction` would: a repeated key
 * answers its first row, a debit the balance cannot cover is refused (and the others still apply).
 * It answers one JSON object per entry: `{ row, applied }` or `{ refused: 'insufficient' }`. Any
 * other error aborts the whole batch, and the caller applies its entries one by one instead.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
CREATE FUNCTION add_credit_transactions(user_id_param uuid, entries jsonb) RETURNS SETOF jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  entry jsonb;
  existed boolean;
  balance integer;
  written credit_transactions%ROWTYPE;
BEGIN
  PERFORM 1 FROM profiles WHERE id = user_id_param FOR UPDATE;
  FOR entry IN SELECT value FROM jsonb_array_elements(entries) WITH ORDINALITY ORDER BY ordinality LOOP
    -- The lock is held: what exists now is what add_credit_transaction will find.
    SELECT EXISTS (SELECT 1 FROM credit_transactions WHERE user_id = user_id_param AND idempotency_key = entry->>'idempotency_key')
      INTO existed;
    SELECT credits_remaining INTO balance FROM profiles WHERE id = user_id_param;
    IF NOT existed AND balance + (entry->>'amount')::integer < 0 THEN
      RETURN NEXT jsonb_build_object('refused', 'insufficient');
      CONTINUE;
    END IF;
    written := add_credit_transaction(user_id_param, entry->>'type', (entry->>'amount')::integer, entry->>'description',
      entry->>'task_type', NULLIF(entry->'task_metadata', 'null'::jsonb), (entry->>'raw_cost_usd')::numeric, entry->>'idempotency_key');
    RETURN NEXT jsonb_build_object('row', to_jsonb(written), 'applied', NOT existed);
  END LOOP;
END
$fn$`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP FUNCTION IF EXISTS add_credit_transactions(uuid, jsonb)');
}
