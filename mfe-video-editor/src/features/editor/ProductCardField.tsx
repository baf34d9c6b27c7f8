import { PRODUCT_CARD_S, thumbnailOf } from '@studio/contracts';
import { RemoteSlot } from '@studio/session';
import type { ProductCard } from './model.ts';

/**
 * A talking section's product card: one of the user's product photos shown beside the speaker
 * from the word of the script that names it, for three seconds.
 */
export function ProductCardField({
  sectionName,
  card,
  words,
  onChange,
}: {
  sectionName: string;
  card: ProductCard | null;
  /** The script's words, each once: the card comes in on one of them. */
  words: string[];
  onChange: (card: ProductCard | null) => void;
}) {
  const atWord = card && words.includes(card.atWord) ? card.atWord : '';
  return (
    <div className="ve-card-field" role="group" aria-label={`Product card of ${sectionName}`}>
      <strong>Product card</strong>
      {card ? (
        <div className="ve-row">
          <img className="ve-card-thumb" src={thumbnailOf(card.imageUrl)} alt="The product on the card" />
          <label className="ve-inline">
            From the word
            <select value={atWord} onChange={(e) => onChange({ ...card, atWord: e.target.value })}>
              <option value="" disabled>
                Choose a word
              </option>
              {words.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="st-btn st-btn-ghost" onClick={() => onChange(null)}>
            Remove card
          </button>
        </div>
      ) : (
        <p className="ve-meta">
          Show your product beside the speaker for {PRODUCT_CARD_S} s from the word that names it: choose its photo.
        </p>
      )}
      <RemoteSlot
        id="mfe_gallery/ProductPicker"
        props={{ onPick: ({ url }) => onChange({ imageUrl: url, atWord: atWord || (words[0] ?? '') }) }}
        unavailable={() => null}
      />
    </div>
  );
}
