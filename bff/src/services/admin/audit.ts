/**
 * The admins' audit trail (`admin_audit`): every admin action on someone else's data, by whom and
 * when — the jobs console's cancel, free retry and refund, featuring an asset, granting credits.
 */
import type { Queryable } from '../../db/index.ts';

export type AdminAction = 'cancel' | 'retry' | 'refund' | 'feature' | 'unfeature' | 'credit_grant';

export interface AdminAuditEntry {
  adminId: string;
  action: AdminAction;
  jobId?: string | null;
  sectionId?: string | null;
  /** What was acted on when it is not a job (an asset, a user and the credits granted). */
  details?: Record<string, unknown> | null;
}

/** Writes one admin action; pass the transaction the action itself runs in, so both commit or neither. */
export async function recordAdminAction(db: Queryable, entry: AdminAuditEntry): Promise<void> {
  await db('admin_audit').insert({
    admin_id: entry.adminId,
    action: entry.action,
    job_id: entry.jobId ?? null,
    section_id: entry.sectionId ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

/** Credits `adminId` granted since the start of the current UTC day, as the audit trail records them. */
export async function creditsGrantedToday(db: Queryable, adminId: string): Promise<number> {
  const row = await db('admin_audit')
    .where({ admin_id: adminId, action: 'credit_grant' })
    .whereRaw("created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'")
    .first(db.raw("coalesce(sum((details->>'credits')::int), 0)::int AS credits"));
  return (row as { credits: number } | undefined)?.credits ?? 0;
}
