/**
 * Route decisions of spec 1 §2, as pure functions so they are tested without a browser.
 * Which remote owns which screen follows DESIGN §1.
 */
import type { RemoteModuleId } from '@studio/contracts';
import { AppPaths } from '@studio/contracts';

/** Exposed modules that are whole screens. */
export type RoutePageModuleId = Extract<
  RemoteModuleId,
  | 'mfe_account/SubscriptionPage'
  | 'mfe_account/AnalyticsPage'
  | 'mfe_gallery/ImagesPage'
  | 'mfe_gallery/DiscoverPage'
  | 'mfe_gallery/VideosPage'
  | 'mfe_gallery/ProductsPage'
  | 'mfe_gallery/StylesPage'
  | 'mfe_gallery/GuidePage'
  | 'mfe_gallery/AdminJobsPage'
  | 'mfe_voices/VoicesPage'
  | 'mfe_image_studio/ProductStudioPage'
  | 'mfe_image_studio/TrainStylePage'
  | 'mfe_image_studio/AdClonePage'
  | 'mfe_image_studio/TrainCharacterPage'
  | 'mfe_video_editor/EditorPage'
  | 'mfe_video_editor/CreatePage'
  | 'mfe_video_editor/SimpleVideoPage'
>;

export type SessionState = 'loading' | 'signed_in' | 'signed_out';

/**
 * Top-level redirects: `/` and `/plan-selection` for a known session. Returns the target, or
 * null to stay. While the session is loading nothing moves (the landing page paints at once).
 */
export function topLevelRedirect(pathname: string, session: SessionState): string | null {
  const path = normalize(pathname);
  if (session === 'loading') return null;
  if (path === '/') return session === 'signed_in' ? AppPaths.discover : null;
  if (path === '/plan-selection') return session === 'signed_in' ? AppPaths.discover : '/';
  return null;
}

export type AppRouteTarget =
  | { kind: 'redirect'; to: string }
  | { kind: 'remote'; module: RoutePageModuleId; title: string; public?: boolean; fullScreen?: boolean; exitTo?: string };

/** Screens of remotes that exist, by the path after `/app/`. */
const REMOTE_SCREENS: Record<
  string,
  { module: RoutePageModuleId; title: string; public?: boolean; fullScreen?: boolean; exitTo?: string }
> = {
  subscription: { module: 'mfe_account/SubscriptionPage', title: 'Plans & credits' },
  analytics: { module: 'mfe_account/AnalyticsPage', title: 'Usage analytics' },
  images: { module: 'mfe_gallery/ImagesPage', title: 'Content' },
  // The featured feed is public: a signed-out visitor may read it (spec 1 §1).
  discover: { module: 'mfe_gallery/DiscoverPage', title: 'Discover', public: true },
  videos: { module: 'mfe_gallery/VideosPage', title: 'Videos' },
  products: { module: 'mfe_gallery/ProductsPage', title: 'Products' },
  explore: { module: 'mfe_gallery/StylesPage', title: 'Styles' },
  guide: { module: 'mfe_gallery/GuidePage', title: 'Prompt guide' },
  voices: { module: 'mfe_voices/VoicesPage', title: 'Voices' },
  'image-editor': { module: 'mfe_image_studio/ProductStudioPage', title: 'Product Studio' },
  'ad-clone': { module: 'mfe_image_studio/AdClonePage', title: 'Ad Clone' },
  characters: { module: 'mfe_image_studio/TrainCharacterPage', title: 'Characters' },
  create: { module: 'mfe_video_editor/CreatePage', title: 'Video' },
  'simple-video': { module: 'mfe_video_editor/SimpleVideoPage', title: 'Simple video', exitTo: AppPaths.images },
  // The talking-person editor takes the whole screen, with an exit back to /app (spec 2 §1).
  editor: { module: 'mfe_video_editor/EditorPage', title: 'Editor', fullScreen: true, exitTo: AppPaths.app },
  // Admins only: the server answers anyone else 403, and the page says so.
  'admin/jobs': { module: 'mfe_gallery/AdminJobsPage', title: 'Jobs' },
};

/** What `/app/<rest>` shows. `/app` → `/app/discover`; unknown paths → `/` (spec 1 §2). */
export function resolveAppRoute(pathname: string): AppRouteTarget {
  const path = normalize(pathname);
  if (path === AppPaths.app) return { kind: 'redirect', to: AppPaths.discover };
  if (!path.startsWith(`${AppPaths.app}/`)) return { kind: 'redirect', to: '/' };
  const rest = path.slice(AppPaths.app.length + 1);
  // Any path ending in /discover is the discover feed (spec 1 §2 "Gallery and discover").
  if (rest.endsWith('/discover')) return { kind: 'remote', ...REMOTE_SCREENS.discover! };
  const screen = REMOTE_SCREENS[rest];
  if (screen) return { kind: 'remote', ...screen };
  if (rest.includes('/')) return { kind: 'redirect', to: '/' };
  // /app/{product}-clone trains a style from a product's images (spec 1 §2).
  const clone = /^([a-z0-9][a-z0-9-]*)-clone$/.exec(rest);
  if (clone) return { kind: 'remote', module: 'mfe_image_studio/TrainStylePage', title: 'Train a style' };
  return { kind: 'redirect', to: '/' };
}

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
