import { emailHtml, field, type Template } from './layout';

/** Data: assetTransferId, what (a description of the value), and senderName and message when the sender gave them. */
export const assetTransferMessage: Template = (data, base) => {
  const sender = data.senderName ?? 'Someone';
  const what = field(data, 'what');
  const url = `${base}/transfer/${encodeURIComponent(field(data, 'assetTransferId'))}`;
  const lines = [
    `${sender} sent you ${what}.`,
    ...(data.message ? [`Their message: “${data.message}”`] : []),
    'Open the link to see it and claim it with an account verified for this address. Unclaimed, it goes back ' +
      'to the sender after a while.',
  ];
  return {
    subject: `${sender} sent you ${what}`,
    text: `${lines.join('\n\n')}\n\nClaim it: ${url}\n`,
    html: emailHtml({ heading: `${sender} sent you ${what}`, paragraphs: lines, action: { label: 'Claim it', url } }),
  };
};
