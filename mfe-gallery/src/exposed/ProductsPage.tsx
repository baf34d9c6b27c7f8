import { ensureGalleryStyles } from '../styles.ts';
import { ProductsPage } from '../features/products/ProductsPage.tsx';

ensureGalleryStyles();
export default ProductsPage;
