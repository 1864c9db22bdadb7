/** The merchant-configs group's public face: what other groups and the local seed may use of it. */
export {
  findMerchantConfig,
  insertMerchantConfig,
  queryMerchantConfigs,
  settlementWalletsOfMerchants,
  type StoredMerchantConfig,
} from './merchant-config-store';
