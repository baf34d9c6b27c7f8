import { ensureGalleryStyles } from '../styles.ts';
import { VideosPage } from '../features/videos/VideosPage.tsx';

ensureGalleryStyles();
export default VideosPage;
