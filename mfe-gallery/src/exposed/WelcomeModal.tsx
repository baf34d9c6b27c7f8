import { ensureGalleryStyles } from '../styles.ts';
import { WelcomeModal } from '../features/welcome/WelcomeModal.tsx';

ensureGalleryStyles();
export default WelcomeModal;
