import { escapeHtml } from '../../http/page';

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

/** A field of a template's data, which the record must carry (a missing one is a bug, not a blank). */
export function field(data: TemplateData, name: string): string {
  const value = data[name];
  if (value === undefined) throw new Error(`notification data lacks ${name}`);
  return value;
}

/**
 * The HTML of an email: paragraphs of escaped text and at most one call to action, inline styles only (mail
 * clients drop style blocks), and the link written out as text too for clients that show no buttons.
 */
export function emailHtml(page: { heading: string; paragraphs: string[]; action?: { label: string; url: string } }) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(page.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font:16px/1.5 system-ui,sans-serif;color:#1d2430">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #dde1e7;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(page.heading)}</h1>
${page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${page.action ? actionHtml(page.action) : ''}</div>
</body>
</html>`;
}

function actionHtml(action: { label: string; url: string }) {
  const url = escapeHtml(action.url);
  return `<p><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;\
border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6472">Or open this address: <a href="${url}">${url}</a></p>
`;
}
