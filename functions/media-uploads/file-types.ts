/**
 * What a file is, decided from its bytes (magic numbers), never from the client's label; and the
 * purposes a media upload serves, each with the types it takes and its size limit (docs/api/media-uploads.md;
 * `bank-statement` is the evidence a settlement bank account approval needs).
 */
export type DetectedType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'text/csv';

const SIGNATURES: readonly { type: DetectedType; bytes: readonly number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** Labels (content types and filename extensions) a client may give each detected type. */
const LABELS: Record<DetectedType, { contentTypes: readonly string[]; extensions: readonly string[] }> = {
  'image/png': { contentTypes: ['image/png'], extensions: ['png'] },
  'image/jpeg': { contentTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'] },
  'application/pdf': { contentTypes: ['application/pdf'], extensions: ['pdf'] },
  // Browsers label CSV files in several ways (text/csv, a spreadsheet type on Windows, plain text).
  'text/csv': {
    contentTypes: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
    extensions: ['csv'],
  },
};

/** Labels that say nothing about the type. */
const UNLABELLED = new Set(['application/octet-stream', 'binary/octet-stream']);

export const PURPOSES = {
  'business-onboarding': { types: ['text/csv'], maxBytes: 50 * 1024 },
  'branding-logo': { types: ['image/jpeg', 'image/png'], maxBytes: 512 * 1024 },
  'bank-statement': { types: ['application/pdf', 'image/jpeg', 'image/png'], maxBytes: 3 * 1024 * 1024 },
  // A batch's file (POST /api/batches): as large as a media upload's form may carry.
  'batch-file': { types: ['text/csv'], maxBytes: 3.5 * 1024 * 1024 },
} as const satisfies Record<string, { types: readonly DetectedType[]; maxBytes: number }>;

/** The purposes' names are also the enum of the create form's schema (schemas.ts). */
export type Purpose = keyof typeof PURPOSES;

/** The type of a file's bytes: a known signature, else CSV for well-formed text, else undefined. */
export function detectType(data: Buffer): DetectedType | undefined {
  for (const { type, bytes } of SIGNATURES) {
    if (data.length >= bytes.length && bytes.every((b, i) => data[i] === b)) return type;
  }
  return isText(data) ? 'text/csv' : undefined;
}

/** The control characters text may hold: tab, line feed and carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/** UTF-8 text with no control characters but tab, line feed and carriage return (a BOM allowed). */
function isText(data: Buffer): boolean {
  if (data.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !TEXT_CONTROLS.has(code)) || code === 0x7f) return false;
  }
  return true;
}

/** Whether the client's labels (content type, filename extension), where given, agree with the detected type. */
export function labelsAgree(type: DetectedType, label: { filename?: string; contentType?: string }): boolean {
  const { contentTypes, extensions } = LABELS[type];
  const contentType = label.contentType?.split(';')[0].trim().toLowerCase();
  if (contentType && !UNLABELLED.has(contentType) && !contentTypes.includes(contentType)) return false;
  const dot = label.filename?.lastIndexOf('.') ?? -1;
  if (label.filename && dot > 0 && !extensions.includes(label.filename.slice(dot + 1).toLowerCase())) return false;
  return true;
}
