/** The asset-transfers group's public face: what other groups and the queue consumers may use of it. */
export { loadAssetTransfer as returnAssetTransferIfDue } from './settle';
export { markAssetTransferSent } from './mark-sent';
export { isOpenStatus } from './claim-page';
