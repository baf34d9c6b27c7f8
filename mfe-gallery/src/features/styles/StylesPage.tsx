import { useNavigate } from 'react-router-dom';
import { AppPaths } from '@studio/contracts';
import type { ImagesNavigationState, StyleEntry } from '@studio/contracts';
import { errorText } from '@studio/session';
import { useStyles } from './api.ts';

/** `/app/explore` (labelled Styles): the studio's styles and the community's; Apply opens the prompt bar with the style chosen. */
export function StylesPage() {
  const navigate = useNavigate();
  const styles = useStyles();
  const apply = (style: StyleEntry) => {
    const state: ImagesNavigationState = { modelId: style.id };
    void navigate(AppPaths.images, { state });
  };
  return (
    <section className="ga-page" aria-labelledby="ga-styles-title">
      <header>
        <h1 id="ga-styles-title" className="ga-h1">
          Styles
        </h1>
        <p className="ga-sub">Looks you can give every image you generate. Apply one, then write your prompt.</p>
      </header>
      {styles.isPending ? (
        <p className="ga-notice">Loading styles…</p>
      ) : styles.isError ? (
        <p className="ga-error" role="alert">
          {errorText(styles.error, 'Styles could not be loaded. Please try again.')}
        </p>
      ) : (
        <>
          <StyleGrid title="Studio styles" styles={styles.data.global} onApply={apply} />
          {styles.data.community.length === 0 ? (
            <section className="ga-style-section" aria-label="Community styles">
              <h2 className="ga-h2">Community styles</h2>
              <p className="ga-empty">No community styles yet. Train a style from your own images and share it.</p>
            </section>
          ) : (
            <StyleGrid title="Community styles" styles={styles.data.community} onApply={apply} />
          )}
        </>
      )}
    </section>
  );
}

function StyleGrid({ title, styles, onApply }: { title: string; styles: StyleEntry[]; onApply: (style: StyleEntry) => void }) {
  return (
    <section className="ga-style-section" aria-label={title}>
      <h2 className="ga-h2">{title}</h2>
      <ul className="ga-styles">
        {styles.map((style) => (
          <li key={style.id} className="ga-card" aria-label={style.name}>
            <img src={style.sampleImageUrl} alt={`A product shot in the ${style.name} style`} width={480} height={600} loading="lazy" />
            <div className="ga-style-body">
              <strong>{style.name}</strong>
              <span className="ga-notice">{style.creatorName ? `by ${style.creatorName}` : style.description}</span>
              <span className="ga-swatches" aria-hidden="true">
                {style.palette.map((colour) => (
                  <span key={colour} style={{ background: colour }} />
                ))}
              </span>
              <button type="button" className="st-btn st-btn-primary" onClick={() => onApply(style)} aria-label={`Apply ${style.name}`}>
                Apply
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
