/**
 * Compile-time check that every exposed module matches its contract in packages/contracts:
 * `npx tsc -p mfe-video-editor` fails if a prop type drifts.
 */
import type { RemoteModules } from '@studio/contracts';
import type * as CreatePage from './CreatePage.tsx';
import type * as EditorPage from './EditorPage.tsx';
import type * as SimpleVideoPage from './SimpleVideoPage.tsx';

type Implements<Actual extends Contract, Contract> = Actual;
export type Checked = [
  Implements<typeof EditorPage, RemoteModules['mfe_video_editor/EditorPage']>,
  Implements<typeof CreatePage, RemoteModules['mfe_video_editor/CreatePage']>,
  Implements<typeof SimpleVideoPage, RemoteModules['mfe_video_editor/SimpleVideoPage']>,
];
