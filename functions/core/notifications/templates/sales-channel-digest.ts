import { emailHtml, field, type Template } from './layout';

/**
 * To a sales channel's `notificationEmail`: the requests to connect to the channel (merchants joining it) of one
 * period. Data: salesChannelId, salesChannelName, frequency, periodStart, periodEnd, count, and requests (one line
 * each, at most the first 50). No link: the channel's owner reads its channel and memberships through the API.
 */
export const salesChannelDigestMessage: Template = (data) => {
  const name = field(data, 'salesChannelName');
  const count = field(data, 'count');
  const listed = field(data, 'requests').split('\n');
  const period = field(data, 'frequency') === 'daily' ? 'day' : 'week';
  const lines = [
    `${count} request${count === '1' ? '' : 's'} to connect to your sales channel ${name}` +
      ` (${field(data, 'salesChannelId')}) in the ${period} from ${field(data, 'periodStart')}` +
      ` to ${field(data, 'periodEnd')} (UTC):`,
    ...listed,
    ...(String(listed.length) === count ? [] : [`The first ${listed.length} are listed.`]),
    'Each merchant is waiting for the terminals or other setup this channel provides.',
  ];
  const subject = `${name}: ${count} connect request${count === '1' ? '' : 's'}`;
  return { subject, text: `${lines.join('\n\n')}\n`, html: emailHtml({ heading: subject, paragraphs: lines }) };
};
