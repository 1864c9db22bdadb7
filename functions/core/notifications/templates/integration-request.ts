import { emailHtml, field, type Template } from './layout';

/**
 * To the operations desk, which submits the request to its provider to enable the terminal (or product) for
 * acceptance. Data: integrationRequestId, type, merchantId, accountId, and terminalId, deviceId, product when
 * the request names them. No link: the request is read through the API with the operator's key.
 */
export const integrationRequestMessage: Template = (data) => {
  const type = field(data, 'type');
  const id = field(data, 'integrationRequestId');
  const named = [
    ['Terminal', data.terminalId],
    ['Device', data.deviceId],
    ['Product', data.product],
  ].filter((pair): pair is [string, string] => pair[1] !== undefined);
  const lines = [
    `Account ${field(data, 'accountId')} asks for a ${type} integration for merchant ${field(data, 'merchantId')}` +
      ` (integration request ${id}).`,
    ...named.map(([label, value]) => `${label}: ${value}`),
    `Submit it to ${type}; the merchant's account activates the request once it is set up.`,
  ];
  const subject = `Integration request ${id} (${type})`;
  return { subject, text: `${lines.join('\n\n')}\n`, html: emailHtml({ heading: subject, paragraphs: lines }) };
};
