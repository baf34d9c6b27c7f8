import type { Knex } from 'knex';

/**
 * The credit ledger (DESIGN decision 4). `credit_transactions` is append-only and the balance on
 * `profiles` changes only inside `add_credit_transaction`, in the same statement as its ledger
 * row, so the balance always equals the sum of the user's ledger.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('credit_transactions', (t) => {
    t.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('transaction_type')
      .notNullable()
      .checkIn(
        ['TASK_DEBIT', 'TASK_REFUND', 'MANUAL_CREDIT', 'PLAN_MONTHLY_CREDIT', 'TOPUP_CREDIT', 'TRIAL_CREDIT', 'TIER_CHANGE'],
        'credit_transactions_type_check',
      );
    t.integer('amount').notNullable();
    t.integer('balance_after').notNullable();
    t.text('description');
    t.text('task_type');
    t.jsonb('task_metadata');
    t.decimal('raw_cost_usd', 12, 6);
    t.text('idempotency_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.unique(['user_id', 'idempotency_key']);
  });
  await db.raw('CREATE INDEX credit_transactions_user_created ON credit_transactions (user_id, created_at DESC)');

  await db.raw(`
CREATE FUNCTION quote_task_cost(task_type_param text, model_name_param text, quantity numeric)
RETURNS TABLE (credits integer, raw_cost_usd numeric, credit_multiplier numeric, pricing_found boolean)
LANGUAGE plpgsql STABLE AS $fn$
#variable_conflict use_variable
DECLARE
  p task_pricing%ROWTYPE;
  q numeric := coalesce(quantity, 1);
  c integer;
BEGIN
  IF q <= 0 THEN
    RAISE EXCEPTION 'quantity must be positive' USING ERRCODE = 'CR003';
  END IF;
  -- The model's own active row wins over the task type's default row (model_name NULL).
  SELECT tp.* INTO p FROM task_pricing tp
   WHERE tp.task_type = task_type_param AND tp.is_active
     AND (tp.model_name = model_name_param OR tp.model_name IS NULL)
   ORDER BY (tp.model_name IS NULL), tp.created_at DESC
   LIMIT 1;
  IF FOUND THEN
    c := ceil(p.base_cost_usd * p.credit_multiplier * q / 0.05);
    RETURN QUERY SELECT c, round(p.base_cost_usd * q, 6), p.credit_multiplier, true;
    RETURN;
  END IF;
  -- spec 1 §9 fallback costs, priced at the default markup of 2.
  c := CASE task_type_param
    WHEN 'image' THEN 4
    WHEN 'video' THEN ceil(32 * q)
    WHEN 'video_with_audio' THEN ceil(40 * q)
    WHEN 'audio' THEN greatest(1, ceil(0.002 * q))
    WHEN 'lip_sync' THEN ceil(30 * q)
    ELSE greatest(1, ceil(2 * q))
  END;
  RETURN QUERY SELECT c, round(c * 0.05 / 2, 6), 2::numeric, false;
END
$fn$`);

  await db.raw(`
CREATE FUNCTION calculate_credits_for_task(task_type_param text, model_name_param text, quantity numeric)
RETURNS integer LANGUAGE sql STABLE AS $fn$
  SELECT credits FROM quote_task_cost(task_type_param, model_name_param, quantity)
$fn$`);

  await db.raw(`
CREATE FUNCTION add_credit_transaction(
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
  IF amount_param IS NULL OR (amount_param = 0 AND transaction_type_param <> 'TIER_CHANGE')
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
$fn$`);

  // A profile is created on first read with the trial grant, once, however many readers race.
  await db.raw(`
CREATE FUNCTION ensure_profile(user_id_param uuid, email_param text, trial_credits_param integer)
RETURNS profiles LANGUAGE plpgsql AS $fn$
DECLARE
  created boolean;
  result profiles%ROWTYPE;
BEGIN
  -- Every read comes through here: answer from a plain read when the profile exists.
  SELECT * INTO result FROM profiles WHERE id = user_id_param;
  IF FOUND THEN
    RETURN result;
  END IF;
  INSERT INTO profiles (id, email) VALUES (user_id_param, email_param) ON CONFLICT (id) DO NOTHING;
  GET DIAGNOSTICS created = ROW_COUNT;
  IF created AND trial_credits_param > 0 THEN
    PERFORM add_credit_transaction(user_id_param, 'TRIAL_CREDIT', trial_credits_param, 'Trial credits',
      NULL, NULL, NULL, 'trial:' || user_id_param::text);
  END IF;
  SELECT * INTO result FROM profiles WHERE id = user_id_param;
  RETURN result;
END
$fn$`);

  // spec 1 §4 monthly reset: due date reached + active subscription → plan credits added once per period.
  await db.raw(`
CREATE FUNCTION apply_monthly_credit_reset(user_id_param uuid) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  due timestamptz;
  next_due timestamptz;
  plan_credits integer;
BEGIN
  -- Cheap unlocked look first: almost every read finds nothing due.
  PERFORM 1 FROM profiles WHERE id = user_id_param AND credits_reset_date <= now();
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  SELECT credits_reset_date INTO due FROM profiles WHERE id = user_id_param FOR UPDATE;
  IF due IS NULL OR due > now() THEN
    RETURN 0;
  END IF;
  SELECT sp.monthly_credits INTO plan_credits
    FROM user_subscriptions us JOIN subscription_plans sp ON sp.id = us.plan_id
   WHERE us.user_id = user_id_param AND us.status = 'active'
   ORDER BY us.created_at DESC LIMIT 1;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  PERFORM add_credit_transaction(user_id_param, 'PLAN_MONTHLY_CREDIT', plan_credits, 'Monthly plan credits',
    NULL, jsonb_build_object('period_start', due), NULL,
    'monthly:' || to_char(due AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'));
  next_due := due + interval '1 month';
  WHILE next_due <= now() LOOP
    next_due := next_due + interval '1 month';
  END LOOP;
  UPDATE profiles SET credits_reset_date = next_due WHERE id = user_id_param;
  RETURN plan_credits;
END
$fn$`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP FUNCTION IF EXISTS apply_monthly_credit_reset(uuid)');
  await db.raw('DROP FUNCTION IF EXISTS ensure_profile(uuid, text, integer)');
  await db.raw('DROP FUNCTION IF EXISTS add_credit_transaction(uuid, text, integer, text, text, jsonb, numeric, text)');
  await db.raw('DROP FUNCTION IF EXISTS calculate_credits_for_task(text, text, numeric)');
  await db.raw('DROP FUNCTION IF EXISTS quote_task_cost(text, text, numeric)');
  await db.schema.dropTableIfExists('credit_transactions');
}
