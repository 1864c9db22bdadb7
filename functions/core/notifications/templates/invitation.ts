import { emailHtml, field, type Template } from './layout';

/** Data: invitationId, code, accountName, role, expiresAt. The link opens the invitation page with its code. */
export const invitationMessage: Template = (data, base) => {
  const accountName = field(data, 'accountName');
  const role = field(data, 'role');
  const url = `${base}/invitations/${encodeURIComponent(field(data, 'invitationId'))}?code=${encodeURIComponent(
    field(data, 'code'),
  )}`;
  const lines = [
    `You have been asked to join ${accountName} with the role ${role}.`,
    `The invitation is open until ${field(data, 'expiresAt')} (UTC). Sign in with this email address to accept it.`,
    'If you did not expect this, ignore this message: nothing changes unless you accept.',
  ];
  return {
    subject: `Join ${accountName}`,
    text: `${lines.join('\n\n')}\n\nAccept the invitation: ${url}\n`,
    html: emailHtml({
      heading: `Join ${accountName}`,
      paragraphs: lines,
      action: { label: 'See the invitation', url },
    }),
  };
};
