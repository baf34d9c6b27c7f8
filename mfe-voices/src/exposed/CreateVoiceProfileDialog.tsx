import { ensureVoicesStyles } from '../styles.ts';
import { CreateVoiceProfileDialog } from '../features/profiles/CreateVoiceProfileDialog.tsx';

ensureVoicesStyles();
export default CreateVoiceProfileDialog;
