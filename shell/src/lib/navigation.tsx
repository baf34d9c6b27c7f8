/**
 * Navigation that works with or without the router mounted. The landing page renders before
 * react-router is loaded (keeps the first load small); the router app provides `useNavigate`.
 */
import { createContext, useContext } from 'react';

export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

/** Without a router: change the URL and let the bootstrap mount the router app. */
function navigateWithoutRouter(to: string, options?: { replace?: boolean }): void {
  if (options?.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export const NavigateContext = createContext<NavigateFn>(navigateWithoutRouter);

export function useAppNavigate(): NavigateFn {
  return useContext(NavigateContext);
}
