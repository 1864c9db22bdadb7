import { answer } from './consent-flow';

export const approveConsent = answer('approve');
