import { createHash } from 'node:crypto';
import { randomBase58 } from '../ids';

const SECRET_LENGTH = 43; // ~250 bits of base58

export const newApiKeySecret = () => randomBase58(SECRET_LENGTH);

/** Only this hash is stored; a lookup is one GetItem by it. */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
