import { ensureGalleryStyles } from '../styles.ts';
import { ProductPicker } from '../shared/ProductPicker.tsx';

ensureGalleryStyles();
export default ProductPicker;
