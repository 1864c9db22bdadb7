import { config } from '../config';
import { assetTransferMessage } from './templates/asset-transfer';
import { approvalOutcomeMessage, approvalReviewMessage } from './templates/bank-account-approval';
import { integrationRequestMessage } from './templates/integration-request';
import { invitationMessage } from './templates/invitation';
import { salesChannelDigestMessage } from './templates/sales-channel-digest';
import type { RenderedMessage, Template, TemplateData } from './templates/layout';

export type { RenderedMessage, TemplateData } from './templates/layout';

const TEMPLATES = {
  invitation: invitationMessage,
  'asset-transfer': assetTransferMessage,
  'integration-request': integrationRequestMessage,
  'approval-review': approvalReviewMessage,
  'approval-outcome': approvalOutcomeMessage,
  'sales-channel-digest': salesChannelDigestMessage,
} as const satisfies Record<string, Template>;

export type TemplateName = keyof typeof TEMPLATES;

/** Renders a notification's template with links under config().appBaseUrl, the platform's own pages. */
export function renderMessage(template: TemplateName, data: TemplateData): RenderedMessage {
  return TEMPLATES[template](data, config().appBaseUrl.replace(/\/+$/, ''));
}
