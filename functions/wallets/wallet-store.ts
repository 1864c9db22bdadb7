import { wallet } from './schemas';
import { publicView } from '../core/db/entity';
import { walletEntity, WALLET_APPS_PARTITION, type Wallet } from './entities';
import { businessRule } from '../core/errors/classes';

export type { Wallet } from './entities';

/** Registers a consumer wallet app under its human-readable, unique id. */
export async function insertWallet(record: Wallet): Promise<Wallet> {
  return present(await walletEntity.create(record, { onExists: () => businessRule('WALLET_ALREADY_EXISTS') }));
}

export const findWallet = (id: string): Promise<Wallet | undefined> => walletEntity.get(id);

/** Stores the wallet app as changed (its approval); the app must still exist. */
export async function replaceWallet(record: Wallet): Promise<Wallet> {
  return present(await walletEntity.put(record, { if: { expression: 'attribute_exists(PK)' } }));
}

/** Every registered wallet app: consumer apps are few, so one bounded index partition holds them. */
export async function listWallets(): Promise<Wallet[]> {
  return (await walletEntity.all({ partition: WALLET_APPS_PARTITION, index: 'GSI1' })).map(present);
}

/** The public view: the Wallet schema's fields only. */
const present = (record: Wallet): Wallet => publicView<Wallet>(wallet, record);
