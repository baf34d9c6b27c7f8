import { remoteContractSuite } from '../scripts/remote-contract.ts';

remoteContractSuite('mfe_voices');
