import { describe, expect, it } from 'vitest';
import { resolveAppRoute, topLevelRedirect } from './routing.ts';

describe('topLevelRedirect', () => {
  it('sends signed-in users from / and /plan-selection to /app/discover', () => {
    expect(topLevelRedirect('/', 'signed_in')).toBe('/app/discover');
    expect(topLevelRedirect('/plan-selection', 'signed_in')).toBe('/app/discover');
    expect(topLevelRedirect('/plan-selection/', 'signed_in')).toBe('/app/discover');
  });
  it('keeps visitors on the landing page and sends them from /plan-selection to /', () => {
    expect(topLevelRedirect('/', 'signed_out')).toBeNull();
    expect(topLevelRedirect('/plan-selection', 'signed_out')).toBe('/');
  });
  it('waits while the session is loading', () => {
    expect(topLevelRedirect('/', 'loading')).toBeNull();
    expect(topLevelRedirect('/plan-selection', 'loading')).toBeNull();
  });
});

describe('resolveAppRoute', () => {
  it('redirects /app to /app/discover', () => {
    expect(resolveAppRoute('/app')).toEqual({ kind: 'redirect', to: '/app/discover' });
    expect(resolveAppRoute('/app/')).toEqual({ kind: 'redirect', to: '/app/discover' });
  });
  it('loads account screens from mfe-account', () => {
    expect(resolveAppRoute('/app/subscription')).toMatchObject({ kind: 'remote', module: 'mfe_account/SubscriptionPage' });
    expect(resolveAppRoute('/app/admin/jobs')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/AdminJobsPage' });
    expect(resolveAppRoute('/app/admin/other')).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveAppRoute('/app/analytics')).toMatchObject({ kind: 'remote', module: 'mfe_account/AnalyticsPage' });
  });
  it('loads images, discover and videos from mfe-gallery; any path ending in /discover is discover', () => {
    expect(resolveAppRoute('/app/images')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/ImagesPage' });
    expect(resolveAppRoute('/app/discover')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/DiscoverPage', public: true });
    expect(resolveAppRoute('/app/images')).not.toHaveProperty('public');
    expect(resolveAppRoute('/app/videos')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/VideosPage' });
    expect(resolveAppRoute('/app/create')).toMatchObject({ kind: 'remote', module: 'mfe_video_editor/CreatePage' });
    expect(resolveAppRoute('/app/editor')).toMatchObject({ module: 'mfe_video_editor/EditorPage', fullScreen: true, exitTo: '/app' });
    expect(resolveAppRoute('/app/simple-video')).toMatchObject({ module: 'mfe_video_editor/SimpleVideoPage', exitTo: '/app/images' });
    expect(resolveAppRoute('/app/images/discover/')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/DiscoverPage' });
    expect(resolveAppRoute('/app/explore')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/StylesPage', title: 'Styles' });
    expect(resolveAppRoute('/app/guide')).toMatchObject({ kind: 'remote', module: 'mfe_gallery/GuidePage', title: 'Prompt guide' });
    expect(resolveAppRoute('/app/sneaker-clone')).toMatchObject({ kind: 'remote', module: 'mfe_image_studio/TrainStylePage' });
    expect(resolveAppRoute('/app/ad-clone')).toMatchObject({ kind: 'remote', module: 'mfe_image_studio/AdClonePage', title: 'Ad Clone' });
    expect(resolveAppRoute('/app/characters')).toMatchObject({ kind: 'remote', module: 'mfe_image_studio/TrainCharacterPage' });
    expect(resolveAppRoute('/app/image-editor')).toMatchObject({
      kind: 'remote',
      module: 'mfe_image_studio/ProductStudioPage',
      title: 'Product Studio',
    });
  });
  it('sends unknown app paths to /', () => {
    expect(resolveAppRoute('/app/nope')).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveAppRoute('/app/subscription/extra')).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveAppRoute('/app/-clone')).toEqual({ kind: 'redirect', to: '/' });
  });
});
