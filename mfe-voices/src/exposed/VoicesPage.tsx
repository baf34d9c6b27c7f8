import { ensureVoicesStyles } from '../styles.ts';
import { VoicesPage } from '../app/VoicesPage.tsx';

ensureVoicesStyles();
export default VoicesPage;
