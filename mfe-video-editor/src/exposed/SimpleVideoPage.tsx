import { SimpleEditor } from '../features/simple/SimpleEditor.tsx';
import { AppPaths } from '@studio/contracts';
import { EditorErrorBoundary } from '../shared/ErrorScreen.tsx';
import { ensureEditorStyles } from '../styles.ts';

ensureEditorStyles();

/** `/app/simple-video`: the simple video editor; it may arrive with a gallery image and voice. */
export default function SimpleVideoPage() {
  return (
    <EditorErrorBoundary exitTo={AppPaths.images}>
      <SimpleEditor />
    </EditorErrorBoundary>
  );
}
