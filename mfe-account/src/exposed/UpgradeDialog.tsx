import { ensureAccountStyles } from '../styles.ts';
import { UpgradeDialog } from '../features/upgrade/UpgradeDialog.tsx';

ensureAccountStyles();
export default UpgradeDialog;
