import type { AccountMenuProps } from '@studio/contracts';
import { ensureAccountStyles } from '../styles.ts';
import { AccountMenu } from '../features/account-menu/AccountMenu.tsx';
import { CreditsWidget } from '../features/credits/CreditsWidget.tsx';

ensureAccountStyles();

/** The user menu's account part, with the credits card. */
export default function AccountMenuWithCredits(props: AccountMenuProps) {
  return <AccountMenu {...props} credits={<CreditsWidget variant="card" />} />;
}
