import { MAX_HOOK_ALTERNATIVES } from '@studio/contracts';
import { addAlternative, type HookState } from './hooks.ts';
import type { AudioVersion, EditorSection, SectionVoice } from './model.ts';
import { TalkingSection } from './TalkingSection.tsx';

/** In the first section: mark it as the hook, to try other openings on the same video (issue 40 §2). */
export function HookToggle({ hook, onHook }: { hook: HookState; onHook: (next: HookState) => void }) {
  const alternatives = hook?.alternatives.length ?? 0;
  return (
    <label className="ve-inline">
      <input
        type="checkbox"
        checked={hook !== null}
        // Its alternatives are the user's work: they are removed one by one, never by unticking this.
        disabled={alternatives > 0}
        onChange={(e) => onHook(e.target.checked ? { alternatives: [] } : null)}
      />
      The hook: try up to {MAX_HOOK_ALTERNATIVES} other openings, one video each
    </label>
  );
}

/**
 * The hook's alternatives, below the first section: each a section of its own (its script, voice,
 * image or product shot), and Add hook alternative (a copy of the hook to change).
 */
export function HookAlternatives({
  hook,
  first,
  onHook,
  userId,
  speak,
  reused,
}: {
  hook: HookState;
  first: EditorSection | undefined;
  onHook: (next: HookState) => void;
  userId: string;
  speak: (text: string, voice: SectionVoice) => Promise<AudioVersion>;
  reused: (section: EditorSection) => boolean;
}) {
  if (!hook) return null;
  const { alternatives } = hook;
  const change = (id: string, next: EditorSection) => onHook({ alternatives: alternatives.map((a) => (a.id === id ? next : a)) });
  return (
    <section className="ve-hooks" aria-labelledby="ve-hooks-title">
      <h2 id="ve-hooks-title" className="ve-h2">
        Hook alternatives
      </h2>
      <p className="ve-notice">
        Each alternative opens a video of its own, followed by the sections after the hook. Those sections are rendered once for all of
        them.
      </p>
      {alternatives.map((alternative) => (
        <TalkingSection
          key={alternative.id}
          section={alternative}
          userId={userId}
          reused={reused(alternative)}
          onChange={(next) => change(alternative.id, next)}
          onRemove={() => onHook({ alternatives: alternatives.filter((a) => a.id !== alternative.id) })}
          speak={(text) => speak(text, alternative.voice)}
        />
      ))}
      <div className="ve-row">
        <button
          type="button"
          className="st-btn st-btn-secondary"
          disabled={!first || alternatives.length >= MAX_HOOK_ALTERNATIVES}
          onClick={() => first && onHook(addAlternative(hook, first))}
        >
          Add hook alternative
        </button>
        <span className="ve-meta">
          {alternatives.length} of {MAX_HOOK_ALTERNATIVES}
        </span>
      </div>
    </section>
  );
}
