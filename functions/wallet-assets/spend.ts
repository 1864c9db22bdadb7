import type { Access } from '../core/auth/access';

/**
 * What moves value out of an asset (paying from it, sending it, cancelling a send, withdrawing from
 * it) also needs `assets:spend` on the asset's account; its routes name it in `alsoNeeds`. The role
 * is checked here, before anything is read (FORBIDDEN); the Access returned checks the asset's
 * account once the asset is read: `spend.account(asset.accountId)`.
 */
export const spendAccess = (access: Access): Access => access.also('assets:spend');
