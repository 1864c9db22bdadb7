import type { FromSchema } from 'json-schema-to-ts';
import type { createApprovalBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { requireMediaUpload } from '../media-uploads';
import { present, requestSteps } from './approval-store';
import { requesterEmail, reviewNotice } from './notices';
import type { StoredApproval } from './entities';
import { loadBankAccount } from './load';

type Body = FromSchema<typeof createApprovalBody>;

/**
 * Requests a settlement approval of a bank account of the caller's, with a bank statement of the same
 * account as evidence (MEDIA_UPLOAD_INVALID otherwise). It awaits the operator's review; while it
 * does, the bank account takes no other request (APPROVAL_ALREADY_IN_PROGRESS). The operations desk is
 * emailed in the same transaction; the approval is `pending` once that email went out.
 */
export const createBankAccountApproval = authedOperation<Body>(async ({ body, auth, now }) => {
  const initial = await loadBankAccount(auth, body.bankAccountId);
  await requireMediaUpload(body.mediaUploadId, { accountId: initial.accountId, purpose: 'bank-statement' });
  const at = isoTimestamp(now);
  const by = auth.principal.crn;
  const id = newId();
  const record: StoredApproval = {
    id,
    bankAccountId: initial.id,
    accountId: initial.accountId,
    type: body.type,
    status: 'created',
    mediaUploadId: body.mediaUploadId,
    approvalActivities: [
      { activityNumber: 1, approvalId: id, activityType: 'requested', createdAt: at, createdBy: by },
    ],
    createdAt: at,
    createdBy: by,
    modifiedAt: at,
    modifiedBy: by,
    version: 1,
  };
  const notifyTo = await requesterEmail(auth, initial);
  const stored: StoredApproval = notifyTo ? { ...record, requesterEmail: notifyTo } : record;
  // The bank account's summaries are re-read on a conflict; the guard decides who requested first.
  await retryOnConflict(async () => {
    const account = await loadBankAccount(auth, body.bankAccountId);
    await runTransaction([...requestSteps(stored, account), reviewNotice(stored, account)]);
  });
  return present(record);
});
