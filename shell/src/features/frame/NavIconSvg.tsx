import type { NavIcon } from './navigation.ts';

const PATHS: Record<NavIcon, string> = {
  content: 'M4 5h16v14H4z M9 10a1.5 1.5 0 1 0 0-.01 M20 15l-5-4-7 8',
  styles: 'M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5 0-1.1-1-1.4-1-2.4 0-1 .8-1.6 2-1.6H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5z',
  discover: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M15.5 8.5l-2 5-5 2 2-5z',
  clone: 'M8 8h11v11H8z M5 16V5h11',
  video: 'M3 6h13v12H3z M16 10l5-3v10l-5-3',
  studio: 'M12 3l2.5 5.5L20 11l-5.5 2.5L12 19l-2.5-5.5L4 11l5.5-2.5z',
  products: 'M3 8l9-5 9 5v8l-9 5-9-5z M3 8l9 5 9-5 M12 13v8',
  style: 'M4 20l4-1 11-11-3-3L5 16z M14 6l3 3',
  character: 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6',
  jobs: 'M4 5h16 M4 12h16 M4 19h10 M18 17l2 2 3-4',
  privacy: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z',
  terms: 'M6 3h9l4 4v14H6z M9 12h7 M9 16h7 M9 8h3',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6 M12 17h.01',
};

export function NavIconSvg({ name }: { name: NavIcon }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
