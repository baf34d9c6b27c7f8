import { ensureImageStudioStyles } from '../styles.ts';
import { TrainStylePage } from '../features/training/TrainStylePage.tsx';

ensureImageStudioStyles();
export default TrainStylePage;
