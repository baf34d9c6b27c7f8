import type { Knex } from 'knex';

/**
 * Video jobs (spec 1 §3 `generated_videos`, spec 2 §3 job and results): one row per job and one
 * per section, which is what `GET /api/job-status/{jobId}` reads. A user has at most one job in
 * progress (a partial unique index, so two concurrent starts cannot both pass). Every change to a
 * job or a section, and every ledger row, is announced with NOTIFY so that each bff process can
 * push job events and forget a stale plan status, whichever process made the change.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('generated_videos', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('project_id');
    t.text('kind').notNullable().checkIn(['multi_section', 'animation'], 'generated_videos_kind_check');
    t.text('status')
      .notNullable()
      .defaultTo('IN_PROGRESS')
      .checkIn(['IN_PROGRESS', 'COMPLETED', 'PARTIAL_SUCCESS', 'FAILED', 'TIMED_OUT', 'CANCELLED'], 'generated_videos_status_check');
    t.text('model').notNullable();
    t.text('aspect_ratio').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    /** Voice, voice settings and the prompt of an animation. */
    t.jsonb('settings').notNullable();
    /** Seconds of the finished video. */
    t.decimal('duration', 8, 2);
    t.text('error');
    t.text('final_key');
    t.text('poster_key');
    t.uuid('asset_id').references('user_assets.id').onDelete('SET NULL');
    /** 1 for the first run; each retry of the failed sections is the next run (its own workflow). */
    t.integer('run').notNullable().defaultTo(1);
    t.text('engine').notNullable();
    t.timestamp('deadline_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['user_id', 'created_at'], 'generated_videos_user_created');
  });
  await db.raw("CREATE UNIQUE INDEX generated_videos_one_running ON generated_videos (user_id) WHERE status = 'IN_PROGRESS'");
  await db.raw("CREATE INDEX generated_videos_running_deadline ON generated_videos (deadline_at) WHERE status = 'IN_PROGRESS'");
  await db.schema.createTable('video_sections', (t) => {
    t.uuid('job_id').notNullable().references('generated_videos.id').onDelete('CASCADE');
    t.text('section_id').notNullable();
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('PENDING')
      .checkIn(['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'TIMED_OUT', 'CANCELLED'], 'video_sections_status_check');
    /** The step running, or the one that failed: audio, video, lipsync, captions. */
    t.text('step');
    t.text('image_key').notNullable();
    t.text('audio_key');
    t.text('script');
    t.text('video_prompt').notNullable().defaultTo('');
    t.boolean('captions').notNullable().defaultTo(false);
    /** Seconds the clip should last when no speech decides it. */
    t.decimal('target_duration', 8, 2).notNullable();
    t.text('video_key');
    t.decimal('video_duration', 8, 2);
    t.boolean('has_audio').notNullable().defaultTo(false);
    t.text('error');
    t.integer('credits').notNullable();
    /** The ledger key of this run's debit; its refund is keyed by it, so it is granted once. */
    t.text('charge_key').notNullable();
    t.boolean('refunded').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['job_id', 'section_id']);
  });
  await db.raw(`
    CREATE FUNCTION notify_job_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A job row carries its id; a section row its job_id.
      PERFORM pg_notify('studio_jobs', coalesce(to_jsonb(NEW)->>'job_id', to_jsonb(NEW)->>'id'));
      RETURN NULL;
    END $$;
    CREATE TRIGGER generated_videos_notify AFTER INSERT OR UPDATE ON generated_videos
      FOR EACH ROW EXECUTE FUNCTION notify_job_change();
    CREATE TRIGGER video_sections_notify AFTER UPDATE ON video_sections
      FOR EACH ROW EXECUTE FUNCTION notify_job_change();
    CREATE FUNCTION notify_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('studio_plan_status', NEW.user_id::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER credit_transactions_notify AFTER INSERT ON credit_transactions
      FOR EACH ROW EXECUTE FUNCTION notify_ledger_change();
  `);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP TRIGGER IF EXISTS credit_transactions_notify ON credit_transactions');
  await db.raw('DROP FUNCTION IF EXISTS notify_ledger_change()');
  await db.schema.dropTable('video_sections');
  await db.schema.dropTable('generated_videos');
  await db.raw('DROP FUNCTION IF EXISTS notify_job_change()');
}
