/**
 * mfe-gallery on its own (`npm run dev -w mfe-gallery`), for the team that owns it: the exposed
 * pages with a real session from the bff (proxied at /api), without the shell.
 */
import { useEffect } from 'react';
import { AppPaths } from '@studio/contracts';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { refreshSession } from '@studio/session';
import { mountStandalone } from '@studio/session/standalone';
import { Logo } from '@studio/ui';
import { ensureGalleryStyles } from './styles.ts';
import { ImagesPage } from './features/images/ImagesPage.tsx';
import { DiscoverPage } from './features/discover/DiscoverPage.tsx';
import { VideosPage } from './features/images/VideosPage.tsx';
import { ProductsPage } from './features/products/ProductsPage.tsx';
import { StylesPage } from './features/styles/StylesPage.tsx';
import { GuidePage } from './features/guide/GuidePage.tsx';

ensureGalleryStyles();

function Standalone() {
  useEffect(() => {
    void refreshSession();
  }, []);
  return (
    <div style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'center' }}>
        <Logo />
        <strong>mfe-gallery · standalone</strong>
        <nav style={{ display: 'flex', gap: '1rem' }}>
          <Link to={AppPaths.images}>Images</Link>
          <Link to={AppPaths.discover}>Discover</Link>
          <Link to={AppPaths.videos}>Videos</Link>
          <Link to={AppPaths.products}>Products</Link>
        </nav>
      </header>
      <Routes>
        <Route path={AppPaths.images} element={<ImagesPage />} />
        <Route path={AppPaths.discover} element={<DiscoverPage />} />
        <Route path={AppPaths.videos} element={<VideosPage />} />
        <Route path={AppPaths.products} element={<ProductsPage />} />
        <Route path={AppPaths.explore} element={<StylesPage />} />
        <Route path={AppPaths.guide} element={<GuidePage />} />
        <Route path="*" element={<Navigate to={AppPaths.discover} replace />} />
      </Routes>
    </div>
  );
}

mountStandalone(<Standalone />);
