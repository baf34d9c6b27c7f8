/**
 * A remote run on its own (`npm run dev -w <remote>`): its standalone app mounted in #root with
 * the providers the shell gives it when composed (router, the one query client).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
// By its shared name, so the remote's own code and this mount use the same client.
import { getQueryClient } from '@studio/session/query';

export function mountStandalone(app: ReactNode): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={getQueryClient()}>
        <BrowserRouter>{app}</BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
