import { ensureAccountStyles } from '../styles.ts';
import { UpgradeDialog } from '../features/subscription/UpgradeDialog.tsx';

ensureAccountStyles();
export default UpgradeDialog;
