import { emailHtml, field, type Template } from './layout';

/**
 * To the operations desk: an approval awaits review. Data: approvalId, type, bankAccountId, accountId. No link:
 * the approval and its evidence are read through the API with the operator's key.
 */
export const approvalReviewMessage: Template = (data) => {
  const lines = [
    `Account ${field(data, 'accountId')} asks for a ${field(data, 'type')} approval of bank account ` +
      `${field(data, 'bankAccountId')} (approval ${field(data, 'approvalId')}).`,
    'Check its evidence, then accept or decline it (declining needs a reason).',
  ];
  const subject = `Bank account approval ${field(data, 'approvalId')} awaits review`;
  return { subject, text: `${lines.join('\n\n')}\n`, html: emailHtml({ heading: subject, paragraphs: lines }) };
};

/**
 * To whoever requested the approval: the decision. Data: approvalId, type, bankAccountName, decision, and reason
 * when the reviewer gave one.
 */
export const approvalOutcomeMessage: Template = (data) => {
  const decision = field(data, 'decision');
  const lines = [
    `Your ${field(data, 'type')} approval of bank account ${field(data, 'bankAccountName')} was ${decision}` +
      ` (approval ${field(data, 'approvalId')}).`,
    ...(data.reason ? [`Reason: ${data.reason}`] : []),
  ];
  const subject = `Bank account approval ${decision}`;
  return { subject, text: `${lines.join('\n\n')}\n`, html: emailHtml({ heading: subject, paragraphs: lines }) };
};
