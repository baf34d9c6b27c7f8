/**
 * Compile-time check that every exposed module matches its contract in packages/contracts:
 * `npx tsc -p mfe-gallery` fails if a prop type drifts.
 */
import type { RemoteModules } from '@studio/contracts';
import type * as ImagesPage from './ImagesPage.tsx';
import type * as DiscoverPage from './DiscoverPage.tsx';
import type * as VideosPage from './VideosPage.tsx';
import type * as WelcomeModal from './WelcomeModal.tsx';
import type * as ProductsPage from './ProductsPage.tsx';
import type * as StylesPage from './StylesPage.tsx';
import type * as ProductPicker from './ProductPicker.tsx';
import type * as GuidePage from './GuidePage.tsx';
import type * as AdminJobsPage from './AdminJobsPage.tsx';

type Implements<Actual extends Contract, Contract> = Actual;
export type Checked = [
  Implements<typeof ImagesPage, RemoteModules['mfe_gallery/ImagesPage']>,
  Implements<typeof DiscoverPage, RemoteModules['mfe_gallery/DiscoverPage']>,
  Implements<typeof VideosPage, RemoteModules['mfe_gallery/VideosPage']>,
  Implements<typeof WelcomeModal, RemoteModules['mfe_gallery/WelcomeModal']>,
  Implements<typeof ProductsPage, RemoteModules['mfe_gallery/ProductsPage']>,
  Implements<typeof StylesPage, RemoteModules['mfe_gallery/StylesPage']>,
  Implements<typeof ProductPicker, RemoteModules['mfe_gallery/ProductPicker']>,
  Implements<typeof GuidePage, RemoteModules['mfe_gallery/GuidePage']>,
  Implements<typeof AdminJobsPage, RemoteModules['mfe_gallery/AdminJobsPage']>,
];
