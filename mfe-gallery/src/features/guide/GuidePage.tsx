import { Link } from 'react-router-dom';
import { AppPaths } from '@studio/contracts';

/**
 * `/app/guide`: how to write a prompt that gets a good product image, the best-practice guide the
 * prompt bar links to (spec 2 §2).
 */
export function GuidePage() {
  return (
    <article className="ga-page ga-guide" aria-labelledby="ga-guide-title">
      <header>
        <h1 id="ga-guide-title" className="ga-h1">
          Prompt guide
        </h1>
        <p className="ga-sub">A few habits that get studio-quality product images on the first try.</p>
      </header>
      <section aria-labelledby="ga-guide-photo">
        <h2 id="ga-guide-photo" className="ga-h2">
          Start from your product photo
        </h2>
        <p>
          Add a photo of your product in the prompt bar, or pick one from Products. The studio cuts it out and stands it, whole, in the
          scene you describe, with its shadow and reflection. A plain, well-lit photo with the whole product in frame works best.
        </p>
      </section>
      <section aria-labelledby="ga-guide-scene">
        <h2 id="ga-guide-scene" className="ga-h2">
          Describe the scene, not the product
        </h2>
        <ul>
          <li>
            The surface it stands on: <q>on a white marble countertop</q>, <q>on a warm oak wooden table</q>, <q>on a pastel pink podium</q>
            , <q>on a mossy stone outdoors</q>.
          </li>
          <li>
            What is behind it: <q>green forest background</q>, <q>cosy interior</q>, <q>seamless pastel backdrop</q>.
          </li>
          <li>
            The light and mood: <q>soft morning window light</q>, <q>golden daylight</q>, <q>dark and moody</q>.
          </li>
          <li>Colours by name: “pink marble”, “navy blue backdrop”.</li>
        </ul>
      </section>
      <section aria-labelledby="ga-guide-tools">
        <h2 id="ga-guide-tools" className="ga-h2">
          Pick the right tool
        </h2>
        <ul>
          <li>
            <strong>Generate with Text</strong> sets the words between quotes as type: <q>a sale poster with the words “SUMMER SALE”</q>.
          </li>
          <li>
            <strong>Edit</strong> changes a photo you add: a new setting, or its light and colour (“brighter”, “warm”, “black and white”).
          </li>
          <li>
            <strong>Replace Background</strong> keeps your product and builds a new scene around it; <strong>Product Placement</strong> puts
            it into a photo of a place you add.
          </li>
          <li>
            The aspect ratio decides the frame: 9:16 for stories and reels, 4:5 or 1:1 for the feed, 16:9 for banners. Ask for up to 4
            images at once to choose from.
          </li>
        </ul>
      </section>
      <section aria-labelledby="ga-guide-more">
        <h2 id="ga-guide-more" className="ga-h2">
          Keep a look
        </h2>
        <p>
          Apply a style from <Link to={AppPaths.explore}>Styles</Link> to give every image the same grade, or train your own from a
          product’s photos. Choose a character to put the same person in your scenes.
        </p>
      </section>
      <p>
        <Link className="st-btn st-btn-primary" to={AppPaths.images}>
          Back to Content
        </Link>
      </p>
    </article>
  );
}
