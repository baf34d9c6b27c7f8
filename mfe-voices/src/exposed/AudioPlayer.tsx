import { ensureVoicesStyles } from '../styles.ts';
import { AudioPlayer } from '../features/player/AudioPlayer.tsx';

ensureVoicesStyles();
export default AudioPlayer;
