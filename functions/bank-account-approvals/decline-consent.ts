import { answer } from './consent-flow';

export const declineConsent = answer('decline');
