import { ensureVoicesStyles } from '../styles.ts';
import { VoicesPage } from '../features/page/VoicesPage.tsx';

ensureVoicesStyles();
export default VoicesPage;
