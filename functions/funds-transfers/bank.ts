import type { Bank } from './bank-port';
import { bankSimulator } from './bank-simulator';

/** The bank behind the port. Only the simulator exists: live top ups and withdrawals are refused. */
export const bank = (): Bank => bankSimulator;
