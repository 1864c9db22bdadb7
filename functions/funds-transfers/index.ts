/** The funds-transfers group's public face: what other groups and the queue consumers may use of it. */
export { bank } from './bank';
export { bankClearingAsset, creditSettledTopups, runFundsTransferTimer } from './settle';
