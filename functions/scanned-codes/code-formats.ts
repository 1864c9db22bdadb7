import { isIdOf, type IdKindName } from '../core/ids';
import { isValidBarcode } from '../patron-codes';
import { parseShortCode } from '../payment-requests';

/** A resource a link of the platform names: the page its path opens, and the kind of id in it. */
type LinkedResource = 'payment-request' | 'asset-transfer' | 'connection';
const LINK_PAGES: ReadonlyMap<string, { type: LinkedResource; kind: IdKindName }> = new Map([
  ['pay', { type: 'payment-request', kind: 'id' }],
  ['transfer', { type: 'asset-transfer', kind: 'id' }],
  ['connect', { type: 'connection', kind: 'connection' }],
]);

/** What a scanned code's text says it names, before anything is looked up. */
export type CodeReference =
  | { by: 'barcode'; barcode: string }
  | { by: 'short-code'; shortCode: string }
  | { by: 'link'; type: LinkedResource; id: string };

/**
 * Reads a scanned code from its text alone: a patron code's barcode (16 digits whose prefix and Luhn check digit
 * hold), a payment request's short code (its check symbol holds), or a link of the platform (`appBaseUrl`): a
 * payment request's pay page (its QR code), an asset transfer's claim page or a connection's page. Anything else,
 * a mistyped code included, names nothing.
 */
export function referenceOf(code: string, appBaseUrl: string): CodeReference | undefined {
  const text = code.trim();
  if (/^[0-9]{16}$/.test(text)) return isValidBarcode(text) ? { by: 'barcode', barcode: text } : undefined;
  const shortCode = parseShortCode(text);
  if (shortCode) return { by: 'short-code', shortCode };
  return linkOf(text, appBaseUrl);
}

function linkOf(text: string, appBaseUrl: string): CodeReference | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const base = new URL(appBaseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return undefined;
  const [page, id, ...rest] = url.pathname.slice(basePath.length + 1).split('/');
  const linked = LINK_PAGES.get(page);
  if (!linked || rest.length > 0 || !isIdOf(linked.kind, id)) return undefined;
  return { by: 'link', type: linked.type, id };
}
