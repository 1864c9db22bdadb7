import type { IntegrationDirectory } from '../core/auth/integration-directory';
import { grantPartition, integrationGrantEntity } from './entities';

/**
 * How core's authorization reads this group's active integrations: whether a grant item of the
 * merchant and the account exists, one consistent Query of at most one item. Kept apart from the
 * group's store so every group's bundle carries only this.
 */
export const integrationDirectory: IntegrationDirectory = {
  async servesMerchant(accountId, merchantId) {
    return (await integrationGrantEntity.first({ partition: grantPartition(merchantId, accountId) })) !== undefined;
  },
};
