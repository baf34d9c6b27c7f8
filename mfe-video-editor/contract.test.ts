import { remoteContractSuite } from '../scripts/remote-contract.ts';

remoteContractSuite('mfe_video_editor');
