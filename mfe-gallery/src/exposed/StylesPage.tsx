import { ensureGalleryStyles } from '../styles.ts';
import { StylesPage } from '../features/styles/StylesPage.tsx';

ensureGalleryStyles();
export default StylesPage;
