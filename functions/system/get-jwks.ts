import { publicOperation } from '../core/http/operation';
import { publicJwks } from '../core/webhooks/signing-keys';

export const getJwks = publicOperation(() => publicJwks());
