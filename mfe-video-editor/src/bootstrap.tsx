/**
 * mfe-video-editor on its own (`npm run dev -w mfe-video-editor`), for the team that owns it: the
 * editors with a real session from the bff (proxied at /api), without the shell (voices then
 * show as unavailable: the shell is what loads other remotes).
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { refreshSession } from '@studio/session';
import { getQueryClient } from '@studio/session/query';
import CreatePage from './exposed/CreatePage.tsx';
import EditorPage from './exposed/EditorPage.tsx';
import SimpleVideoPage from './exposed/SimpleVideoPage.tsx';

function Standalone() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <Routes>
      <Route path="/app/editor" element={<EditorPage />} />
      <Route path="/app/create" element={<CreatePage />} />
      <Route path="/app/simple-video" element={<SimpleVideoPage />} />
      <Route path="*" element={<Navigate to="/app/editor" replace />} />
    </Routes>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={getQueryClient()}>
      <BrowserRouter>
        <Standalone />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
