import { ensureVoicesStyles } from '../styles.ts';
import { VoicePicker } from '../features/picker/VoicePicker.tsx';

ensureVoicesStyles();
export default VoicePicker;
