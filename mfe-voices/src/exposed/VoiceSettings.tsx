import { ensureVoicesStyles } from '../styles.ts';
import { VoiceSettings } from '../features/settings/VoiceSettings.tsx';

ensureVoicesStyles();
export default VoiceSettings;
