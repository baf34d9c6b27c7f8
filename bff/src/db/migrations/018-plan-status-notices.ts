import type { Knex } from 'knex';

/**
 * The plan-status notice (migration 010) is sent only when a cached plan status can change: a
 * profile's balance crossing zero or its tier changing (subscriptions announce themselves, in
 * services/payments/events.ts). It was sent for every ledger row, and a transaction that notifies
 * takes one lock, server-wide, until it has committed: every debit of every user queued behind every
 * other (debits ran at 0.23 of `SELECT 1`'s rate for one user, 0.30 across 100).
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    DROP TRIGGER credit_transactions_notify ON credit_transactions;
    DROP FUNCTION notify_ledger_change();
    CREATE FUNCTION notify_plan_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('studio_plan_status', NEW.id::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER profiles_plan_status_notify AFTER UPDATE ON profiles FOR EACH ROW
      WHEN ((OLD.credits_remaining > 0) IS DISTINCT FROM (NEW.credits_remaining > 0)
            OR OLD.subscription_tier IS DISTINCT FROM NEW.subscription_tier)
      EXECUTE FUNCTION notify_plan_status_change();
  `);
}

export async function down(db: Knex): Promise<void> {
  await db.raw(`
    DROP TRIGGER profiles_plan_status_notify ON profiles;
    DROP FUNCTION notify_plan_status_change();
    CREATE FUNCTION notify_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('studio_plan_status', NEW.user_id::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER credit_transactions_notify AFTER INSERT ON credit_transactions
      FOR EACH ROW EXECUTE FUNCTION notify_ledger_change();
  `);
}
