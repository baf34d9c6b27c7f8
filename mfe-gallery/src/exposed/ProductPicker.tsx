import { ensureGalleryStyles } from '../styles.ts';
import { ProductPicker } from '../features/products/ProductPicker.tsx';

ensureGalleryStyles();
export default ProductPicker;
