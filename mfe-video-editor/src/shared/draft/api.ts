/** The calls both editors make (spec 2 §7): speaking a script, starting the video, and keeping the draft as a project. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  ProjectRoutes,
  projectPath,
  type GenerateAudioResponse,
  type ProjectDraftInput,
  type ProjectKind,
  type ProjectListResponse,
  type ProjectResponse,
  type StartJobResponse,
} from '@studio/contracts';
import { apiFetch } from '@studio/session';
// Starting a job uploads the section images: it may take as long as an upload.
import { sessionQueryKeys, UPLOAD_TIMEOUT_MS } from '@studio/session/query';
import { videoEditorKeys } from '../../lib/query-keys.ts';

/**
 * Starts a video (spec 2 §7): `sections` as JSON, each section's uploaded image as `image_<index>`,
 * and the voice, format and model fields.
 */
export function startVideo(request: {
  sections: { imageFile: File | null }[];
  sectionsJson: unknown[];
  fields: Record<string, string | number>;
}) {
  const form = new FormData();
  form.set('sections', JSON.stringify(request.sectionsJson));
  request.sections.forEach((s, i) => s.imageFile && form.set(`image_${i}`, s.imageFile));
  for (const [name, value] of Object.entries(request.fields)) form.set(name, String(value));
  return apiFetch<StartJobResponse>(ApiRoutes.generateVideo, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
}

export interface SpeechRequest {
  text: string;
  voiceId: string;
  stability: number;
  similarityBoost: number;
  speed: number;
  /** The project the line is spoken for (spec 2 §7 `projectId`). */
  projectId?: string;
}
export const generateAudio = (request: SpeechRequest) =>
  apiFetch<GenerateAudioResponse>(ApiRoutes.generateAudio, { method: 'POST', json: request, signal: AbortSignal.timeout(60_000) });

/** Starts a video; its credits are reserved, so the balance is read again. */
export function useStartVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVideo,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/** Speaks a script for a credit; the balance is read again whatever happens (spent or refunded). */
export function useGenerateAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAudio,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits }),
  });
}

/** How many of the latest projects the editors offer to reopen. */
const RECENT_PROJECTS = 6;

export const fetchProject = (id: string) => apiFetch<ProjectResponse>(projectPath(id)).then((answer) => answer.project);

/** A saved draft, read once when the page opens it (the editor holds it from then on). */
export function useProject(id: string | null) {
  return useQuery({
    queryKey: videoEditorKeys.project(id ?? ''),
    queryFn: () => fetchProject(id!),
    enabled: id !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export const fetchRecentProjects = (kind: ProjectKind) =>
  apiFetch<ProjectListResponse>(`${ProjectRoutes.projects}?kind=${kind}&limit=${RECENT_PROJECTS}`).then((answer) => answer.items);

/** The user's latest drafts of one editor, to reopen one. */
export function useRecentProjects(kind: ProjectKind) {
  return useQuery({ queryKey: videoEditorKeys.recentProjectsOf(kind), queryFn: () => fetchRecentProjects(kind) });
}

export interface ProjectSave {
  /** The project to save to; none makes a new one. */
  id: string | null;
  kind: ProjectKind;
  draft: ProjectDraftInput;
  /** The page is going away (pagehide): the browser finishes the request without the page. */
  keepalive?: boolean;
}
export const saveProject = ({ id, kind, draft, keepalive = false }: ProjectSave) =>
  apiFetch<ProjectResponse>(id ? projectPath(id) : ProjectRoutes.projects, {
    method: id ? 'PUT' : 'POST',
    json: id ? { draft } : { kind, draft },
    keepalive,
  }).then((answer) => answer.project);

/** Saves the draft as a project; the recent lists show the change. */
export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: videoEditorKeys.recentProjects(), refetchType: 'active' }),
  });
}
