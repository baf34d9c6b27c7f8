/**
 * The projects table and its rows ↔ the contracts' `Project`. Every query names the owner: anyone
 * else's project is "not found", never "forbidden", so ids reveal nothing.
 */
import type { Project, ProjectDraft, ProjectKind, ProjectSummary } from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import type { PageAfter } from '../ids.ts';

interface ProjectRow {
  id: string;
  user_id: string;
  kind: ProjectKind;
  title: string;
  draft: ProjectDraft;
  created_at: Date;
  updated_at: Date;
}
type SummaryRow = Omit<ProjectRow, 'draft'> & { sections: number };

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  draft: row.draft,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const toSummary = (row: SummaryRow): ProjectSummary => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  sections: Number(row.sections),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function insertProject(
  db: Db,
  project: { userId: string; kind: ProjectKind; title: string; draft: ProjectDraft },
): Promise<Project> {
  const [row] = await db('projects')
    .insert({ user_id: project.userId, kind: project.kind, title: project.title, draft: JSON.stringify(project.draft) })
    .returning<ProjectRow[]>('*');
  return toProject(row!);
}

export async function findOwnProject(db: Db, userId: string, id: string): Promise<Project | null> {
  const row = await db('projects').where({ id, user_id: userId }).first<ProjectRow | undefined>();
  return row ? toProject(row) : null;
}

export async function updateOwnProject(
  db: Db,
  userId: string,
  id: string,
  change: { title: string; draft: ProjectDraft },
): Promise<Project | null> {
  const [row] = await db('projects')
    .where({ id, user_id: userId })
    .update({ title: change.title, draft: JSON.stringify(change.draft), updated_at: db.fn.now() })
    .returning<ProjectRow[]>('*');
  return row ? toProject(row) : null;
}

export async function deleteOwnProject(db: Db, userId: string, id: string): Promise<boolean> {
  return (await db('projects').where({ id, user_id: userId }).delete()) > 0;
}

/**
 * The user's projects, the latest changed first. Keyset paging on the change time truncated to
 * the millisecond, as the cursor carries it: PostgreSQL keeps microseconds, and comparing them to
 * a rounded cursor would repeat or skip rows.
 */
export async function listOwnProjects(
  db: Db,
  userId: string,
  options: { kind?: ProjectKind; limit: number; after?: PageAfter },
): Promise<{ items: ProjectSummary[]; more: boolean }> {
  const query = db('projects')
    .where({ user_id: userId })
    .orderByRaw("date_trunc('milliseconds', updated_at) DESC, id DESC")
    .limit(options.limit + 1);
  if (options.kind) void query.andWhere({ kind: options.kind });
  if (options.after) {
    void query.andWhereRaw("(date_trunc('milliseconds', updated_at), id) < (?::timestamptz, ?::uuid)", [
      options.after.at,
      options.after.id,
    ]);
  }
  const rows = await query.select<SummaryRow[]>(
    'id',
    'user_id',
    'kind',
    'title',
    'created_at',
    'updated_at',
    db.raw("jsonb_array_length(COALESCE(draft->'sections', '[]'::jsonb)) AS sections"),
  );
  return { items: rows.slice(0, options.limit).map(toSummary), more: rows.length > options.limit };
}
