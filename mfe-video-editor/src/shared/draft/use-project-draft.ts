import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PROJECT_SAVE_DEBOUNCE_MS, ProjectMessages, type ProjectDraft, type ProjectDraftInput, type ProjectKind } from '@studio/contracts';
import { errorText } from '@studio/session';
import { useProject, useSaveProject } from './api.ts';

/** The URL parameter naming the project a page edits, so Reload reopens it. */
export const PROJECT_PARAM = 'project';

export type ProjectSaveState = 'new' | 'opening' | 'saving' | 'saved' | 'failed';

/**
 * Keeps an editor's draft as a server-side project, so Reload or Exit never loses the sections,
 * scripts and approved audio. A page without `?project=` is a new draft: its project is made on
 * the first real change (a visit alone saves nothing), at once, so a Reload right after the first
 * keystroke already finds it in the URL. Later changes are saved a second after the last one, and
 * whatever is left unsaved when the page goes away (pagehide, or Exit unmounting the editor) is
 * sent with `keepalive`, which the browser finishes without the page.
 *
 * `draft` is the editor's state in the contracts' draft form, built on every render; `restore`
 * puts a reopened draft back into the editor.
 */
export function useProjectDraft({
  kind,
  draft,
  restore,
  preparing = false,
}: {
  kind: ProjectKind;
  draft: ProjectDraftInput;
  restore: (draft: ProjectDraft) => void;
  /** Something the draft will name is still being uploaded: "Saved" waits for it. */
  preparing?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(PROJECT_PARAM);
  // The project this page saves to (state for the screen, a ref for the callbacks that outlive a render).
  const [projectId, setProjectId] = useState<string | null>(null);
  const idRef = useRef<string | null>(null);
  const asked = wanted !== null && wanted !== projectId ? wanted : null;
  const opened = useProject(asked);
  // A project that cannot be opened leaves a new draft, whose first change makes a project of its own.
  const opening = asked !== null && !opened.isError;
  const save = useSaveProject();

  const text = JSON.stringify(draft);
  const latest = useRef({ text, draft });
  latest.current = { text, draft };
  // What a new draft looks like before any change: nothing worth a project yet.
  const pristine = useRef(text);
  const savedText = useRef<string | null>(null);
  // Set when a draft was restored: the editor's next state is the saved one, not a change.
  const restoring = useRef(false);
  const inFlight = useRef(false);
  const again = useRef(false);

  const unsaved = () => latest.current.text !== savedText.current && !(idRef.current === null && latest.current.text === pristine.current);

  const flush = (keepalive = false) => {
    if (restoring.current || !unsaved()) return;
    if (inFlight.current) {
      // One save at a time: a second POST would make a second project. Leaving mid-save sends the rest as a change.
      if (keepalive && idRef.current) save.mutate({ id: idRef.current, kind, draft: latest.current.draft, keepalive });
      else again.current = true;
      return;
    }
    const sent = latest.current;
    inFlight.current = true;
    save.mutate(
      { id: idRef.current, kind, draft: sent.draft, keepalive },
      {
        onSuccess: (project) => {
          savedText.current = sent.text;
          if (idRef.current === null) {
            idRef.current = project.id;
            setProjectId(project.id);
            setParams(
              (now) => {
                now.set(PROJECT_PARAM, project.id);
                return now;
              },
              { replace: true },
            );
          }
        },
        onSettled: () => {
          inFlight.current = false;
          if (again.current) {
            again.current = false;
            flush();
          }
        },
      },
    );
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  // Opening another project (a recent one, or the page's own on Reload): what is unsaved goes first.
  useEffect(() => {
    if (!opened.data || opened.data.id !== wanted) return;
    flushRef.current(true);
    restoring.current = true;
    idRef.current = opened.data.id;
    setProjectId(opened.data.id);
    restore(opened.data.draft);
    // restore is the editor's setter: the draft it sets arrives with the next render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened.data, wanted]);

  // The reopened draft is the saved one: drawn again so the header says Saved, not the Saving… of the render before.
  const [, setReopened] = useState(0);
  useEffect(() => {
    if (restoring.current) {
      restoring.current = false;
      savedText.current = text;
      setReopened((n) => n + 1);
      return;
    }
    if (opening || !unsaved()) return;
    const timer = setTimeout(() => flushRef.current(), idRef.current ? PROJECT_SAVE_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [text, opening, projectId]);

  // The same editor opened again without a project in its URL (a link to the page it is on) keeps
  // the draft it shows: its project goes back into the URL, so Reload still finds it.
  useEffect(() => {
    const id = idRef.current;
    if (wanted !== null || id === null) return;
    setParams(
      (now) => {
        now.set(PROJECT_PARAM, id);
        return now;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  useEffect(() => {
    const leave = () => flushRef.current(true);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      // Exit unmounts the editor: its last changes are saved on the way out.
      leave();
    };
  }, []);

  const state: ProjectSaveState = opening
    ? 'opening'
    : save.isError
      ? 'failed'
      : save.isPending || preparing || (projectId !== null && text !== savedText.current)
        ? 'saving'
        : projectId
          ? 'saved'
          : 'new';
  return {
    projectId,
    state,
    /** A quiet line for the editor's header. */
    stateText:
      state === 'failed'
        ? errorText(save.error, ProjectMessages.saveFailed)
        : state === 'saving'
          ? ProjectMessages.saving
          : state === 'saved'
            ? ProjectMessages.saved
            : null,
    /** The project in the URL could not be opened (not found, or not this user's): the editor starts a new draft. */
    openProblem: opened.error ? errorText(opened.error, ProjectMessages.notFound) : null,
  };
}
