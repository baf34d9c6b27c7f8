import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AdCloneMessages,
  IMAGE_ASPECT_RATIO_LABELS,
  IMAGE_ASPECT_RATIOS,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  RESOLUTION_MAP,
  type AdCloneRequest,
  type AdCloneResponse,
  type ImageAspectRatio,
  type StudioImage,
  AppPaths,
} from '@studio/contracts';
import { errorText } from '@studio/session';
import { PhotoPicker } from '../../shared/picker/PhotoPicker.tsx';
import { useDescribeReference, useGenerateAds, useQuote } from './api.ts';

/** The listed aspect ratio closest to a photo's shape. */
export function closestRatio(width: number, height: number): ImageAspectRatio {
  const shape = width / height;
  return IMAGE_ASPECT_RATIOS.reduce((best, r) => {
    const size = RESOLUTION_MAP[r]!;
    const bestSize = RESOLUTION_MAP[best]!;
    return Math.abs(Math.log(size.width / size.height / shape)) < Math.abs(Math.log(bestSize.width / bestSize.height / shape)) ? r : best;
  });
}

const credits = (n: number | undefined) => (n === undefined ? '' : ` · ${n} credit${n === 1 ? '' : 's'}`);

/** `/app/ad-clone`: an ad the user likes, their product, and ads like it made with that product. */
export function AdClonePage() {
  const [reference, setReference] = useState<StudioImage | null>(null);
  const [product, setProduct] = useState<StudioImage | null>(null);
  const [prompt, setPrompt] = useState('');
  const [description, setDescription] = useState<string | null>(null);
  const [count, setCount] = useState(IMAGE_COUNT_MIN);
  const [ratio, setRatio] = useState<ImageAspectRatio>('1:1');
  // What the form itself refuses (nothing chosen, no prompt); a failed call says its own error.
  const [missing, setMissing] = useState<string | null>(null);
  const [results, setResults] = useState<AdCloneResponse['images']>([]);
  const describing = useDescribeReference();
  const generating = useGenerateAds();
  const busy = describing.isPending ? 'describe' : generating.isPending ? 'generate' : null;
  const failed = describing.error ?? generating.error;
  const problem = missing ?? (failed ? errorText(failed, AdCloneMessages.failed) : null);
  // Quoted from task_pricing: describing costs what an Image → Prompt does; each ad what an image does.
  const describePrice = useQuote('describe', 1).data?.credits;
  const adsPrice = useQuote('image', count).data?.credits;

  const chooseReference = (image: StudioImage) => {
    setReference(image);
    setRatio(closestRatio(image.width, image.height));
  };

  const forget = () => {
    describing.reset();
    generating.reset();
  };

  const describe = () => {
    forget();
    if (!reference) return setMissing(AdCloneMessages.referenceRequired);
    setMissing(null);
    describing.mutate(reference.url, {
      onSuccess: (answer) => {
        setDescription(answer.description);
        setPrompt(answer.prompt);
      },
    });
  };

  const generate = () => {
    forget();
    const refused = !reference
      ? AdCloneMessages.referenceRequired
      : !product
        ? AdCloneMessages.productRequired
        : !prompt.trim()
          ? AdCloneMessages.promptRequired
          : null;
    setMissing(refused);
    if (refused || !reference || !product) return;
    const request: AdCloneRequest = {
      referenceUrl: reference.url,
      productUrl: product.url,
      prompt: prompt.trim(),
      imageCount: count,
      aspectRatio: ratio,
      requestId: crypto.randomUUID(),
    };
    generating.mutate(request, { onSuccess: (answer) => setResults(answer.images) });
  };

  return (
    <section className="is-page" aria-labelledby="is-adclone-title">
      <header>
        <h1 id="is-adclone-title" className="is-h1">
          Ad Clone
        </h1>
        <p className="is-sub">Pick an ad you like and your product: the studio reads the ad and makes ones like it with your product.</p>
      </header>
      <div className="is-layout is-layout-even">
        <div className="is-panel">
          <h2 className="is-h2">1. The ad to clone</h2>
          {reference && <img className="is-chosen" src={reference.url} alt="The ad to clone" />}
          <PhotoPicker label="Choose the ad to clone" selectedUrl={reference?.url} onPick={chooseReference} />
        </div>
        <div className="is-panel">
          <h2 className="is-h2">2. Your product</h2>
          {product && <img className="is-chosen" src={product.url} alt="Your product" />}
          <PhotoPicker label="Choose your product photo" selectedUrl={product?.url} onPick={setProduct} />
        </div>
      </div>
      <div className="is-panel">
        <h2 className="is-h2">3. The prompt</h2>
        <div className="is-row">
          <button type="button" className="st-btn st-btn-secondary" onClick={describe} disabled={busy !== null || !reference}>
            {busy === 'describe' ? 'Reading the ad…' : `Describe the ad${credits(describePrice)}`}
          </button>
        </div>
        {description && <p className="is-notice">The studio sees: {description}</p>}
        <label className="is-field">
          Prompt
          <textarea
            className="st-input is-textarea"
            value={prompt}
            maxLength={4000}
            rows={4}
            onChange={(e) => setPrompt(e.currentTarget.value)}
          />
        </label>
        <div className="is-row">
          <label className="is-field">
            Ads
            <select className="st-input" value={count} onChange={(e) => setCount(Number(e.currentTarget.value))}>
              {Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => IMAGE_COUNT_MIN + i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="is-field">
            Aspect ratio
            <select className="st-input" value={ratio} onChange={(e) => setRatio(e.currentTarget.value as ImageAspectRatio)}>
              {IMAGE_ASPECT_RATIOS.map((r) => (
                <option key={r} value={r}>
                  {IMAGE_ASPECT_RATIO_LABELS[r] === r ? r : `${IMAGE_ASPECT_RATIO_LABELS[r]} ${r}`}
                </option>
              ))}
            </select>
          </label>
        </div>
        {problem && (
          <p className="is-error" role="alert">
            {problem}
          </p>
        )}
        <div className="is-row">
          <button type="button" className="st-btn st-btn-primary" onClick={generate} disabled={busy !== null}>
            {busy === 'generate' ? 'Making your ads…' : `Make ${count} ad${count === 1 ? '' : 's'}${credits(adsPrice)}`}
          </button>
        </div>
      </div>
      {results.length > 0 && (
        <section className="is-panel" aria-labelledby="is-adclone-results">
          <h2 id="is-adclone-results" className="is-h2">
            Your ads
          </h2>
          <p className="is-success" role="status">
            Saved to your gallery. <Link to={AppPaths.images}>Open Content</Link>
          </p>
          <ul className="is-results">
            {results.map((image, i) => (
              <li key={image.assetId}>
                <img src={image.thumbnailUrl ?? image.url} alt={`Ad ${i + 1}`} width={image.width} height={image.height} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
