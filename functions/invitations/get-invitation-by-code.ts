import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findInvitationByCode, present } from './invitation-store';

/** The invitation a code opens, for its recipient to see what they are invited to; never the recipient's alias. */
export const getInvitationByCode = authedOperation(async ({ params, auth }) => {
  const invitation = await findInvitationByCode(params.code);
  if (!invitation) throw forbidden();
  await auth.access.account(invitation.accountId);
  const view = present(invitation);
  delete view.recipientAlias;
  return view;
});
