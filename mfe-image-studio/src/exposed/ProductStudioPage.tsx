import { ensureImageStudioStyles } from '../styles.ts';
import { ProductStudioPage } from '../features/studio/ProductStudioPage.tsx';

ensureImageStudioStyles();
export default ProductStudioPage;
