import { ensureAccountStyles } from '../styles.ts';
import { AccountMenu } from '../features/account-menu/AccountMenu.tsx';

ensureAccountStyles();
export default AccountMenu;
