import type { Bank, BankWatch } from './bank-port';
import { bankSimulator, simulatorWatch } from './bank-simulator';

/** The bank behind the port. Only the simulator exists: live top ups and withdrawals are refused. */
export const bank = (): Bank => bankSimulator;
/** How its own reports reach the platform. */
export const bankWatch = (): BankWatch => simulatorWatch;
