import { ensureGalleryStyles } from '../styles.ts';
import { GuidePage } from '../features/guide/GuidePage.tsx';

ensureGalleryStyles();
export default GuidePage;
