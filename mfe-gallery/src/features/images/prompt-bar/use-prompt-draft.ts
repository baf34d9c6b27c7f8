import { useEffect, useReducer, useRef } from 'react';
import { useAtom } from 'jotai';
import { Messages } from '@studio/contracts';
import { useBanner } from '@studio/ui';
import { promptDraftAtom } from '../draft.ts';
import { selectionForImage } from '../models.ts';
import {
  DEFAULT_CHOICES,
  draftMode,
  emptyDraft,
  promptDraftReducer,
  toChoices,
  type ChoiceChange,
  type Choices,
  type InputImage,
} from './prompt-draft.ts';

const REMEMBERED = 'studio.promptBar';

function rememberedChoices(): Choices {
  try {
    return toChoices(JSON.parse(localStorage.getItem(REMEMBERED) ?? '{}'));
  } catch {
    // Not JSON, or storage blocked: the defaults.
    return DEFAULT_CHOICES;
  }
}

/**
 * The prompt bar's draft (`prompt-draft.ts`) in React: the choices remembered across visits, the
 * drafts other parts of the gallery hand over (`promptDraftAtom`: a prompt, an image to edit, a
 * model), and the notice of what changed on its own (switched to Edit, a description added).
 */
export function usePromptDraft() {
  const [state, dispatch] = useReducer(promptDraftReducer, undefined, () => emptyDraft(rememberedChoices()));
  const [handedOver, setHandedOver] = useAtom(promptDraftAtom);
  const notice = useBanner();
  const promptRef = useRef<HTMLTextAreaElement>(null);

  // Remembered when the user changes a choice, not when the bar has just read them.
  const initialChoices = useRef(state.choices);
  useEffect(() => {
    if (state.choices !== initialChoices.current) localStorage.setItem(REMEMBERED, JSON.stringify(state.choices));
  }, [state.choices]);

  const takeImage = (image: InputImage) => {
    if (selectionForImage(state.choices.models)) notice.show('info', Messages.switchedToEdit);
    dispatch({ type: 'takeImage', image });
  };

  useEffect(() => {
    if (!handedOver) return;
    if (handedOver.prompt !== undefined) dispatch({ type: 'setPrompt', prompt: handedOver.prompt });
    if (handedOver.imageUrl) takeImage({ url: handedOver.imageUrl, name: 'Image from your gallery' });
    if (handedOver.model) dispatch({ type: 'selectModel', id: handedOver.model });
    setHandedOver(null);
    promptRef.current?.focus();
    // Only a new hand-over is applied; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handedOver]);

  return {
    ...state,
    ...draftMode(state),
    notice: notice.banner,
    promptRef,
    takeImage,
    setPrompt: (prompt: string) => dispatch({ type: 'setPrompt', prompt }),
    addDescription: (description: string) => {
      dispatch({ type: 'addDescription', description });
      notice.show('success', Messages.imageDescribed);
    },
    choose: (choices: ChoiceChange) => dispatch({ type: 'choose', choices }),
    pickModel: (id: string) => dispatch({ type: 'pickModel', id }),
    removeImage: () => {
      dispatch({ type: 'removeImage' });
      notice.clear();
    },
    setImage2: (file: File | null) => dispatch({ type: 'setImage2', file }),
    setCharacter: (id: string | null) => dispatch({ type: 'setCharacter', id }),
  };
}

export type PromptBarDraft = ReturnType<typeof usePromptDraft>;
