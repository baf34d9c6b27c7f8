import {
  PROJECT_DRAFT_MAX_BYTES,
  PROJECT_TITLE_MAX,
  ProjectMessages,
  type AssetType,
  type Project,
  type ProjectDraft,
  type ProjectKind,
  type ProjectListResponse,
} from '@studio/contracts';
import type { Db } from '../../db/index.ts';
import { invalidRequest, notFound, payloadTooLarge } from '../../errors.ts';
import { ownsAllMediaAt } from '../assets/own-media.ts';
import { decodePageCursor, encodePageCursor } from '../ids.ts';
import { deleteOwnProject, findOwnProject, insertProject, listOwnProjects, updateOwnProject } from './store.ts';

export interface ProjectServiceDeps {
  db: Db;
  appUrl: string;
}

/** Every file a draft points to, with the kind of file each place holds. */
function mediaOf(draft: ProjectDraft): { url: string; type: AssetType }[] {
  // A hook's alternatives are sections too (issue 40 §2).
  return [...draft.sections, ...(draft.hook?.alternatives ?? [])].flatMap((section) => [
    ...(section.imageUrl ? [{ url: section.imageUrl, type: 'image' as const }] : []),
    ...(section.audioUrl ? [{ url: section.audioUrl, type: 'audio' as const }] : []),
    ...section.scriptBlocks.flatMap((block) => (block.audioUrl ? [{ url: block.audioUrl, type: 'audio' as const }] : [])),
  ]);
}

/** A project without a name is named after the start of its first script, as the recent list shows it. */
function titleOf(draft: ProjectDraft, given: string | undefined): string {
  if (given) return given;
  const script = draft.sections
    .flatMap((s) => [s.scriptText, ...s.scriptBlocks.map((b) => b.text)])
    .map((text) => text.trim().replace(/\s+/g, ' '))
    .find(Boolean);
  if (!script) return ProjectMessages.untitled;
  return script.length > 60 ? `${script.slice(0, 59).trimEnd()}…` : script.slice(0, PROJECT_TITLE_MAX);
}

/**
 * Projects: an editor's draft kept on the server (spec 1 §3), the owner's only. A draft is
 * bounded in size, and every image and audio file it points to must be the owner's own: a draft
 * is reopened and sent to generation, so it must not become a way to use someone else's files.
 */
export function createProjectService({ db, appUrl }: ProjectServiceDeps) {
  async function checked(userId: string, draft: ProjectDraft): Promise<ProjectDraft> {
    if (Buffer.byteLength(JSON.stringify(draft)) > PROJECT_DRAFT_MAX_BYTES) throw payloadTooLarge(ProjectMessages.draftTooLarge);
    if (!(await ownsAllMediaAt({ db, appUrl }, userId, mediaOf(draft)))) throw invalidRequest(ProjectMessages.mediaNotYours);
    return draft;
  }
  async function own(userId: string, id: string): Promise<Project> {
    const project = await findOwnProject(db, userId, id);
    if (!project) throw notFound(ProjectMessages.notFound);
    return project;
  }

  return {
    async create(userId: string, request: { kind: ProjectKind; title?: string; draft: ProjectDraft }): Promise<Project> {
      const draft = await checked(userId, request.draft);
      return insertProject(db, { userId, kind: request.kind, title: titleOf(draft, request.title), draft });
    },
    get: own,
    async update(userId: string, id: string, request: { title?: string; draft: ProjectDraft }): Promise<Project> {
      // The project first: someone else's id is "not found" whatever its draft says.
      await own(userId, id);
      const draft = await checked(userId, request.draft);
      const project = await updateOwnProject(db, userId, id, { title: titleOf(draft, request.title), draft });
      if (!project) throw notFound(ProjectMessages.notFound);
      return project;
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteOwnProject(db, userId, id))) throw notFound(ProjectMessages.notFound);
    },
    async list(
      userId: string,
      query: { kind?: ProjectKind; limit: number; cursor?: string },
    ): Promise<Omit<ProjectListResponse, 'success'>> {
      const page = await listOwnProjects(db, userId, {
        kind: query.kind,
        limit: query.limit,
        after: query.cursor ? decodePageCursor(query.cursor) : undefined,
      });
      return { items: page.items, nextCursor: page.more ? encodePageCursor(page.items.at(-1)!.updatedAt, page.items.at(-1)!.id) : null };
    },
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
