import { ensureGalleryStyles } from '../styles.ts';
import { BrandKitSection } from '../features/brand-kit/BrandKitSection.tsx';
import { ProductsPage } from '../features/products/ProductsPage.tsx';

ensureGalleryStyles();

/** Brand Assets: the brand kit above the products (features meet here, not in each other). */
export default function BrandAssetsPage() {
  return <ProductsPage brandKit={<BrandKitSection />} />;
}
