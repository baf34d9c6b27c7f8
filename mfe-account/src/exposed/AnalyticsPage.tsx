import { ensureAccountStyles } from '../styles.ts';
import { AnalyticsPage } from '../features/analytics/AnalyticsPage.tsx';

ensureAccountStyles();
export default AnalyticsPage;
