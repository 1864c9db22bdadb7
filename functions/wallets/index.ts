/** The wallets group's public face: what other groups may use of it. */
export { listWallets } from './wallet-store';
