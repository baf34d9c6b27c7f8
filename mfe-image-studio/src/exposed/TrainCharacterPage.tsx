import { ensureImageStudioStyles } from '../styles.ts';
import { TrainCharacterPage } from '../features/training/TrainModelPage.tsx';

ensureImageStudioStyles();
export default TrainCharacterPage;
