import type { FromSchema } from 'json-schema-to-ts';
import { wallet } from './schemas';
import { defineEntity } from '../core/db/entity';

/**
 * The wallets group's entities: each owns its keys and index keys, stamps what it writes with its
 * type and schema version and parses what is read back (core/db/entity.ts). One table holds every
 * group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - wallet (app): PK WALLETAPP#<id>, SK WALLETAPP
 *   GSI1 WALLETAPPS, <id>
 *   serves: get; every consumer wallet (a small, bounded set)
 */

export type Wallet = FromSchema<typeof wallet>;

const walletKey = (id: string) => ({ PK: `WALLETAPP#${id}`, SK: 'WALLETAPP' });
/** The index partition holding every wallet app (GSI1). */
export const WALLET_APPS_PARTITION = 'WALLETAPPS';

export const walletEntity = defineEntity<Wallet, [id: string]>({
  type: 'wallet-app',
  version: 1,
  key: walletKey,
  keyOf: (w) => walletKey(w.id),
  indexes: (w) => ({ GSI1PK: WALLET_APPS_PARTITION, GSI1SK: w.id }),
  required: wallet.required,
});
