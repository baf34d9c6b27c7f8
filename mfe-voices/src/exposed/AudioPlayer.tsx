import { ensureVoicesStyles } from '../styles.ts';
import { AudioPlayer } from '../shared/player/AudioPlayer.tsx';

ensureVoicesStyles();
export default AudioPlayer;
