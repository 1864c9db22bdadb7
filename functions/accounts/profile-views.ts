import { publicView } from '../core/db/entity';
import type { User } from './entities';
import { ownProfile, profile } from './schemas';

/** A user's profile as the owners of their accounts read it. */
export const presentProfile = (user: User) => publicView<Record<string, unknown>>(profile, user);

/** The signed-in user's own profile: with their id and verification states. */
export const presentOwnProfile = (user: User) =>
  publicView<Record<string, unknown>>(ownProfile, { ...user, userId: user.id });
