/**
 * mfe-video-editor on its own (`npm run dev -w mfe-video-editor`), for the team that owns it: the
 * editors with a real session from the bff (proxied at /api), without the shell (voices then
 * show as unavailable: the shell is what loads other remotes).
 */
import { useEffect } from 'react';
import { AppPaths } from '@studio/contracts';
import { Navigate, Route, Routes } from 'react-router-dom';
import { refreshSession } from '@studio/session';
import { mountStandalone } from '@studio/session/standalone';
import CreatePage from './exposed/CreatePage.tsx';
import EditorPage from './exposed/EditorPage.tsx';
import SimpleVideoPage from './exposed/SimpleVideoPage.tsx';

function Standalone() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <Routes>
      <Route path={AppPaths.editor} element={<EditorPage />} />
      <Route path={AppPaths.create} element={<CreatePage />} />
      <Route path={AppPaths.simpleVideo} element={<SimpleVideoPage />} />
      <Route path="*" element={<Navigate to={AppPaths.editor} replace />} />
    </Routes>
  );
}

mountStandalone(<Standalone />);
