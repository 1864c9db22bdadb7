/** The merchants group's public face: what other groups and the local seed may use of it. */
export {
  activateMerchantOnFirstRequest,
  findMerchant,
  insertMerchant,
  merchantCreation,
  setAcceptedAssetTypes,
  type Merchant,
  type NewMerchant,
} from './merchant-store';
export { loadMerchantFor } from './load-merchant';
export { checkMerchantFields } from './merchant-rules';
