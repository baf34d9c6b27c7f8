import { ensureGalleryStyles } from '../styles.ts';
import { DiscoverPage } from '../features/discover/DiscoverPage.tsx';

ensureGalleryStyles();
export default DiscoverPage;
