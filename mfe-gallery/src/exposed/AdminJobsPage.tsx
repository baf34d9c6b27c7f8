import { ensureGalleryStyles } from '../styles.ts';
import { AdminJobsPage } from '../features/admin-jobs/AdminJobsPage.tsx';

ensureGalleryStyles();
export default AdminJobsPage;
