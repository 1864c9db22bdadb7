import { publicOperation } from '../core/http/operation';
import { message } from './consent-flow';

/**
 * Where the bank sends the user back. A real app's own page would read `code` and call authorize;
 * this one shows the code, so a person testing by hand can call authorize with it.
 */
export const renderConsentReturn = publicOperation<unknown, { code?: string; error?: string }>(async ({ query }) => {
  if (query.code)
    return message(200, 'Consent given', 'Return to the app: it completes the connection with this code.', {
      code: query.code,
    });
  if (query.error)
    return message(200, 'Consent declined', 'You declined. The app was not given access to your bank account.');
  return message(400, 'Nothing to show', 'This page shows the answer of a consent request.');
});
