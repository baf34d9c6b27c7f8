import { useState } from 'react';
import { thumbnailOf, type ProductPickerProps, AppPaths } from '@studio/contracts';
import { useProducts } from '@studio/session/query';
import { MenuPanel } from '@studio/ui';

/**
 * The Products picker (spec 2 §2): the user's products, searched by name, as an image grid; a
 * photo picked is handed to the caller (the prompt bar, the simple video editor).
 */
export function ProductPicker({ onPick }: ProductPickerProps) {
  const [query, setQuery] = useState('');
  const products = useProducts();
  const shown = (products.data?.items ?? []).filter((p) => p.title.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <MenuPanel className="ga-menu" summaryClassName="st-btn st-btn-secondary" panelClassName="ga-menu-panel" summary="Products">
      <label className="ga-character">
        <span>Search products</span>
        <input type="search" className="st-input" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {products.isPending ? (
        <p>Loading...</p>
      ) : shown.length === 0 ? (
        <p>{query.trim() ? 'No products match.' : 'No products yet.'}</p>
      ) : (
        <ul className="ga-pick-grid" aria-label="Product images">
          {shown.flatMap((p) =>
            p.images.map((url, i) => (
              <li key={url}>
                <button
                  type="button"
                  className="ga-product-pick"
                  onClick={(e) => {
                    onPick({ url, title: p.title });
                    e.currentTarget.closest('details')?.removeAttribute('open');
                  }}
                >
                  <img src={thumbnailOf(url)} alt={`Use ${p.title}, view ${i + 1}`} loading="lazy" />
                </button>
              </li>
            )),
          )}
        </ul>
      )}
      <a href={AppPaths.products}>Add products</a>
    </MenuPanel>
  );
}
