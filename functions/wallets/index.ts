/** The wallets group's public face: what other groups may use of it. */
export { findWallet, listWallets, type Wallet } from './wallet-store';
