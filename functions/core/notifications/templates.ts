import { config } from '../config';
import { assetTransferMessage } from './templates/asset-transfer';
import { invitationMessage } from './templates/invitation';

/** What a template is filled with: short strings the notification record carries (never a secret beyond a link's). */
export type TemplateData = Readonly<Record<string, string>>;

/** A rendered message: its subject (emails), plain text (emails and text messages) and HTML (emails). */
export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

/** A template: the message for its data, every link absolute under the platform's own pages (`base`). */
export type Template = (data: TemplateData, base: string) => RenderedMessage;

const TEMPLATES = {
  invitation: invitationMessage,
  'asset-transfer': assetTransferMessage,
} as const satisfies Record<string, Template>;

export type TemplateName = keyof typeof TEMPLATES;

/** Renders a notification's template with links under config().appBaseUrl, the platform's own pages. */
export function renderMessage(template: TemplateName, data: TemplateData): RenderedMessage {
  return TEMPLATES[template](data, config().appBaseUrl.replace(/\/+$/, ''));
}
