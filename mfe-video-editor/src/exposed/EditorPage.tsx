import { AppPaths } from '@studio/contracts';
import { TalkingEditor } from '../features/editor/TalkingEditor.tsx';
import { EditorErrorBoundary } from '../shared/ErrorScreen.tsx';
import { ensureEditorStyles } from '../styles.ts';

ensureEditorStyles();

/** `/app/editor`: the full-screen talking-person editor (the shell gives it its exit to /app). */
export default function EditorPage() {
  return (
    <EditorErrorBoundary exitTo={AppPaths.app}>
      <TalkingEditor kind="editor" />
    </EditorErrorBoundary>
  );
}
