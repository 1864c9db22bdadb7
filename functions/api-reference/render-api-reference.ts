import { htmlDocument, newNonce, PAGE_HEADERS, pageCsp, replyWith } from '../core/http/page';
import { publicOperation } from '../core/http/operation';
import { API_REFERENCE_SCRIPT } from './get-api-reference-script';

/**
 * Scalar's configuration: the document and every request it tries go to this origin only; no fonts, telemetry,
 * AI agent, MCP or request proxy of Scalar's.
 */
const CONFIGURATION = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  persistAuth: false,
};

/**
 * The API reference page: Scalar renders the OpenAPI document, its "Test Request" calls the API on this origin. The
 * script and the configuration run under the response's nonce; Scalar gives its style blocks the nonce it reads
 * from the `csp-nonce` meta element, but it also writes style attributes and unnonced style blocks, so this page alone
 * allows inline styles (never scripts). The mount point is not `#api-reference`: the bundle would mount a second,
 * unconfigured reference there on its own (fetching Scalar's fonts).
 */
export const renderApiReference = publicOperation(async () => {
  const nonce = newNonce();
  replyWith({
    headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce, { connectSelf: true, inlineStyles: true }) },
  });
  return htmlDocument({
    title: 'Payments Platform API reference',
    nonce,
    style: 'body{margin:0}',
    head: `\n<meta property="csp-nonce" content="${nonce}">`,
    body: `<div id="reference"></div>
<script nonce="${nonce}" src="${API_REFERENCE_SCRIPT}"></script>
<script nonce="${nonce}">Scalar.createApiReference('#reference', ${JSON.stringify(CONFIGURATION)});</script>`,
  });
});
