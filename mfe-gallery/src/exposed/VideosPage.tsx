import { ensureGalleryStyles } from '../styles.ts';
import { VideosPage } from '../features/images/VideosPage.tsx';

ensureGalleryStyles();
export default VideosPage;
