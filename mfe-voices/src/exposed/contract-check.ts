/**
 * Compile-time check that every exposed module matches its contract in packages/contracts:
 * `npx tsc -p mfe-voices` fails if a prop type drifts.
 */
import type { RemoteModules } from '@studio/contracts';
import type * as AudioPlayer from './AudioPlayer.tsx';
import type * as CreateVoiceProfileDialog from './CreateVoiceProfileDialog.tsx';
import type * as VoicePicker from './VoicePicker.tsx';
import type * as VoicesPage from './VoicesPage.tsx';
import type * as VoiceSettings from './VoiceSettings.tsx';

type Implements<Actual extends Contract, Contract> = Actual;
export type Checked = [
  Implements<typeof VoicesPage, RemoteModules['mfe_voices/VoicesPage']>,
  Implements<typeof VoicePicker, RemoteModules['mfe_voices/VoicePicker']>,
  Implements<typeof VoiceSettings, RemoteModules['mfe_voices/VoiceSettings']>,
  Implements<typeof CreateVoiceProfileDialog, RemoteModules['mfe_voices/CreateVoiceProfileDialog']>,
  Implements<typeof AudioPlayer, RemoteModules['mfe_voices/AudioPlayer']>,
];
