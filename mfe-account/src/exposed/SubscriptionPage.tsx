import { ensureAccountStyles } from '../styles.ts';
import { SubscriptionPage } from '../features/subscription/SubscriptionPage.tsx';

ensureAccountStyles();
export default SubscriptionPage;
