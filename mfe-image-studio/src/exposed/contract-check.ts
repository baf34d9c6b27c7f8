/**
 * Compile-time check that every exposed module matches its contract in packages/contracts:
 * `npx tsc -p mfe-image-studio` fails if a prop type drifts.
 */
import type { RemoteModules } from '@studio/contracts';
import type * as ProductStudioPage from './ProductStudioPage.tsx';
import type * as TrainStylePage from './TrainStylePage.tsx';
import type * as AdClonePage from './AdClonePage.tsx';
import type * as TrainCharacterPage from './TrainCharacterPage.tsx';

type Implements<Actual extends Contract, Contract> = Actual;
export type Checked = [
  Implements<typeof ProductStudioPage, RemoteModules['mfe_image_studio/ProductStudioPage']>,
  Implements<typeof TrainStylePage, RemoteModules['mfe_image_studio/TrainStylePage']>,
  Implements<typeof AdClonePage, RemoteModules['mfe_image_studio/AdClonePage']>,
  Implements<typeof TrainCharacterPage, RemoteModules['mfe_image_studio/TrainCharacterPage']>,
];
