import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AdDraftMessages,
  AppPaths,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  type EditorNavigationState,
  ProductMessages,
  type Product,
  type StoreImagesResponse,
  IMAGE_UPLOAD_TYPES,
  imageFileProblem,
  thumbnailOf,
} from '@studio/contracts';
import { errorText } from '@studio/session';
import { useProducts } from '@studio/session/query';
import { Banner, useBanner } from '@studio/ui';
import {
  useAddProductImage,
  useCreateProduct,
  useDeleteProduct,
  useDraftAdMutation,
  useImportFromStore,
  useReadStore,
  useRemoveProductImage,
  useUpdateProduct,
} from './api.ts';
import { PresenterPicker } from './PresenterPicker.tsx';

const FAILED = 'That did not work. Please try again.';

/** The first problem of a set of chosen photos (type, size, count), before anything is sent. */
function photosProblem(files: File[]): string | null {
  if (files.length === 0) return ProductMessages.imagesRequired;
  if (files.length > PRODUCT_IMAGES_MAX) return ProductMessages.tooManyImages;
  return files.map(imageFileProblem).find(Boolean) ?? null;
}

/**
 * `/app/products` (Brand Assets → Products): the user's products, added by upload or imported from
 * a store; `brandKit` is the Brand Assets section shown above them (composed by the route).
 */
export function ProductsPage({ brandKit }: { brandKit?: ReactNode }) {
  const products = useProducts();
  return (
    <section className="ga-page" aria-labelledby="ga-products-title">
      <header>
        <h1 id="ga-products-title" className="ga-h1">
          Products
        </h1>
        <p className="ga-sub">Your products and their photos, ready for the prompt bar’s Products picker and the video editors.</p>
      </header>
      {brandKit}
      <div className="ga-products-forms">
        <StoreImport />
        <NewProduct />
      </div>
      {products.isPending ? (
        <p className="ga-notice">Loading products…</p>
      ) : products.isError ? (
        <p className="ga-error" role="alert">
          {errorText(products.error, FAILED)}
        </p>
      ) : products.data.items.length === 0 ? (
        <p className="ga-empty">No products yet. Import them from your store or add one with its photos.</p>
      ) : (
        <ul className="ga-products" aria-label="Your products">
          {products.data.items.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StoreImport() {
  const [url, setUrl] = useState('');
  const [found, setFound] = useState<StoreImagesResponse | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  // The product just imported: an ad can be drafted from it at once.
  const [imported, setImported] = useState<Product | null>(null);
  const reading = useReadStore();
  const importing = useImportFromStore();
  const busy = reading.isPending ? 'reading' : importing.isPending ? 'importing' : null;
  const { banner, show, clear } = useBanner();

  const find = (event: FormEvent) => {
    event.preventDefault();
    clear();
    setFound(null);
    setImported(null);
    reading.mutate(url.trim(), {
      onSuccess: (answer) => {
        setFound(answer);
        setChosen([]);
        setTitle(answer.products.length === 1 ? answer.products[0]!.title : '');
      },
      onError: (err) => show('error', errorText(err, FAILED)),
    });
  };
  const toggle = (image: string) => {
    const next = chosen.includes(image) ? chosen.filter((c) => c !== image) : [...chosen, image];
    setChosen(next);
    // The name follows the product of the first chosen image until the user types one.
    const source = found?.products.find((p) => p.images.includes(next[0] ?? ''));
    if (source && (!title || found?.products.some((p) => p.title === title))) setTitle(source.title);
  };
  const importChosen = () => {
    if (!found) return;
    clear();
    importing.mutate(
      { url: url.trim(), title, images: chosen },
      {
        onSuccess: ({ product }) => {
          show('success', `${product.title} imported with ${product.images.length} images.`);
          setImported(product);
          setFound(null);
          setChosen([]);
        },
        onError: (err) => show('error', errorText(err, FAILED)),
      },
    );
  };

  return (
    <div className="st-card ga-products-form">
      <h2 className="ga-h2">Import from your store</h2>
      <form onSubmit={(e) => void find(e)} className="ga-promptbar-row">
        <label className="ga-grow">
          <span className="ga-visually-hidden">Store or product address</span>
          <input
            className="st-input"
            type="url"
            required
            placeholder="https://your-store.com/products/…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </label>
        <button type="submit" className="st-btn st-btn-secondary" disabled={busy !== null || !url.trim()}>
          {busy === 'reading' ? 'Looking…' : 'Find images'}
        </button>
      </form>
      {found && (
        <>
          <p className="ga-notice">Choose the images to import ({found.images.length} found).</p>
          <ul className="ga-pick-grid" aria-label="Store images">
            {found.images.map((image, i) => (
              <li key={image}>
                <label className="ga-pick">
                  <input
                    type="checkbox"
                    checked={chosen.includes(image)}
                    onChange={() => toggle(image)}
                    aria-label={`Store image ${i + 1}`}
                  />
                  <img src={image} alt="" loading="lazy" referrerPolicy="no-referrer" />
                </label>
              </li>
            ))}
          </ul>
          <div className="ga-promptbar-row">
            <label className="ga-grow">
              <span className="ga-visually-hidden">Product name</span>
              <input className="st-input" placeholder="Product name" value={title} onChange={(e) => setTitle(e.target.value)} />
            </label>
            <button
              type="button"
              className="st-btn st-btn-primary"
              disabled={busy !== null || chosen.length === 0 || !title.trim()}
              onClick={importChosen}
            >
              {busy === 'importing'
                ? 'Importing…'
                : chosen.length === 0
                  ? 'Import images'
                  : `Import ${chosen.length} ${chosen.length === 1 ? 'image' : 'images'}`}
            </button>
          </div>
        </>
      )}
      <Banner message={banner} />
      {imported && <MakeAd key={imported.id} product={imported} />}
    </div>
  );
}

/**
 * "Make an ad": the words the scripts are written from (the product's description, from its store
 * or typed here) and, optionally, who presents it (then every talking section shows them and the
 * draft can be generated as it is), then the editor opens with the drafted plan. Drafting is free;
 * Generate charges.
 */
function MakeAd({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState(product.description);
  // One of the user's images (its URL), or null: chosen later in the editor.
  const [presenter, setPresenter] = useState<string | null>(null);
  const drafting = useDraftAdMutation();
  const navigate = useNavigate();
  if (!open)
    return (
      <div className="ga-promptbar-row">
        <button
          type="button"
          className="st-btn st-btn-primary"
          onClick={() => setOpen(true)}
          aria-label={`Make an ad for ${product.title}`}
        >
          {AdDraftMessages.makeAd}
        </button>
      </div>
    );
  const draft = (event: FormEvent) => {
    event.preventDefault();
    drafting.mutate(
      { product, description: description.trim(), presenterImageUrl: presenter },
      { onSuccess: (adDraft) => void navigate(AppPaths.editor, { state: { adDraft } satisfies EditorNavigationState }) },
    );
  };
  return (
    <form className="ga-make-ad" onSubmit={draft} aria-label={`Make an ad for ${product.title}`}>
      <label>
        <span>{AdDraftMessages.describe}</span>
        <textarea
          className="st-input"
          rows={3}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <PresenterPicker value={presenter} onChange={setPresenter} />
      <div className="ga-promptbar-row">
        <button type="submit" className="st-btn st-btn-primary" disabled={drafting.isPending}>
          {drafting.isPending ? AdDraftMessages.drafting : 'Draft the ad'}
        </button>
        <button type="button" className="st-btn st-btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {drafting.error && (
        <p className="ga-error" role="alert">
          {errorText(drafting.error, AdDraftMessages.draftFailed)}
        </p>
      )}
    </form>
  );
}

function NewProduct() {
  const [title, setTitle] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateProduct();
  const busy = create.isPending;
  const error = problem ?? (create.error ? errorText(create.error, FAILED) : null);
  const setError = (message: string | null) => {
    create.reset();
    setProblem(message);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = title.trim() ? photosProblem(files) : ProductMessages.titleRequired;
    if (refused) return setError(refused);
    // The form, now: React clears currentTarget once the handler returns.
    const form = event.currentTarget;
    setError(null);
    create.mutate(
      { title: title.trim(), files },
      {
        onSuccess: () => {
          setTitle('');
          setFiles([]);
          form.reset();
        },
      },
    );
  };
  return (
    <form className="st-card ga-products-form" onSubmit={submit} aria-labelledby="ga-new-product">
      <h2 id="ga-new-product" className="ga-h2">
        Add a product
      </h2>
      <label>
        <span className="ga-visually-hidden">New product name</span>
        <input className="st-input" placeholder="Product name" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="ga-slot">
        {files.length ? `${files.length} photo${files.length === 1 ? '' : 's'} chosen` : `Photos (up to ${PRODUCT_IMAGES_MAX})`}
        <input
          type="file"
          className="ga-visually-hidden"
          multiple
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            setFiles(chosen);
            setError(photosProblem(chosen));
          }}
        />
      </label>
      <button type="submit" className="st-btn st-btn-primary" disabled={busy}>
        {busy ? 'Adding…' : 'Add product'}
      </button>
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ProductCard({ product }: { product: Product }) {
  const [title, setTitle] = useState(product.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rename = useUpdateProduct();
  const removal = useDeleteProduct();
  const addImage = useAddProductImage();
  const removeImage = useRemoveProductImage();
  const changes = [rename, removal, addImage, removeImage];
  const failed = changes.find((change) => change.error)?.error;
  const error = problem ?? (failed ? errorText(failed, FAILED) : null);
  const setError = (message: string | null) => {
    for (const change of changes) change.reset();
    setProblem(message);
  };
  return (
    <li className="st-card ga-product" aria-label={product.title}>
      <form
        className="ga-promptbar-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim() === product.title) return;
          setError(null);
          rename.mutate({ id: product.id, title });
        }}
      >
        <label className="ga-grow">
          <span className="ga-visually-hidden">Name of {product.title}</span>
          <input className="st-input" value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <button type="submit" className="st-btn st-btn-secondary" disabled={title.trim() === product.title}>
          Rename
        </button>
      </form>
      {product.productUrl && (
        <a className="ga-notice" href={product.productUrl} target="_blank" rel="noreferrer noopener">
          From your store
        </a>
      )}
      <ul className="ga-pick-grid" aria-label={`Photos of ${product.title}`}>
        {product.images.map((image, i) => (
          <li key={image} className="ga-product-photo">
            <img src={thumbnailOf(image)} alt={`${product.title}, view ${i + 1}`} loading="lazy" />
            {product.images.length > 1 && (
              <button
                type="button"
                className="st-btn st-btn-secondary ga-photo-remove"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => {
                  setError(null);
                  removeImage.mutate({ id: product.id, assetId: product.imageIds![i]! });
                }}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      <MakeAd product={product} />
      <div className="ga-card-actions">
        {product.images.length < PRODUCT_IMAGES_MAX && (
          <label className="ga-slot">
            Add photo
            <input
              type="file"
              className="ga-visually-hidden"
              accept={IMAGE_UPLOAD_TYPES.join(',')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                const refused = imageFileProblem(file);
                setError(refused);
                if (!refused) addImage.mutate({ id: product.id, file });
              }}
            />
          </label>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className="st-btn st-btn-primary"
              onClick={() => {
                setError(null);
                removal.mutate(product.id);
              }}
            >
              Delete {product.title} and its photos
            </button>
            <button type="button" className="st-btn st-btn-secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="st-btn st-btn-secondary" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      {error && (
        <p className="ga-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
