import { ensureAccountStyles } from '../styles.ts';
import { CreditsWidget } from '../features/credits/CreditsWidget.tsx';

ensureAccountStyles();
export default CreditsWidget;
