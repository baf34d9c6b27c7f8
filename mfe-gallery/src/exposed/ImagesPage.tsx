import { ensureGalleryStyles } from '../styles.ts';
import { ImagesPage } from '../features/images/ImagesPage.tsx';

ensureGalleryStyles();
export default ImagesPage;
