import { ensureImageStudioStyles } from '../styles.ts';
import { TrainStylePage } from '../features/training/TrainModelPage.tsx';

ensureImageStudioStyles();
export default TrainStylePage;
