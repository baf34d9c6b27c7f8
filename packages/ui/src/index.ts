export * as tokens from './tokens.ts';
export { tokensCss } from './tokens.ts';
export { adoptStyles } from './styles.ts';
export { baseCss } from './base-css.ts';
export { Dialog, Spinner, Alert, Logo } from './components.tsx';
export type { DialogProps, AlertProps } from './components.tsx';
export { Menu, MenuPanel, useFloatingMenu } from './menu.tsx';
export { useDismiss } from './dismiss.ts';
export { warmTypeScale } from './fonts.ts';
export type { MenuItem } from './menu.tsx';
export { BANNER_CLEAR_MS, useBanner, Banner, ConfirmDialog, NameDialog, FileDrop } from './feedback.tsx';
export type { BannerMessage, ConfirmDialogProps, NameDialogProps, FileDropProps } from './feedback.tsx';

import { adoptStyles } from './styles.ts';
import { baseCss } from './base-css.ts';

/** Adopts the tokens and base classes once per document. Every app calls it before rendering. */
export function ensureBaseStyles(): void {
  adoptStyles('studio-base', baseCss);
}
