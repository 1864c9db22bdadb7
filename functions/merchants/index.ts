/** The merchants group's public face: what other groups and the local seed may use of it. */
export {
  activateMerchantOnFirstRequest,
  findMerchant,
  insertMerchant,
  merchantCreation,
  setAcceptedAssetTypes,
} from './merchant-store';
export { loadMerchantFor } from './load-merchant';
