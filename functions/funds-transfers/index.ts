/** The funds-transfers group's public face: what other groups and the queue consumers may use of it. */
export { runFundsTransferTimer } from './settle';
export { bank } from './bank';
export { bankClearingAsset } from './settle';
