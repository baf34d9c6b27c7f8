/**
 * Compile-time check that every exposed module matches its contract in packages/contracts:
 * `npx tsc -p mfe-account` fails if a prop type drifts.
 */
import type { RemoteModules } from '@studio/contracts';
import type * as SubscriptionPage from './SubscriptionPage.tsx';
import type * as AnalyticsPage from './AnalyticsPage.tsx';
import type * as CreditsWidget from './CreditsWidget.tsx';
import type * as UpgradeDialog from './UpgradeDialog.tsx';
import type * as AccountMenu from './AccountMenu.tsx';

type Implements<Actual extends Contract, Contract> = Actual;
export type Checked = [
  Implements<typeof SubscriptionPage, RemoteModules['mfe_account/SubscriptionPage']>,
  Implements<typeof AnalyticsPage, RemoteModules['mfe_account/AnalyticsPage']>,
  Implements<typeof CreditsWidget, RemoteModules['mfe_account/CreditsWidget']>,
  Implements<typeof UpgradeDialog, RemoteModules['mfe_account/UpgradeDialog']>,
  Implements<typeof AccountMenu, RemoteModules['mfe_account/AccountMenu']>,
];
