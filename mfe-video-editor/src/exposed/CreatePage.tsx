import { TalkingEditor } from '../features/editor/TalkingEditor.tsx';
import { AppPaths } from '@studio/contracts';
import { EditorErrorBoundary } from '../shared/ErrorScreen.tsx';
import { ensureEditorStyles } from '../styles.ts';

ensureEditorStyles();

/** `/app/create`: the section builder (Add Section, Generate) inside the app frame. */
export default function CreatePage() {
  return (
    <EditorErrorBoundary exitTo={AppPaths.images}>
      <TalkingEditor kind="create" />
    </EditorErrorBoundary>
  );
}
