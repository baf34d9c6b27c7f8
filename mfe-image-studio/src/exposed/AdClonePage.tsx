import { ensureImageStudioStyles } from '../styles.ts';
import { AdClonePage } from '../features/ad-clone/AdClonePage.tsx';

ensureImageStudioStyles();
export default AdClonePage;
