import { lazy, Suspense } from 'react';
import { useAtom } from 'jotai';
import { authPromptAtom } from '@studio/session';

const AuthModal = lazy(() => import('./AuthModal.tsx'));

/** Mounts the auth modal (its own chunk) whenever any part of the studio asks for it. */
export function AuthModalHost() {
  const [prompt, setPrompt] = useAtom(authPromptAtom);
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal initialMode={prompt.mode} onClose={() => setPrompt(null)} />
    </Suspense>
  );
}
